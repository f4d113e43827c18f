"""The growth check started ahead of a lone kata's other checks: when it runs so, and what of it stands."""

from __future__ import annotations

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader import growth_ahead
from coinrow.grader.complexity import Measured
from coinrow.grader.failures import WrongAnswer
from coinrow.grader.grade import grade
from coinrow.grader.grading import Grader
from coinrow.grader.growth import Step
from coinrow.grader.growth_ahead import GrowthAhead

GROWTH_TEST = "test_grows_as_the_task_asks"


def _ahead(monkeypatch: pytest.MonkeyPatch, outcome: Measured | BaseException) -> GrowthAhead:
    def check_growth(template: Grader, slug: str) -> Measured:
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    monkeypatch.setattr(growth_ahead, "check_growth", check_growth)
    return GrowthAhead(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp")


def test_a_pass_beside_other_work_stands_only_plainly_within_the_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """×4.2 per doubling is 2^2.07, within n² + SURELY_WITHIN (2^2.15 = 4.44): taken. ×5.3 (2^2.41) passes
    alone too, but beside other work it may have been lowered from a failure: checked again. A time-out's
    bound is checked again whatever it says."""
    plain = Measured(Step("power", 4.2, 500, 1000), None, 2, 2)
    assert _ahead(monkeypatch, plain).result() == plain
    assert _ahead(monkeypatch, Measured(Step("power", 5.3, 500, 1000), None, 2, 2)).result() is None
    bound = Measured(Step("power", 2.0, 500, 1000, at_least=True), None, 2, 2)
    assert _ahead(monkeypatch, bound).result() is None


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
        assert ahead.result() is None


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
