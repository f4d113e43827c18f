"""Every error a reference documents is graded: tests/grade/test_errors.py has cases for it."""

import ast
import re

import pytest

from coinrow.game.registry import FORMULATIONS, IMPLS, source_file
from tests.grade.test_errors import DOCUMENTED_ERRORS


def documented_errors() -> dict[tuple[str, str], set[str]]:
    """(slug, function) -> the exception names under ``Raises:`` in the reference's docstring."""
    found = {}
    for formulation in FORMULATIONS:
        tree = ast.parse(source_file(IMPLS["solutions"], formulation.slug).read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
                continue
            doc = ast.get_docstring(node) or ""
            section = re.search(r"^Raises:\n((?:    .*\n?)+)", doc, re.MULTILINE)
            if section:
                found[formulation.slug, node.name] = set(re.findall(r"^    (\w+):", section.group(1), re.M))
    return found


DOCUMENTED = documented_errors()


def test_the_references_document_errors() -> None:
    """The scan finds the parity strategy's two (a scan that finds nothing would pass everything)."""
    assert ("parity_strategy", "parity_move") in DOCUMENTED


@pytest.mark.parametrize(("slug", "function"), sorted(DOCUMENTED))
def test_every_documented_error_has_graded_cases(slug: str, function: str) -> None:
    assert DOCUMENTED[slug, function] == {"ValueError"}, "the grading suite checks ValueError only"
    cases = [c for c in DOCUMENTED_ERRORS if (c.slug, c.function) == (slug, function)]
    assert cases, f"{slug}.{function} documents ValueError but tests/grade/test_errors.py never calls it"


def test_every_case_is_a_documented_error() -> None:
    """A case for a function that documents no error would grade a promise nobody made."""
    undocumented = {(c.slug, c.function) for c in DOCUMENTED_ERRORS} - set(DOCUMENTED)
    assert not undocumented
