"""Adding a kata is one registry entry, a stub, a reference and a task README: the tools find the rest.

``tests.self.new_formulation`` registers one more formulation in a child process and lays
its files out in a temporary folder; grading, ``compare`` and ``trace`` must show it, and
``coinrow dev docs`` must add its row to the READMEs' tables and count it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinrow.dev.docs import END, OPEN
from coinrow.dev.docs_text import count_word
from coinrow.game.registry import CORE, FORMULATIONS
from tests.self.commandline import REFERENCES_COMPARED, coinrow, run_module
from tests.self.new_formulation import NEW, lay_out, reuse_graded_references

FAST = ("--sizes=16", "--oracle-sizes=4")  # one size each: no growth table to wait for


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lay_out(tmp_path)
    return tmp_path


def with_new(folder: Path, module: str, *args: str) -> str:
    """The output of ``python -m <module> args…`` with ``NEW`` registered; it must succeed."""
    done = run_module("tests.self.new_formulation", str(folder), module, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_it_is_graded(folder: Path) -> None:
    graded = f"--formulation={NEW.slug}"
    solved = with_new(folder, "coinrow", "test", f"--impl={folder / 'solutions'}", graded, "--no-cache")
    assert f"{NEW.slug}" in solved
    assert "solved" in next(line for line in solved.splitlines() if line.startswith(NEW.slug))
    done = run_module(
        "tests.self.new_formulation",
        str(folder),
        "coinrow",
        "test",
        f"--impl={folder / 'problems'}",
        graded,
    )
    stub = next(line for line in done.stdout.splitlines() if line.startswith(NEW.slug))
    assert "not attempted" in stub, done.stdout


@REFERENCES_COMPARED  # after the compare tests, which grade the references: their results are reused
def test_it_is_compared(folder: Path) -> None:
    reuse_graded_references(folder)
    data = json.loads(with_new(folder, "coinrow", "compare", "--row=5 3 7 10", "--json", *FAST))
    (answers,) = data["answers"]
    new = next(a for a in answers["formulations"] if a["slug"] == NEW.slug)
    assert (new["returns"], new["value"], new["verdict"]) == ("difference", 5, "agrees")
    assert new["totals"] == {"first": 15, "second": 10, "difference": 5}
    anatomy = next(a for a in data["anatomy"] if a["slug"] == NEW.slug)
    assert (anatomy["title"], anatomy["time"], anatomy["status"]) == (NEW.title, "O(n^2)", "ok")
    assert NEW.slug in [s["slug"] for s in data["growth"]["series"]]


def test_it_is_traced(folder: Path) -> None:
    args = ("trace", "--row=5 3 7 10", f"--formulation={NEW.slug}")
    data = json.loads(with_new(folder, "coinrow", *args, "--json"))
    assert (data["formulation"], data["table"]["symbol"], data["table"]["note"]) == (NEW.slug, "memo", None)
    assert data["answer"] == {"cell": "memo(0, 3)", "value": 5, "read": NEW.answer}
    text = " ".join(with_new(folder, "coinrow", *args).split())
    assert "memo(0, 3): take left -1, take right 5 → 5 →" in text
    assert "Final totals: first 15, second 10 (15 to 10)." in text


def test_its_row_and_the_counts_are_generated(folder: Path, documents_copy: Path) -> None:
    root = f"--root={documents_copy}"
    changed = ["README.md", "problems/README.md", "solutions/README.md", "docs/grader-trust.md"]
    assert with_new(folder, "coinrow", "dev", "docs", root).splitlines() == [f"rewrote {p}" for p in changed]
    text = {path: (documents_copy / path).read_text(encoding="utf-8") for path in changed}
    # the last row of each table; one more bonus kata and one more in all, as many core katas
    every, bonus, core = len(FORMULATIONS) + 1, len(FORMULATIONS) - len(CORE) + 1, len(CORE)
    slug, state, returns = f"`{NEW.slug}` (bonus)", NEW.state, NEW.returns.label
    assert f"| {every} | {slug} | {state} | {returns} |\n" in text["README.md"]
    assert (
        f"| {every} | `{NEW.slug}/` (bonus) | `score_difference(…)` | {state} | {returns} |\n"
        in text["problems/README.md"]
    )
    assert f"| {every} | {slug} | {state} | `{NEW.recurrence}` | {returns} |" in text["solutions/README.md"]
    for path, name, count in [
        ("README.md", "core-count", count_word(core)),
        ("README.md", "bonus-count", count_word(bonus)),
        ("README.md", "solved-line", f"`Solved K of {core}`"),
        ("problems/README.md", "bonus-solved-line", f"`Bonus katas solved K of {bonus}`"),
        ("docs/grader-trust.md", "all-count", count_word(every)),
    ]:
        assert f"{OPEN}{name} -->{count}{END}" in text[path]
    assert f"Solved 0 of {core}\nBonus katas solved 0 of {bonus}\n" in text["README.md"]
    assert with_new(folder, "coinrow", "dev", "docs", "--check", root).endswith("are up to date\n")
    without = coinrow("dev", "docs", "--check", root)  # the registry as committed: each of them is stale
    assert without.returncode == 1
    assert [line.split(" is stale")[0] for line in without.stdout.splitlines()] == changed
