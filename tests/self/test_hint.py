"""make hint: one more tier each call, read from the task README, the count kept outside git."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from coinrow.game.hints import hint_tiers, readme_of
from coinrow.game.registry import FORMULATIONS, REPO_ROOT
from tests.self.commandline import MAKE_FAILED, make, own_stderr


def _hint(state: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return make("hint", *args, env={"COINROW_HINTS_FILE": str(state)})


def test_difference_dp_twice_shows_tier_1_then_tier_2(tmp_path: Path) -> None:
    state = tmp_path / "hints.json"
    first = _hint(state, "F=difference_dp")
    second = _hint(state, "F=difference_dp")
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    # the titles as the README has them: "Hint 1: what does the opponent's best mean for you?", …
    assert first.stdout.startswith("difference_dp, hint 1 of 3: what does the opponent's best mean for you?")
    assert "hint 2 of 3" not in first.stdout.splitlines()[0]
    assert second.stdout.startswith("difference_dp, hint 2 of 3: the two choices")
    assert "make hint F=difference_dp again shows hint 3 of 3." in second.stdout
    assert "the opponent's best" not in second.stdout  # tier 1 is not repeated


def test_all_shows_every_tier_and_reset_starts_over(tmp_path: Path) -> None:
    state = tmp_path / "hints.json"
    every = _hint(state, "F=min_of_opponent_dp", "ALL=1")
    assert every.returncode == 0, every.stderr
    titles = ("1 of 3: look two moves ahead", "2 of 3: the opponent's choice", "3 of 3: bounds")
    for title in titles:
        assert f"min_of_opponent_dp, hint {title}" in every.stdout
    after_all = _hint(state, "F=min_of_opponent_dp")
    assert "That was the last of 3 hints" in after_all.stdout
    reset = _hint(state, "F=min_of_opponent_dp", "RESET=1")
    assert reset.returncode == 0, reset.stderr
    again = _hint(state, "F=min_of_opponent_dp")
    assert again.stdout.startswith("min_of_opponent_dp, hint 1 of 3: look two moves ahead")


def test_the_count_lives_in_an_ignored_file_and_is_kept_per_kata(tmp_path: Path) -> None:
    state = tmp_path / "hints.json"
    _hint(state, "F=difference_dp")
    other = _hint(state, "F=prefix_sum_dp")
    assert other.stdout.startswith("prefix_sum_dp, hint 1 of 3")
    assert state.read_text(encoding="utf-8").replace(" ", "").replace("\n", "") == (
        '{"difference_dp":1,"prefix_sum_dp":1}'
    )
    ignored = subprocess.run(["git", "check-ignore", "-q", "build/hints.json"], cwd=REPO_ROOT, check=False)
    assert ignored.returncode == 0, "the default hint file must be git-ignored"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["F=nope"], "make hint: F=nope: unknown formulation 'nope'; known: difference_dp, "),
        (["F=diference_dp"], "make hint: F=diference_dp: unknown formulation 'diference_dp'; did you mean "),
        ([], "make hint: name the kata: make hint F=<slug>"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    done = _hint(tmp_path / "hints.json", *args)
    assert done.returncode == MAKE_FAILED
    assert done.stdout == ""
    ours = own_stderr(done)
    assert len(ours) == 1
    assert ours[0].startswith(message)


@pytest.mark.parametrize("slug", [f.slug for f in FORMULATIONS])
def test_every_kata_has_numbered_tiers(slug: str) -> None:
    titles = [hint.title for hint in hint_tiers(readme_of(slug))]
    assert len(titles) >= 2
    assert [title.split(":")[0] for title in titles] == [f"Hint {k}" for k in range(1, len(titles) + 1)]
