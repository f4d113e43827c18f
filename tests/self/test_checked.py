"""Each task README's "What is checked" states every check the grading suite makes of its kata, and no other.

The section is generated (``coinrow.dev.docs_checks``; ``test_docs`` holds it current). Here its source is
held to the suite: the (test, kata) pairs read from the parametrisation of ``tests/grade``'s tests are
exactly those ``CHECKS`` claims; the errors the suite demands are the registry's ``raises``; what each
quantity's text says is accepted is what the judge accepts.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import pytest

from coinrow.dev.docs import END, OPEN
from coinrow.dev.docs_checks import CHECKS, checked_text, region_name
from coinrow.game.quantity import DIFFERENCE, FIRST, LINE, PARITY, TOTALS, Quantity
from coinrow.game.registry import FORMULATIONS, REPO_ROOT, by_slug
from tests.grade.test_errors import DOCUMENTED_ERRORS

SUITE = sorted((REPO_ROOT / "tests" / "grade").glob("test_*.py"))


def _slugs_of(mark: Any) -> list[str]:
    """The slugs a ``parametrize`` mark gives its test; [] when it does not parametrise ``slug``."""
    mark = getattr(mark, "mark", mark)
    if mark.name != "parametrize":
        return []
    given = [*mark.args, *(mark.kwargs[k] for k in ("argnames", "argvalues") if k in mark.kwargs)]
    names, values_given = given[0], given[1]
    names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
    if "slug" not in names:
        return []
    k = names.index("slug")
    slugs = []
    for value in values_given:
        values = getattr(value, "values", None)
        if values is None:
            values = (value,) if len(names) == 1 else value
        slugs.append(values[k])
    return slugs


def suite_pairs() -> set[tuple[str, str]]:
    """(test function, slug) for every test of the grading suite and every kata it grades."""
    pairs = set()
    for path in SUITE:
        module = importlib.import_module(f"tests.grade.{path.stem}")
        shared = getattr(module, "pytestmark", [])
        shared = shared if isinstance(shared, list) else [shared]
        for name, function in inspect.getmembers(module, callable):
            if name.startswith("test_") and function.__module__ == module.__name__:
                for mark in [*shared, *getattr(function, "pytestmark", [])]:
                    pairs |= {(name, slug) for slug in _slugs_of(mark)}
    return pairs


def claimed_pairs() -> set[tuple[str, str]]:
    """(test function, slug) for every check ``CHECKS`` says the README of that kata describes."""
    return {
        (test, f.slug) for check in CHECKS for f in FORMULATIONS if check.applies(f) for test in check.tests
    }


def test_the_suite_is_read() -> None:
    """The reading of the suite finds what a glance at it shows (so the next test cannot pass on nothing)."""
    pairs = suite_pairs()
    assert ("test_value", "difference_dp") in pairs
    assert ("test_documented_error_is_raised", "parity_strategy") in pairs
    assert ("test_fast_where_the_slow_way_fails", "linear_reduction") in pairs
    assert ("test_agrees_with_oracle", "parity_strategy") not in pairs


def test_every_check_of_the_suite_is_stated_and_no_other() -> None:
    suite, claimed = suite_pairs(), claimed_pairs()
    assert sorted(suite - claimed) == [], "checked by the suite, not stated in the kata's README"
    assert sorted(claimed - suite) == [], "stated in the kata's README, not checked by the suite"


@pytest.mark.parametrize("slug", [f.slug for f in FORMULATIONS])
def test_every_task_readme_has_its_section(slug: str) -> None:
    text = (REPO_ROOT / "problems" / slug / "README.md").read_text(encoding="utf-8")
    assert f"{OPEN}{region_name(by_slug(slug))} -->\n{checked_text(by_slug(slug))}\n{END}" in text


# Each kind of bad argument the suite passes (a word of its ``why``) and how the registry's text names it.
REASONS = {
    "odd": "odd",
    "below 0": "is below 0",
    "past the last index": "past the last index",
    "one past the last index": "past the last index",
    "past right": "is past `right`",
}


def test_the_errors_stated_are_the_errors_checked() -> None:
    """Every function the suite calls for a ValueError has the registry's words for when, and they name
    every kind of bad argument the suite passes it."""
    stated = {(f.slug, function): why for f in FORMULATIONS for function, why in f.raises}
    demanded = {(case.slug, case.function) for case in DOCUMENTED_ERRORS}
    assert set(stated) == demanded
    for case in DOCUMENTED_ERRORS:
        kinds = [REASONS[word] for word in REASONS if word in case.why]
        assert kinds, f"a bad argument of a kind not listed here: {case.why}"
        assert all(kind in stated[case.slug, case.function] for kind in kinds), case.why


# What each quantity's ``accepted`` names as accepted and as refused, by a value of that kind: the judge
# (``is_exact`` on the ``normalise``d value; a line by replay) must agree with each.
FORMS: list[tuple[Quantity, list[Any], list[Any]]] = [
    (DIFFERENCE, [15], [True, 15.0]),
    (FIRST, [15], [True, 15.0]),
    (PARITY, [13], [True, 13.0]),
    (TOTALS, [(15, 10), [15, 10]], [(15.0, 10), (True, 10)]),
]


@pytest.mark.parametrize(("quantity", "accepted", "refused"), FORMS, ids=[str(q) for q, _, _ in FORMS])
def test_what_is_said_to_be_accepted_is_accepted(
    quantity: Quantity, accepted: list[Any], refused: list[Any]
) -> None:
    for value in accepted:
        assert quantity.is_exact(quantity.normalise(value)), value
        assert f"`{type(value).__name__}`" in quantity.accepted
    for value in refused:
        assert not quantity.is_exact(quantity.normalise(value)), value
    for value in (True, 15.0):
        assert f"`{type(value).__name__}`" in quantity.accepted  # named as refused


def test_a_line_is_a_list_or_a_tuple() -> None:
    row = [5, 3, 7, 10]
    line = ["right", "right", "left", "left"]
    assert LINE.totals_of(row, line) == LINE.totals_of(row, tuple(line)) is not None
    assert "`list`" in LINE.accepted
    assert "`tuple`" in LINE.accepted
