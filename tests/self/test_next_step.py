"""A failing kata's part of the summary ends with its next step: the next hint and how many are left, or
the page to read once every hint was shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coinrow.game.hints import hints_left, readme_of, shown_counts
from coinrow.game.registry import CORE, FORMULATIONS
from coinrow.grader.records.results import Failure, Record, Result
from coinrow.grader.run.command import next_steps, summary

FAILURE = Failure("wrong-value", 4, 1, True, "difference_dp: score_difference((0, 1, 0, 0)) returned -1")


def _failing(slug: str) -> Result:
    return Result(slug, [Record(slug, "t", "failed", 0.1, failure=FAILURE), Record(slug, "u", "passed", 0.1)])


def _solved(slug: str) -> Result:
    return Result(slug, [Record(slug, "t", "passed", 0.1)])


def _summary(tmp_path: Path, shown: dict[str, int], impl: str = "problems") -> list[str]:
    hints = tmp_path / "hints.json"
    hints.write_text(json.dumps(shown), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COINROW_HINTS_FILE", str(hints))
        results = {"difference_dp": _failing("difference_dp")}
        results["min_of_opponent_dp"] = _solved("min_of_opponent_dp")
        return summary(impl, results, list(results))


def test_a_failing_kata_ends_with_the_next_hint_and_how_many_are_left(tmp_path: Path) -> None:
    lines = _summary(tmp_path, {"difference_dp": 1})
    start = lines.index("difference_dp        FAILING (1 failed, 1 passed, 0.2 s)")
    assert lines[start + 1 : start + 3] == [
        "    difference_dp: score_difference((0, 1, 0, 0)) returned -1",
        "    next step: make hint F=difference_dp (2 of its 3 hints left)",
    ]
    assert lines[start + 3].startswith("min_of_opponent_dp   solved (")  # a solved kata has no next step
    assert sum("next step" in line for line in lines) == 1


def test_with_no_hint_shown_every_hint_is_left(tmp_path: Path) -> None:
    assert "    next step: make hint F=difference_dp (3 of its 3 hints left)" in _summary(tmp_path, {})


def test_once_every_hint_was_shown_it_names_the_page_to_read(tmp_path: Path) -> None:
    lines = _summary(tmp_path, {"difference_dp": 3})
    last = "    next step: all 3 hints shown; once it passes, read its recurrence in solutions/README.md"
    assert last in lines
    assert not any("make hint" in line for line in lines)


def test_the_references_have_no_next_step(tmp_path: Path) -> None:
    assert not any("next step" in line for line in _summary(tmp_path, {}, impl="solutions"))


def test_the_references_summary_says_whose_it_is() -> None:
    """make check grades the references half way: a learner who solved nothing must not read their counts as
    their own, nor be sent to a next kata by them."""
    results = {f.slug: _solved(f.slug) for f in FORMULATIONS}
    lines = summary("solutions", results)
    head = "kata summary: solutions, the references (the repository's own check, not your attempts)"
    assert lines[0] == head
    core, bonus = len(CORE), len(FORMULATIONS) - len(CORE)
    assert lines[-2:] == [
        f"References solved {core} of {core}",
        f"Bonus references solved {bonus} of {bonus}",
    ]
    assert not any(line.startswith(("Solved", "Every kata solved", "Next:")) for line in lines)
    two = ["difference_dp", "brute_force"]
    one = summary("solutions", results, two)  # the others from the cache
    assert one[-1] == (
        f"References solved {core} of {core}, bonus references solved {bonus} of {bonus} "
        "(the others as last graded: make test lists them)"
    )
    alone = summary("solutions", {slug: results[slug] for slug in two}, two)  # no cache: the others unknown
    assert alone[-1] == (
        "References solved 2 of the 2 graded in this run "
        "(the others were not looked at: make test grades them)"
    )


def test_a_stopped_kata_has_a_next_step_too() -> None:
    stopped = Result("prefix_sum_dp", [], reason="did not end within 60 s")
    assert next_steps({"prefix_sum_dp": stopped, "difference_dp": _solved("difference_dp")}, {}) == {
        "prefix_sum_dp": "next step: make hint F=prefix_sum_dp (3 of its 3 hints left)"
    }


def test_hints_left_counts_the_readme_tiers_against_the_count_kept() -> None:
    readme = readme_of("difference_dp")
    assert hints_left(readme, "difference_dp", {}) == (3, 3)
    assert hints_left(readme, "difference_dp", {"difference_dp": 2, "prefix_sum_dp": 3}) == (1, 3)
    assert hints_left(readme, "difference_dp", {"difference_dp": 9}) == (0, 3)
    assert hints_left(readme, "difference_dp", {"difference_dp": -4}) == (3, 3)


def test_a_damaged_count_file_counts_as_nothing_shown(tmp_path: Path) -> None:
    damaged = tmp_path / "hints.json"
    damaged.write_text("[1, 2", encoding="utf-8")
    assert shown_counts(damaged) == {}
    damaged.write_text('{"difference_dp": 2, "top_down_memo": "x"}', encoding="utf-8")
    assert shown_counts(damaged) == {"difference_dp": 2}
    assert shown_counts(tmp_path / "missing.json") == {}


def test_a_kata_whose_every_failure_was_not_run_still_shows_why() -> None:
    """Calls not made after one on a row no longer could not answer: where nothing else failed (that call
    was made in a check of its own that was measured again), they are the reason shown, never none."""
    not_run = Failure(
        "not-run", 200, 9, False, "difference_dp: not run: … — already waited without computing"
    )
    ran = Failure("wrong-value", 300, 9, True, "difference_dp: score_difference(…) returned 1, expected 0")
    records = [
        Record("difference_dp", "t0", "passed", 0.1),
        Record("difference_dp", "t1", "failed", 0.1, failure=not_run),
    ]
    assert Result("difference_dp", records, wall=1.0).failures() == [not_run]
    both = [*records, Record("difference_dp", "t2", "failed", 0.1, failure=ran)]
    assert Result("difference_dp", both, wall=1.0).failures() == [ran]
