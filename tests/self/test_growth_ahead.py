"""The growth check started ahead of a lone kata's other checks: when it runs so, and what of it stands."""

from __future__ import annotations

import time

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.growth import ahead as growth_ahead
from coinrow.grader.growth.ahead import GrowthAhead
from coinrow.grader.growth.check import GrowthCheck
from coinrow.grader.growth.decide import Outcome, Reading
from coinrow.grader.growth.measured import Measured, Timings
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
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
    monkeypatch.setattr(growth_ahead, "check_growth", lambda template, slug: ALONE)
    return GrowthAhead(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp")


def _reading(outcome: Outcome, exponent: float) -> Reading:
    """A reading over 248 -> 992 coins, 0.1 s at the top: well under 4 steps per n² on any machine."""
    return Reading(outcome, exponent, (exponent - 0.05, exponent + 0.05), 248, 992, 4, 0.1, 1.0)


@pytest.mark.parametrize(
    ("outcome", "exponent", "said"),
    [
        (Outcome.TASK, 2.02, "~n² (n = 248 → 992"),
        (Outcome.LOWER, 1.1, "grows less than n² (×2.1 per doubling"),
    ],
)
def test_a_reading_beside_other_work_that_states_an_order_stands(
    monkeypatch: pytest.MonkeyPatch, outcome: Outcome, exponent: float, said: str
) -> None:
    """A stated order is judged as it was read (×2^2.02 = ×4.1 per doubling over 248 -> 992)."""
    measured = _ahead(monkeypatch, Timings(_reading(outcome, exponent), None)).result()
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.exponent, 2)) == (248, 992, exponent)
    assert measured.summary().startswith(f"time {said}")


@pytest.mark.parametrize("outcome", [Outcome.HIGHER, Outcome.NOT_DECIDED, Outcome.CUT_OFF])
def test_any_other_reading_beside_other_work_has_the_check_made_again_alone(
    monkeypatch: pytest.MonkeyPatch, outcome: Outcome
) -> None:
    assert _ahead(monkeypatch, Timings(_reading(outcome, 3.0), None)).result() is ALONE


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
