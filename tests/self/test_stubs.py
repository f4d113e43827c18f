"""Stubs mirror their references, and the stubs as committed are graded 'not attempted'."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.registry import FORMULATIONS, IMPLS, REPO_ROOT, source_file

SLUGS = [f.slug for f in FORMULATIONS]


def _public_functions(path: Path) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_formulation_has_stub_reference_and_task(slug: str) -> None:
    assert source_file(IMPLS["problems"], slug).is_file()
    assert source_file(IMPLS["solutions"], slug).is_file()
    assert (IMPLS["problems"] / slug / "README.md").is_file()


@pytest.mark.parametrize("slug", SLUGS)
def test_stub_has_the_reference_signatures_and_docstrings(slug: str) -> None:
    """Same public functions, same signatures, same docstrings; the stub body only raises."""
    formulation = next(f for f in FORMULATIONS if f.slug == slug)
    stub = _public_functions(source_file(IMPLS["problems"], slug))
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


def test_committed_stubs_are_graded_not_attempted(tmp_path: Path) -> None:
    """The stubs as they are in git (not as edited in this checkout) report not attempted, exit 0."""
    if shutil.which("git") is None or not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    for slug in SLUGS:
        path = f"problems/{slug}/{slug}.py"
        shown = subprocess.run(
            ["git", "show", f"HEAD:{path}"], cwd=REPO_ROOT, capture_output=True, text=True, check=False
        )
        if shown.returncode != 0:
            pytest.skip(f"{path} is not committed yet")
        (tmp_path / slug).mkdir()
        (tmp_path / slug / f"{slug}.py").write_text(shown.stdout, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/grade", "-q", "--tb=no", f"--impl={tmp_path}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:]
    for slug in SLUGS:
        assert f"{slug} " in run.stdout
    assert run.stdout.count("not attempted") == len(SLUGS), run.stdout[-2000:]
    assert "Solved 0 of" in run.stdout
