"""Growth arithmetic on hand-made timings."""

from __future__ import annotations

import pytest

from coinrow.grader.growth.readings import climbs_on, deciding, judged_on
from coinrow.grader.measure.orders import Point, climb, last_doubling
from coinrow.grader.measure.timing import InProcess
from coinrow.tools.compare.growth import (
    Budget,
    Series,
    measure,
    predicted_seconds,
    ratio_between,
    ratio_to_fastest,
)


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

    raises = Series("raises", "x", "problems", lambda row: InProcess(breaks_at_large_n, row), (16, 32, 64))
    measure([raises], Budget(point=0.01))
    assert list(raises.seconds) == [16]
    assert (raises.status, raises.note) == ("raised", "IndexError at n = 32: off by one")
    budgeted = Series("budgeted", "x", "solutions", lambda row: InProcess(len, row), (16, 32))
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


def test_a_time_out_that_decides_nothing_leaves_the_judging_to_the_last_full_doubling() -> None:
    """1000 coins in 1.6 s, 2000 past a 4 s limit: the bound (more than x2.5 per doubling) cannot tell
    n from n² in an O(n) kata, while 500 -> 1000 (x8) shows n³."""
    points = [Point(500, 0.2), Point(1000, 1.6), Point(2000, 4.0, timed_out=True)]
    step = deciding(points, 1)
    assert step is not None
    assert (step.low, step.high, step.at_least, round(step.ratio, 1)) == (500, 1000, False, 8.0)
    assert deciding(points[1:], 1) == last_doubling(points[1:])  # nothing timed in full below: the bound


def test_time_is_judged_over_two_doublings() -> None:
    """An n² table that outgrows a cache at the last doubling: ×6.7 from 500 to 1000 alone would read as
    n³ (at least 2^2.7 = 6.5), but over two doublings it is (0.67 / 0.025) ** (1 / 2) = ×5.2 per doubling,
    within n² (at most 2^2.5 = 5.66)."""
    points = [Point(250, 0.025), Point(500, 0.1), Point(1000, 0.67)]
    step = last_doubling(points)
    assert step is not None
    assert round(step.ratio, 1) == 6.7
    wide = judged_on(points, step)
    assert (wide.low, wide.high, round(wide.ratio, 2)) == (250, 1000, 5.18)


def test_a_ladder_climbs_past_long_calls_to_the_tasks_largest_size_unless_a_higher_order_reads() -> None:
    """The growth check's ladder (``climbs_on``). A slice summed per cell (n³ in C): ×4.5 then ×6.4,
    (0.29 / 0.01) ** (1 / 2) = ×5.4 per doubling from 126 to 500: the long call at 500 (past
    STEP_STOP_SECONDS) does not end the ladder, 1000 is timed. Neither does one that reads n² plainly (×4.1
    and ×4.2, 0.3 s at 500): small rows padded with work read so, and only the largest sizes show what the
    padding hides. ×8 and ×8.3 (×8.2 over both) read a higher order: the ladder stops there, as 1000 would
    take 8 times as long."""

    def sizes_timed(seconds: dict[int, float]) -> list[int]:
        timed = climb((126, 250, 500, 1000), lambda n: Point(n, seconds[n]), lambda p: climbs_on(p, 2))
        return [p.n for p in timed]

    assert sizes_timed({126: 0.01, 250: 0.045, 500: 0.29, 1000: 2.3}) == [126, 250, 500, 1000]
    assert sizes_timed({126: 0.0175, 250: 0.072, 500: 0.3, 1000: 1.2}) == [126, 250, 500, 1000]
    assert sizes_timed({126: 0.0045, 250: 0.036, 500: 0.3}) == [126, 250, 500]
