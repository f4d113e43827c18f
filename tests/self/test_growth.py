"""Growth arithmetic on hand-made timings."""

from __future__ import annotations

import math
import statistics

import pytest

from coinrow.game.rows import FreshRows
from coinrow.grader.growth.check import as_step
from coinrow.grader.growth.decide import Outcome, Reading
from coinrow.grader.growth.measured import Measured
from coinrow.grader.judge.too_slow import climb
from coinrow.grader.measure.orders import Point, Step
from coinrow.tools.compare.growth import (
    Budget,
    Series,
    measure,
    predicted_seconds,
    ratio_between,
    ratio_to_fastest,
)
from coinrow.tools.timing import InProcess


def _series(label: str, seconds: dict[int, float], kind: str = "power") -> Series:
    return Series(label, label, "solutions", None, tuple(seconds), kind, dict(seconds))  # type: ignore[arg-type]


def test_exponent_is_the_log_log_slope() -> None:
    # Hand calculation: time x4 for every doubling of n is n^2; x2 is n^1.
    assert _series("square", {100: 1.0, 200: 4.0, 400: 16.0}).exponent() == pytest.approx(2.0)
    assert _series("linear", {100: 1.0, 200: 2.0}).exponent() == pytest.approx(1.0)
    assert _series("one point", {100: 1.0}).exponent() is None


def test_oracle_growth_is_per_extra_coin() -> None:
    # Hand calculation: x4 for two more coins is x2 per coin.
    oracle = _series("oracle", {10: 1.0, 12: 4.0, 14: 16.0}, kind="exponential")
    assert oracle.per_coin() == pytest.approx(2.0)
    assert oracle.exponent() is None
    assert predicted_seconds(oracle, 16) == pytest.approx(64.0)


def test_prediction_extends_the_fitted_exponent_within_bounds() -> None:
    assert predicted_seconds(_series("square", {100: 1.0, 200: 4.0}), 400) == pytest.approx(16.0)
    assert predicted_seconds(_series("first point", {100: 1.0}), 200) == pytest.approx(4.0)  # n^2 assumed
    # A disturbed run (x64 for one doubling) is capped at n^3: 8 more, not 64.
    assert predicted_seconds(_series("noisy", {100: 1.0, 200: 64.0}), 400) == pytest.approx(512.0)


def test_ratios() -> None:
    fast, slow = _series("fast", {100: 0.5, 200: 1.0}), _series("slow", {100: 2.0, 200: 8.0})
    assert ratio_to_fastest([fast, slow]) == {"fast": 1.0, "slow": 8.0}
    assert ratio_between(slow, fast) == (200, 8.0)
    assert ratio_between(slow, _series("elsewhere", {300: 1.0})) is None


def test_a_series_stops_when_the_code_raises_or_overruns() -> None:
    def breaks_at_large_n(row: object) -> int:
        if len(row) > 20:  # type: ignore[arg-type]
            raise IndexError("off by one")
        return 0

    raises = Series(
        "raises", "x", "problems", lambda n: InProcess(breaks_at_large_n, FreshRows(n)), (16, 32, 64)
    )
    measure([raises], Budget(point=0.01))
    assert list(raises.seconds) == [16]
    assert (raises.status, raises.note) == ("raised", "IndexError at n = 32: off by one")
    budgeted = Series("budgeted", "x", "solutions", lambda n: InProcess(len, FreshRows(n)), (16, 32))
    measure([budgeted], Budget(total=0.0))
    assert budgeted.seconds == {}
    assert "budget" in budgeted.note


def test_a_ladder_goes_on_past_a_slow_first_size_until_one_doubling_is_timed() -> None:
    """A first size that already takes STEP_STOP_SECONDS must not end the ladder before a doubling is
    timed: its growth would go unjudged. The second slow size ends it."""
    seconds = {126: 0.3, 250: 2.4, 500: 19.2}  # n³ from a slow start
    timed = climb((126, 250, 500), lambda n: Point(n, seconds[n]))
    assert [p.n for p in timed] == [126, 250]
    assert climb((126, 250, 500), lambda n: Point(n, 4.0, timed_out=n == 250))[-1] == Point(250, 4.0, True)


def test_a_growth_cut_off_is_said_as_a_lower_bound_never_as_measured() -> None:
    """A traced call cut off at the largest memory size leaves its peak so far: the ratio to it is a lower
    bound, so the summary says "more than"; a time's ratio through a call cut off beyond the task's sizes
    is not said to be below the task's order."""
    memory = Step("power", 2.06, 100, 200, at_least=True)
    said = Measured(None, memory, 2, 2).summary()
    assert said == (
        "memory not told apart (more than ×2.1 per doubling, n = 100 → 200, cut off there): "
        "its order is not decided"
    )
    time = Step("power", 3.0, 992, 1984, at_least=True)  # 2^1.58: nearest whole exponent 2, not below
    low = Step("power", 1.9, 992, 1984, at_least=True)  # 2^0.93: below n², but only a lower bound
    assert "more than ×3.0 per doubling" in Measured(time, None, 2, None, undecided=True).summary()
    assert "less than" not in Measured(low, None, 2, None, undecided=True).summary()


def test_a_lower_order_is_never_named_only_said_as_measured() -> None:
    """A right n² table allocated at its largest size on every call (a fixed cost each call pays), timed
    at 0.014, 0.021 and 0.052 s per call at n = 200, 400 and 800: the slopes between the pairs are
    log2(1.5) = 0.58, log2(2.48) = 1.31 and log2(3.71) / 2 = 0.95, whose median 0.95 lies in n's band. Its
    order is n², so no lower order is named: the time is said to grow less than n², as measured."""
    slopes = [math.log2(0.021 / 0.014), math.log2(0.052 / 0.021), math.log2(0.052 / 0.014) / 2]
    median = statistics.median(slopes)
    assert round(median, 2) == 0.95
    reading = Reading(Outcome.LOWER, median, (min(slopes), max(slopes)), 200, 800, 4, 0.05, 0.3)
    summary = Measured(as_step(reading), None, 2, None).summary()
    assert summary == "time grows less than n² (×1.9 per doubling, n = 200 → 800)"
    padded = Measured(Step("power", 1.1, 180, 720), None, 2, None).summary()  # every row padded to 1000
    assert padded == "time grows less than n² (×1.1 per doubling, n = 180 → 720)"
    assert Measured(Step("power", 4.2, 180, 720), None, 2, None).summary() == "time ~n² (n = 180 → 720)"


def test_a_memory_growth_below_the_tasks_order_is_said_as_measured_not_named() -> None:
    """The reference's n² table beside 940 KB held for the call: the peaks' slope reads x1.4 per doubling;
    its order is not n nor a constant, so none is named."""
    memory = Step("power", 1.38, 50, 200)
    assert Measured(None, memory, 2, 2).summary() == "memory grew ×1.4 per doubling (n = 50 → 200)"
    assert Measured(None, Step("power", 3.9, 50, 200), 2, 2).summary() == "memory ~n²"
