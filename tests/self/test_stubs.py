"""The stubs as committed mirror their references and are graded 'not attempted'.

They are read from git (the ``shipped_stubs`` fixture), never from problems/: a
learner's attempts there must not make the repository's own checks fail.
"""

import ast
from pathlib import Path

import pytest

from coinrow.game.registry import FORMULATIONS, IMPLS, by_slug, source_file
from coinrow.grader.judge.failures import NotAttempted
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.records.stubs import is_stub
from tests.self.commandline import run_module

SLUGS = [f.slug for f in FORMULATIONS]


def _public_functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_formulation_has_stub_reference_and_task(shipped_stubs: Path, slug: str) -> None:
    assert source_file(shipped_stubs, slug).is_file()
    assert source_file(IMPLS["solutions"], slug).is_file()
    assert (IMPLS["problems"] / slug / "README.md").is_file()


@pytest.mark.parametrize("slug", SLUGS)
def test_stub_has_the_reference_signatures_and_docstrings(shipped_stubs: Path, slug: str) -> None:
    """Same public functions, same signatures, same docstrings; the stub body only raises.

    A stub changed in problems/ is read from there only once committed.
    """
    formulation = next(f for f in FORMULATIONS if f.slug == slug)
    stub = _public_functions(source_file(shipped_stubs, slug))
    reference = _public_functions(source_file(IMPLS["solutions"], slug))
    assert sorted(stub) == sorted(reference) == sorted(formulation.functions)
    for name, ref in reference.items():
        mine = stub[name]
        assert ast.unparse(mine.args) == ast.unparse(ref.args), name
        assert ast.unparse(mine.returns or ast.Constant(None)) == ast.unparse(
            ref.returns or ast.Constant(None)
        )
        assert ast.get_docstring(mine) == ast.get_docstring(ref), name
        assert [ast.unparse(s) for s in mine.body[1:]] == ["raise NotImplementedError"], name


@pytest.mark.parametrize("slug", SLUGS)
def test_committed_stubs_are_graded_not_attempted(shipped_stubs: Path, slug: str) -> None:
    """The grader reports the stub as committed not attempted (the driver's summary is tested on its own)."""
    formulation = by_slug(slug)
    with pytest.raises(NotAttempted):
        Grader(shipped_stubs).call(slug, formulation.value_function, [1, 2])


def test_attempts_in_problems_are_named_in_one_line_and_never_exported(clone: Path) -> None:
    """Wrong answers, unsorted imports and type errors in every problems/ file: the stubs go out instead."""
    stubs = {slug: source_file(clone / "problems", slug).read_text(encoding="utf-8") for slug in SLUGS}
    for slug in SLUGS:
        attempt = "import sys\nimport os\n\n\ndef score_difference(coins: int) -> str:\n    return 0\n"
        source_file(clone / "problems", slug).write_text(attempt, encoding="utf-8")
    run = run_module("coinrow", "dev", "shipped", cwd=clone)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("\n") == 1, run.stdout
    assert f"problems/ holds your attempts at {', '.join(SLUGS)}:" in run.stdout
    for slug, stub in stubs.items():
        assert source_file(clone / "build" / "shipped", slug).read_text(encoding="utf-8") == stub
        assert is_stub(stub)
