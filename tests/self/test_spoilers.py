"""No spoilers before solving: no recurrence in the READMEs a learner reads first, nor in compare's output."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.hints import hint_tiers, readme_of, task_text
from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT, Formulation, source_file
from coinrow.grader.executor.sandbox import UNSANDBOXED_VARIABLE
from tests.self.commandline import REFERENCES_COMPARED, coinrow, environment

FAST = ("--row=5 3 7 10", "--sizes=16", "--oracle-sizes=4")  # one size each: growth is not the point here


def _squeeze(text: str) -> str:
    """Whitespace and backticks removed, so a recurrence is found however it is wrapped or quoted."""
    return re.sub(r"[\s`]", "", text)


def _first_group(text: str) -> str:
    """``text`` up to the bracket that closes its first ``(``: ``max(x, y)`` of ``max(x, y), …``."""
    depth = 0
    for k, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ")" and depth == 0:
            return text[: k + 1]
    return text


def recurrence_fragments(f: Formulation) -> set[str]:
    """The recurrence, each ``;`` part of it and each right-hand side, also written with ``coins[``."""
    fragments = set()
    for part in [f.recurrence, *f.recurrence.split("; ")]:
        fragments.add(part)
        _, equals, right = part.partition(" = ")
        if equals:
            fragments |= {right, _first_group(right)}
    spelled = fragments | {text.replace("a[", "coins[") for text in fragments}
    return {_squeeze(text) for text in spelled if len(_squeeze(text)) >= 12}


def spoilers_in(text: str) -> list[str]:
    """The slugs whose recurrence (or a fragment of it) appears in ``text``."""
    squeezed = _squeeze(text)
    return [f.slug for f in FORMULATIONS if any(x in squeezed for x in recurrence_fragments(f))]


def test_the_detector_finds_every_recurrence_in_solutions_readme() -> None:
    after = (REPO_ROOT / "solutions" / "README.md").read_text(encoding="utf-8")
    assert spoilers_in(after) == [f.slug for f in FORMULATIONS]
    assert after.splitlines()[0].lower().startswith("read this after")


@pytest.mark.parametrize("path", ["README.md", "problems/README.md"])
def test_the_first_readmes_give_no_recurrence(path: str) -> None:
    assert spoilers_in((REPO_ROOT / path).read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("slug", [f.slug for f in FORMULATIONS])
def test_task_lines_ask_and_leave_the_recurrence_to_the_hints(slug: str) -> None:
    assert spoilers_in(task_text(readme_of(slug))) == []


def test_parity_task_does_not_state_the_answer() -> None:
    task = _squeeze(task_text(readme_of("parity_strategy"))).lower()
    for answer in ("max(", "larger", "largerclasssum", "a[0::2]"):
        assert answer not in task
    hints = " ".join(h.body for h in hint_tiers(readme_of("parity_strategy")))
    assert "larger" in hints  # the answer is told in a hint tier


def test_top_down_memo_leaves_the_recursion_limit_fix_to_a_hint() -> None:
    readme = readme_of("top_down_memo")
    assert "setrecursionlimit" not in task_text(readme)
    assert any("setrecursionlimit" in h.body for h in hint_tiers(readme))


@REFERENCES_COMPARED
@pytest.mark.parametrize("impl", ["problems", "solutions"])
def test_compare_hides_every_recurrence_without_spoilers(impl: str) -> None:
    for args in ((), ("--json",)):
        done = coinrow("compare", f"--impl={impl}", *FAST, *args)
        assert done.returncode == 0, done.stderr
        assert spoilers_in(done.stdout) == []
    shown = coinrow("compare", f"--impl={impl}", *FAST, "--spoilers")
    assert spoilers_in(shown.stdout) == [f.slug for f in FORMULATIONS]


def test_the_checks_never_run_nor_read_a_learners_attempts(tmp_path: Path, shipped_stubs: Path) -> None:
    """A learner solved difference_dp with an attempt that leaves a mark each time it is loaded. Where
    ``problems`` names their folder, compare loads it and reveals its recurrence; where it names the
    stubs as committed, as for every command the checks run, compare does neither."""
    learner, mark = tmp_path / "problems", tmp_path / "loaded.txt"
    shutil.copytree(shipped_stubs, learner)  # the other katas as shipped: not attempted, never graded
    attempt = source_file(learner, "difference_dp")
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    attempt.write_text(f"open({str(mark)!r}, 'a').write('x')\n{reference}", encoding="utf-8")

    def run(problems: Path, *args: str) -> subprocess.CompletedProcess[str]:
        # unsealed, so that the attempt can leave its mark outside its folder; the point is whether it runs
        env = {**environment(), "COINROW_PROBLEMS": str(problems), UNSANDBOXED_VARIABLE: "1"}
        command = [sys.executable, "-m", "coinrow", *args]
        return subprocess.run(command, cwd=REPO_ROOT, env=env, capture_output=True, text=True, check=False)

    graded = run(learner, "test", "--impl=problems", "--formulation=difference_dp")
    assert "difference_dp        solved" in graded.stdout, graded.stdout + graded.stderr
    mark.unlink()
    checked = run(shipped_stubs, "compare", "--impl=problems", *FAST)
    assert checked.returncode == 0, checked.stderr
    assert not mark.exists()
    assert spoilers_in(checked.stdout) == []
    theirs = run(learner, "compare", "--impl=problems", *FAST)
    assert mark.exists()
    assert spoilers_in(theirs.stdout) == ["difference_dp"]
