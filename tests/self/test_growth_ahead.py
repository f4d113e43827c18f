"""The growth check started ahead of a lone kata's other checks: when it runs so, and what of it stands."""

from __future__ import annotations

import time

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.growth import ahead as growth_ahead
from coinrow.grader.growth import check as complexity
from coinrow.grader.growth.ahead import GrowthAhead
from coinrow.grader.growth.check import GrowthCheck
from coinrow.grader.growth.measured import Measured, Timings
from coinrow.grader.growth.readings import timed_again
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import Point, Step
from coinrow.grader.run.grade import grade

GROWTH_TEST = "test_grows_as_the_task_asks"


ALONE = Measured(None, None, 2, 2)  # what the check made again alone returns, in these tests


def _ahead(monkeypatch: pytest.MonkeyPatch, first_step: Timings | BaseException) -> GrowthAhead:
    """A growth check whose first step (``measure``) found ``first_step``; made again alone, ``ALONE``."""

    def measure(check: GrowthCheck) -> Timings:
        if isinstance(first_step, BaseException):
            raise first_step
        return first_step

    monkeypatch.setattr(GrowthCheck, "measure", measure)
    monkeypatch.setattr(GrowthCheck, "_beyond", lambda check, points, time: (points, time))  # nothing more
    monkeypatch.setattr(GrowthCheck, "_steps", lambda check, point: 1.0)  # the game model's speed: not slow
    monkeypatch.setattr(growth_ahead, "check_growth", lambda template, slug: ALONE)
    return GrowthAhead(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp")


def test_first_timings_that_show_the_order_plainly_are_judged_as_they_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """×4.2 per doubling over 250 -> 1000 ((0.0706 / 0.004) ** (1 / 2)) is 2^2.07, within n² +
    SURELY_WITHIN (2^2.3): judged after the one second look every check takes (the reference's real
    timings, slower than these, leave them the fastest); the summary says the sizes."""
    points = [Point(126, 0.001), Point(250, 0.004), Point(500, 0.017), Point(1000, 0.0706)]
    measured = _ahead(monkeypatch, Timings(points, Step("power", 4.0, 100, 200))).result()
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (250, 1000, 4.2)
    assert measured.summary() == "time ~n² (n = 250 → 1000), memory ~n²"


@pytest.mark.parametrize(
    ("per_doubling", "rounds", "seen"),
    [(3.4, [True], "n²"), (2.0, [False, False], "n"), (5.2, [False, False], "n²")],
)
def test_only_a_reading_above_the_order_or_naming_a_lower_one_is_timed_again_more_than_once(
    monkeypatch: pytest.MonkeyPatch, per_doubling: float, rounds: list[bool], seen: str
) -> None:
    """The deciding sizes are always timed a second time. ×3.4 per doubling is 2^1.77: slower than n² by
    more than SURELY_WITHIN, but the summary names n², the task's order, either way; judged after that one
    second look, which times again only the sizes below the largest (``rounds``: True). ×2.0 (2^1.0)
    would be named n, and ×5.2 (2^2.38) lies above n² + SURELY_WITHIN: the deciding sizes, the largest
    among them, are timed again twice (``REPEATS`` timings in all), here with the same times each round."""
    rounds_taken = []

    def counted(timed: object, points: list[Point], step: Step, smaller_only: bool) -> list[Point]:
        rounds_taken.append(smaller_only)
        return points

    monkeypatch.setattr(complexity, "timed_again", counted)
    points = [Point(126 * 2**k, 0.01 * per_doubling**k) for k in range(4)]
    measured = _ahead(monkeypatch, Timings(points, None)).result()
    assert rounds_taken == rounds
    assert measured.summary() == f"time ~{seen} (n = 252 → 1008)"


@pytest.mark.parametrize(("smaller_only", "timed"), [(True, [250, 500]), (False, [250, 500, 1000])])
def test_timed_again_times_the_largest_size_only_when_asked(smaller_only: bool, timed: list[int]) -> None:
    """The deciding doubling 500 -> 1000 and the one below it: 250, 500 and 1000 are its sizes, 126 is
    not. A second timing is kept only when faster: 500's (0.010 < 0.017), not 250's (0.005 > 0.004)."""
    asked: list[int] = []

    def timing(n: int) -> Point:
        asked.append(n)
        return Point(n, {250: 0.005, 500: 0.010, 1000: 0.050}[n])

    points = [Point(126, 0.001), Point(250, 0.004), Point(500, 0.017), Point(1000, 0.0706)]
    again = timed_again(timing, points, Step("power", 4.15, 500, 1000), smaller_only)
    assert asked == timed
    expected_top = 0.0706 if smaller_only else 0.050
    assert [p.seconds for p in again] == [0.001, 0.004, 0.010, expected_top]


def test_a_time_out_beside_other_work_has_the_check_made_again_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    points = [Point(126, 0.01), Point(250, 0.08), Point(500, 0.64), Point(1000, 4.0, timed_out=True)]
    assert _ahead(monkeypatch, Timings(points, None)).result() is ALONE


@pytest.mark.parametrize(
    ("kind", "stands"), [("wrong-value", True), ("exception", True), ("growth", False), ("too-slow", False)]
)
def test_a_failure_beside_other_work_stands_unless_a_timing_decided_it(
    monkeypatch: pytest.MonkeyPatch, kind: str, stands: bool
) -> None:
    failure = WrongAnswer("difference_dp", (1, 2), "a failure", kind=kind)  # type: ignore[arg-type]
    ahead = _ahead(monkeypatch, failure)
    if stands:
        with pytest.raises(WrongAnswer) as raised:
            ahead.result()
        assert raised.value is failure
    else:
        assert ahead.result() is ALONE


def test_only_a_kata_graded_alone_runs_its_growth_check_ahead_and_last() -> None:
    """One kata with two workers: the growth check is started ahead and its record comes last. Two katas
    with two workers: no core is spare, the suite runs in its own order (the growth check is not last)."""
    alone = grade({REPO_ROOT / "solutions": ["difference_dp"]}, jobs=2, cache="off", profile="catalogue")
    records = alone[REPO_ROOT / "solutions"]["difference_dp"].records
    last = records[-1]
    assert GROWTH_TEST in last.test
    assert last.outcome == "passed"
    assert last.measured is not None
    assert "memory ~n²" in last.measured  # traced: the same whatever runs beside it
    both = grade(
        {REPO_ROOT / "solutions": ["difference_dp", "min_of_opponent_dp"]},
        jobs=2,
        cache="off",
        profile="catalogue",
    )
    results = both[REPO_ROOT / "solutions"]
    assert set(results) == {"difference_dp", "min_of_opponent_dp"}
    for result in results.values():
        assert GROWTH_TEST not in result.records[-1].test
        assert any(GROWTH_TEST in record.test and record.outcome == "passed" for record in result.records)


def test_the_checks_executors_live_until_it_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """bubblewrap's --die-with-parent ends a process when the thread that started it ends: the thread
    that measured must live on while the check is judged, or a call made then meets a killed executor
    (the reference top_down_memo failed 3 times in 15 so, "ended by SIGKILL")."""
    alive: list[bool] = []
    judge = GrowthCheck.judge

    def judge_later(check: GrowthCheck, timings: Timings) -> Measured:
        time.sleep(0.2)  # an executor tied to an ended thread is gone by now
        alive.extend(executor.alive() for executor in check._timing._executors.values())  # type: ignore[union-attr]
        return judge(check, timings)

    monkeypatch.setattr(GrowthCheck, "judge", judge_later)
    measured = GrowthAhead(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp").result()
    assert alive == [True]
    assert measured.memory is not None
