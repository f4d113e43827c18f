"""A higher order read within the task's sizes or beyond them is read once more before it is said; the
doubling beyond is timed with the sizes below it, back to back.

The timings here are made up, the check's own rules applied to them: each test gives the seconds each
size takes, call by call, and a check whose answer is slow per step (so it is always timed beyond).
"""

from __future__ import annotations

import math
import random

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.growth.check import GrowthCheck
from coinrow.grader.growth.measured import Timings
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import Point

WITHIN = (250, 500, 1000)  # the ladder's sizes timed before the check judges; 2000 lies beyond


def _judged(
    monkeypatch: pytest.MonkeyPatch, seconds: dict[int, list[float | None]], steps: float = 5.0
) -> tuple[GrowthCheck, list[int]]:
    """A check whose calls on ``n`` coins take ``seconds[n]`` in turn (None: the call fails; infinity: it
    runs out of its limit), and the sizes it timed, in order."""
    calls: list[int] = []

    def timed(check: GrowthCheck, n: int, limit: float | None = None) -> Point:
        calls.append(n)
        taken = seconds[n].pop(0)
        if taken is None:
            raise WrongAnswer("difference_dp", (1,), "a failure beyond the task's sizes", kind="exception")
        if taken == math.inf:
            return Point(n, limit or 4.0, timed_out=True)
        return Point(n, taken)

    monkeypatch.setattr(GrowthCheck, "timed", timed)
    monkeypatch.setattr(GrowthCheck, "_steps", lambda check, point: steps)  # 4 or more: timed beyond
    check = GrowthCheck(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp", random.Random(7))
    check.sizes = [125, 250, 500, 1000]  # the task's sizes these timings are made up on
    return check, calls


def _limits_on(monkeypatch: pytest.MonkeyPatch, size: int) -> list[float | None]:
    """The limits the (faked) check's calls on ``size`` coins are given, in order, as it makes them."""
    limits: list[float | None] = []
    faked = GrowthCheck.timed

    def recorded(check: GrowthCheck, n: int, limit: float | None = None) -> Point:
        if n == size:
            limits.append(limit)
        return faked(check, n, limit)

    monkeypatch.setattr(GrowthCheck, "timed", recorded)
    return limits


def _steady(within: list[Point], times: int) -> dict[int, list[float | None]]:
    """Each of ``within``'s sizes taking its seconds every time, ``times`` calls at most."""
    return {p.n: [p.seconds] * times for p in within}


def _right(beyond: list[float | None]) -> dict[int, list[float | None]]:
    """An n² answer: ×4 per doubling within (each size timed as often as the check may), then ``beyond``
    for the doubling beyond, each timing with the sizes below it timed again."""
    within: dict[int, list[float | None]] = {250: [0.02] * 3, 500: [0.08] * 5, 1000: [0.32] * 5}
    return {**within, 2000: beyond}


SLOW_WITHIN = [Point(250, 0.1), Point(500, 0.4), Point(1000, 2.057)]  # an answer slow per step, ×4 then ×5.1


def _slow(beyond: list[float | None]) -> dict[int, list[float | None]]:
    """That answer's timings as the check takes them: 2.057 s on 1000 coins, 2.5 s when read again, and
    ``beyond`` for 2000 coins."""
    return {250: [0.1] * 5, 500: [0.4] * 4, 1000: [2.057, 2.5], 2000: beyond}


def test_a_higher_order_read_once_beyond_is_read_again_and_the_lower_reading_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """First 2000 coins took 4.6 s, ×(4.6 / 0.08) ** (1 / 2) = ×7.6 per doubling from 500 (a busy spell);
    read again, 500 → 1000 → 2000 took 0.08, 0.32 and 1.3 s: ×4.0 per doubling; the two disagree, and a
    third reading, the same, agrees with the second: ×4.0 stands."""
    check, calls = _judged(monkeypatch, _right([4.6, 1.3, 1.3]))
    measured = check.judge(Timings([Point(n, 0.02 * 4**k) for k, n in enumerate(WITHIN)], None))
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (500, 2000, 4.0)
    assert calls[-3:] == [500, 1000, 2000]  # back to back, smallest first


@pytest.mark.parametrize("beyond", [[4.5, 4.5], [4.5, 1.8, 4.5]], ids=["twice", "two-of-three"])
def test_a_higher_order_read_twice_beyond_fails(
    monkeypatch: pytest.MonkeyPatch, beyond: list[float | None]
) -> None:
    """Within the task's sizes ×4.5 per doubling (2^2.17: plainly n²), beyond it ×10: from 500 to 2000
    coins (4.5 / 0.1) ** (1 / 2) = ×6.7 per doubling, over 2^2.7 = 6.5, a higher order. Read so twice, or
    twice of three readings (one ×4.2, (1.8 / 0.1) ** (1 / 2), between them), it fails."""
    within = [Point(250, 0.0222), Point(500, 0.1), Point(1000, 0.45)]
    seconds = _steady(within, 5)
    check, _ = _judged(monkeypatch, {**seconds, 2000: beyond})
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert raised.value.kind == "growth"
    assert "n³ (×6.7 per doubling, n = 500 → 2000)" in str(raised.value)


def test_a_failure_in_the_second_reading_leaves_the_growth_within(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read again, the call on 2000 coins failed: beyond the task's sizes that is not the answer's fault,
    and the growth within (×4 per doubling, 250 → 1000) is what the check judges."""
    check, _ = _judged(monkeypatch, _right([4.6, None]))
    measured = check.judge(Timings([Point(n, 0.02 * 4**k) for k, n in enumerate(WITHIN)], None))
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (250, 1000, 4.0)


def test_a_higher_order_read_within_the_tasks_sizes_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within the task's sizes the three sizes read ×8 per doubling over two timings each, the fastest
    kept ((0.64 / 0.01) ** (1 / 2)); read again back to back, twice, 0.02, 0.08 and 0.32 s: ×4.0, kept.
    Slow per step, the answer is then timed beyond, 500 and 1000 coins again before it: 1.28 s on 2000
    coins, ×4.0 per doubling from 500."""
    seconds: dict[int, list[float | None]] = {
        250: [0.01, 0.01, 0.02, 0.02],
        500: [0.08] * 5,
        1000: [0.64, 0.64, 0.32, 0.32, 0.32],
        2000: [1.28],
    }
    check, calls = _judged(monkeypatch, seconds)
    measured = check.judge(Timings([Point(250, 0.01), Point(500, 0.08), Point(1000, 0.64)], None))
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (500, 2000, 4.0)
    assert calls == [250, 500, 1000] * 4 + [500, 1000, 2000]


@pytest.mark.parametrize(
    ("second", "steps", "fails"), [(1.44, 9.0, False), (2.112, 9.0, True), (2.112, 5.0, False)]
)
def test_the_doubling_beyond_alone_fails_only_a_slow_answer_read_twice(
    monkeypatch: pytest.MonkeyPatch, second: float, steps: float, fails: bool
) -> None:
    """Beyond the task's sizes 1000 -> 2000 coins read ×6.6 (2.112 / 0.32), over 2^2.7 = 6.5 on its own,
    though ×5.1 per doubling from 500 ((2.112 / 0.08) ** (1 / 2)). Read again as 1.44 s (×4.5), twice,
    the readings agree: solved, n² over 500 -> 2000. Read as 2.112 s again, it fails an answer taking 9
    steps per n² (2 × SLOW or more: a cache's cost weighs little in it); one taking 5, as a right table
    kept in a dict does, is solved with its order not decided (such tables read ×6.6-7.2 there)."""
    within: dict[int, list[float | None]] = {250: [0.02] * 3, 500: [0.08] * 9, 1000: [0.32] * 9}
    check, _ = _judged(monkeypatch, {**within, 2000: [2.112, *[second] * 5]}, steps)
    timings = Timings([Point(n, 0.02 * 4**k) for k, n in enumerate(WITHIN)], None)
    if fails:
        with pytest.raises(WrongAnswer) as raised:
            check.judge(timings)
        assert "n³ (×6.6 per doubling, n = 1000 → 2000)" in str(raised.value)
    else:
        measured = check.judge(timings)
        assert measured.time is not None
        said = (measured.undecided, measured.time.low, measured.time.high, round(measured.time.ratio, 1))
        assert said == ((False, 500, 2000, 4.2) if second == 1.44 else (True, 1000, 2000, 6.6))


def test_an_unclear_reading_beyond_is_timed_again_and_the_fastest_of_each_size_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An n² answer (×4 per doubling within) whose 1000 coins were slowed as the doubling beyond was read:
    0.52 s, then 1.3 s on 2000, ×2.5 alone, which names no order (a smaller size slowed hides a higher
    one). Read again, 1000 coins in 0.32 s: the faster of each size's two timings kept, ×4.06 on that
    doubling, plainly n²; stated over 500 -> 2000, (1.3 / 0.08) ** (1 / 2) = ×4.0 per doubling."""
    seconds: dict[int, list[float | None]] = {
        250: [0.02],
        500: [0.08] * 3,
        1000: [0.52, 0.32],
        2000: [1.3, 1.3],
    }
    check, calls = _judged(monkeypatch, seconds)
    measured = check.judge(Timings([Point(n, 0.02 * 4**k) for k, n in enumerate(WITHIN)], None))
    assert calls[-6:] == [500, 1000, 2000] * 2
    assert measured.time is not None
    said = (measured.undecided, measured.time.low, measured.time.high, round(measured.time.ratio, 1))
    assert said == (False, 500, 2000, 4.0)


def test_a_reading_beyond_gets_the_room_the_budget_leaves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Padding that reads n² within (0.1, 0.4, 1.6 s), slow at 9 steps per n², so the doubling beyond may
    decide alone: 9.6 s on 2000 coins, ×6.0, neither n² plainly nor higher. Timed again, 1.4 and 10.0 s:
    the faster of each, ×6.86 (9.6 / 1.4), a higher order, read again. 23.4 s of the 40 s budget (10 call
    limits of 4 s) are spent then, and the sizes below 2000 took 1.8 s: 14.8 s is left for 2000 coins,
    which took 9.6 s last, so it is read again with that room (16 s at most could not be promised), as
    1.5 and 10.5 s, ×7.0. The two agree: n³, said with the lower."""
    within = [Point(250, 0.1), Point(500, 0.4), Point(1000, 1.6)]
    seconds: dict[int, list[float | None]] = {
        250: [0.1],
        500: [0.4] * 4,
        1000: [1.6, 1.4, 1.5],
        2000: [9.6, 10.0, 10.5],
    }
    check, calls = _judged(monkeypatch, seconds, steps=9.0)
    limits = _limits_on(monkeypatch, 2000)
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "n³ (×6.9 per doubling, n = 1000 → 2000)" in str(raised.value)
    assert calls[-9:] == [500, 1000, 2000] * 3
    assert [round(limit or 0.0, 1) for limit in limits] == [16.0, 16.0, 14.8]


def test_a_higher_order_read_once_beyond_that_cannot_be_read_again_is_not_decided(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """×4 per doubling within (0.1, 0.4 and 1.6 s), then 24 s on 2000 coins: ×(24 / 0.4) ** (1 / 2) = ×7.7
    per doubling from 500, a higher order, read once. Reading it again would take the readings beyond
    past ``BEYOND_BUDGET`` call limits (4 s each): 0.4 + 1.6 + 24 s so far, then up to 16 s (4 call
    limits, the room beyond) and 2 s below it: 44 > 40. One reading decides nothing: the order is said
    not decided, with the reading, and the answer is not failed."""
    within = [Point(250, 0.1), Point(500, 0.4), Point(1000, 1.6)]
    seconds = _steady(within, 5)
    check, calls = _judged(monkeypatch, {**seconds, 2000: [24.0, 4 * 1.6]})
    measured = check.judge(Timings(within, None))
    assert calls[-3:] == [500, 1000, 2000]  # read once beyond
    assert measured.undecided
    assert measured.read_once
    assert measured.summary() == (
        "time read above n² once (×7.7 per doubling, n = 500 → 2000), not confirmed by a second reading:"
        " its order is not decided"
    )


def test_a_higher_order_read_beyond_is_read_again_while_the_budget_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same answer, 18 s on 2000 coins (×6.7 per doubling from 500: higher), read again within the
    budget (20 s so far, + 16 + 2 = 38 ≤ 40) as 12 s (×5.5: not higher). A third reading would pass it
    (0.4 + 1.6 + 18 + 0.4 + 1.6 + 12 = 34 s, + 16 + 2 > 40): the two disagree and cannot be settled, so
    the lower stands, its doubling beyond alone (12 / 1.6 = ×7.5) said as not decided, never failed."""
    within = [Point(250, 0.1), Point(500, 0.4), Point(1000, 1.6)]
    seconds = _steady(within, 5)
    check, calls = _judged(monkeypatch, {**seconds, 2000: [18.0, 12.0, 18.0]})
    measured = check.judge(Timings(within, None))
    assert calls[-6:] == [500, 1000, 2000] * 2  # read twice, not three times
    assert measured.time is not None
    assert measured.undecided
    assert not measured.read_once
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (1000, 2000, 7.5)


@pytest.mark.parametrize(("steps", "fails"), [(5.0, False), (9.0, True)])
def test_a_time_out_beyond_is_a_bound_and_a_doubling_that_fits_is_read_in_full(
    monkeypatch: pytest.MonkeyPatch, steps: float, fails: bool
) -> None:
    """×4 per doubling within, 2.3 s on 1000 coins; 2000 coins run out of their room, 4 call limits (16 s):
    at least ×7.0 on that doubling alone (16 / 2.3), at least ×5.3 per doubling from 500 coins
    ((16 / 0.575) ** (1 / 2)). The doubling that ends at 3/2 of the top size, 376 -> 750 -> 1500 coins,
    is read in full instead. An answer taking 5 steps per n², judged over both doublings (a right table
    kept in a dict reads ×6.6-7.2 on the doubling beyond alone), rules nothing out with that bound: read
    at 0.325, 1.3 and 5.2 s, ×4 per doubling, n² is stated over 376 -> 1500. One taking 9, slow enough
    for that doubling to decide alone, reads above n² with the bound; read at 0.325, 1.3 and 10.4 s,
    ×8 on the doubling 750 -> 1500, the two agree and it fails, said with the reading in full (its
    ×5.6 per doubling from 376 is lower than the bound's ×7.0)."""
    within = [Point(250, 0.144), Point(500, 0.575), Point(1000, 2.3)]
    seconds = _steady(within, 5)
    shifted: dict[int, list[float | None]] = {376: [0.325], 750: [1.3], 1500: [10.4 if fails else 5.2]}
    check, calls = _judged(monkeypatch, {**seconds, **shifted, 2000: [math.inf]}, steps)
    if fails:
        with pytest.raises(WrongAnswer) as raised:
            check.judge(Timings(within, None))
        assert "n³ (×8.0 per doubling, n = 750 → 1500)" in str(raised.value)
    else:
        measured = check.judge(Timings(within, None))
        assert measured.time is not None
        said = (measured.undecided, measured.time.low, measured.time.high, round(measured.time.ratio, 1))
        assert said == (False, 376, 1500, 4.0)
    assert calls[-6:] == [500, 1000, 2000, 376, 750, 1500]


def test_timings_taken_again_within_the_tasks_sizes_are_not_charged_to_the_readings_beyond(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Within, ×8 per doubling read first (250 coins slowed to 0.025 s), read again as ×4 (0.1, 0.4 and
    1.6 s); beyond, 18 s on 2000 coins twice, ×6.7 per doubling from 500. Only the readings beyond count
    against the budget: 20 s after the first, 20 + 16 + 2 = 38 ≤ 40, so the second is made and the two
    agree: it fails."""
    within = [Point(250, 0.025), Point(500, 0.4), Point(1000, 1.6)]
    seconds: dict[int, list[float | None]] = {250: [0.025, 0.025, 0.1, 0.1], 500: [0.4] * 8, 1000: [1.6] * 8}
    check, _ = _judged(monkeypatch, {**seconds, 2000: [18.0, 18.0]})
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "n³ (×6.7 per doubling, n = 500 → 2000)" in str(raised.value)


def test_a_reading_not_read_again_is_said_with_the_doubling_that_read_higher(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer slow enough (9 steps per n²) for the doubling beyond to decide alone: 14.4 s on 2000 coins
    after 2.057 on 1000, ×7.0 on that doubling alone, ×6.0 from 500 (not above n² on its own). Read
    again, 2.5 s on 1000 and 2000 cut off at 16 s: at least ×6.4 alone, ×6.3 from 500, which rules
    nothing out. A third reading would pass the budget (0.4 + 2.057 + 14.4 + 0.4 + 2.5 + 16 = 35.8 s,
    + 16 + 2.9 > 40): said with the doubling that read higher, as not decided."""
    check, _ = _judged(monkeypatch, _slow([14.4, math.inf]), steps=9.0)
    measured = check.judge(Timings(SLOW_WITHIN, None))
    assert measured.read_once
    said = "time read above n² once (×7.0 per doubling, n = 1000 → 2000), not confirmed"
    assert measured.summary().startswith(said)


def test_a_higher_reading_and_one_in_full_not_higher_are_not_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same answer read again as 2.5 and 15.9 s: ×6.4 alone, ×6.3 from 500, measured in full and not
    above n². The two disagree and a third would pass the budget: the lower stands, its doubling beyond
    alone not plainly n², so the order is not decided (and no reading is said as unconfirmed)."""
    check, _ = _judged(monkeypatch, _slow([14.4, 15.9]), steps=9.0)
    measured = check.judge(Timings(SLOW_WITHIN, None))
    assert not measured.read_once
    assert measured.summary().startswith("time not told apart (×6.4 per doubling, n = 1000 → 2000)")


def test_a_slow_answers_time_out_beyond_fails_on_either_of_its_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Padding every row to c·n² up to the task's sizes, measured beside two busy loops: 0.32 s on 488
    coins, 2.64 s on 976 (mostly padding), past 16 s on 1952, twice. The doubling beyond alone is at
    least ×6.1 (16 / 2.64: not above n² on its own), the two from 488 at least ×7.1 per doubling
    ((16 / 0.32) ** (1 / 2)): a slow answer (12 steps per n²) is judged on the higher bound, read above
    n². Read again in full at 3/2 of the top size, 366 -> 732 -> 1464 coins in 0.2, 1.5 and 12 s (×8 on
    the last doubling): the two agree, and it fails, said with the lower, the bound."""
    within = [Point(244, 0.07), Point(488, 0.32), Point(976, 2.64)]
    seconds = _steady(within, 5)
    shifted: dict[int, list[float | None]] = {366: [0.2], 732: [1.5], 1464: [12.0]}
    check, _ = _judged(monkeypatch, {**seconds, **shifted, 1952: [math.inf]}, steps=12.0)
    check.sizes = [122, 244, 488, 976]
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "n³ (more than ×7.1 per doubling, n = 488 → 1952)" in str(raised.value)


def test_a_time_out_that_rules_nothing_out_does_not_outvote_a_higher_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """9 s on 2000 coins after 0.2 on 500: ×6.7 per doubling, higher. Read again, 500 coins slowed to 0.4 s
    and 2000 cut off at its room (16 × 0.8 = 12.8 s): at least ×5.7 from 500, which rules nothing out,
    and is no vote either way. The third reading (24 s spent, + 12.8 + 1.2 ≤ 40) reads ×6.7 again: two
    agree, and it fails."""
    within = [Point(250, 0.05), Point(500, 0.2), Point(1000, 0.8)]
    seconds: dict[int, list[float | None]] = {
        250: [0.05] * 5,
        500: [0.2, 0.2, 0.4, 0.2],
        1000: [0.8] * 5,
        2000: [9.0, math.inf, 9.0],
    }
    check, calls = _judged(monkeypatch, seconds)
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "n³ (×6.7 per doubling, n = 500 → 2000)" in str(raised.value)
    assert calls[-9:] == [500, 1000, 2000] * 3


def test_a_ladder_a_higher_reading_stopped_climbs_on_when_that_reading_does_not_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ladder stopped at 500 coins: 0.0078, 0.04 and 0.33 s from 125, (0.33 / 0.0078) ** (1 / 2) = ×6.5
    per doubling, a higher order. Timed again, 500 coins took 0.16 s: ×4.5, not higher, and the sizes the
    ladder did not climb to are timed (1000 coins, 0.64 s); the growth is judged there, n² over 250 -> 1000,
    (0.64 / 0.04) ** (1 / 2) = ×4.0 per doubling. Before, it was left at 500 coins, said not decided."""
    seconds: dict[int, list[float | None]] = {
        125: [0.0078] * 5,
        250: [0.04] * 5,
        500: [0.16] * 5,
        1000: [0.64] * 5,
    }
    check, calls = _judged(monkeypatch, seconds, steps=1.0)
    measured = check.judge(Timings([Point(125, 0.0078), Point(250, 0.04), Point(500, 0.33)], None))
    assert 1000 in calls
    assert measured.time is not None
    said = (measured.undecided, measured.time.low, measured.time.high, round(measured.time.ratio, 1))
    assert said == (False, 250, 1000, 4.0)


def test_a_time_that_grew_less_than_the_tasks_order_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """n NumPy calls, each over a row of n coins in C, grow about like n at these sizes: ×2 per doubling
    within (0.01, 0.02, 0.04 s), ×2.1 beyond (0.084 s on 2000 coins), read twice. That names no order
    above n², nor n² plainly: the order is not decided, and said with what grew, not "not told apart"."""
    seconds: dict[int, list[float | None]] = {
        250: [0.01] * 2,
        500: [0.02] * 4,
        1000: [0.04] * 4,
        2000: [0.084] * 2,
    }
    check, calls = _judged(monkeypatch, seconds, steps=0.1)
    measured = check.judge(Timings([Point(250, 0.01), Point(500, 0.02), Point(1000, 0.04)], None))
    assert calls[-6:] == [500, 1000, 2000] * 2
    assert measured.undecided
    said = "time grew ×2.1 per doubling (n = 1000 → 2000), less than n² would: its order is not decided"
    assert measured.summary() == said


def test_a_reading_whose_smaller_size_was_cut_off_casts_no_vote(monkeypatch: pytest.MonkeyPatch) -> None:
    """A right answer slow at 9 steps per n² (×4 per doubling: 0.15, 0.6, 2.4 s): its call on 2000 coins
    first ran out of its 16 s room, a bound above n². Read again in full at 3/2 of the top size, 750
    coins ran out of the 4 s call limit (slowed), 1500 took 10.8 s: that reading measured nothing on
    750 -> 1500 and is no vote (its 376 -> 750 bound, ×11.8, would have agreed with the first). A third
    would pass the budget (19 + 15.1 s spent, 4.3 s below 1500, 10.8 s for it): the bound stands alone,
    said as a bound read once."""
    within = [Point(250, 0.15), Point(500, 0.6), Point(1000, 2.4)]
    seconds: dict[int, list[float | None]] = {
        250: [0.15] * 9,
        500: [0.6] * 9,
        1000: [2.4] * 4,
        2000: [math.inf],
        376: [0.339],
        750: [math.inf],
        1500: [10.8],
    }
    check, calls = _judged(monkeypatch, seconds, steps=9.0)
    measured = check.judge(Timings(within, None))
    assert calls[-6:] == [500, 1000, 2000, 376, 750, 1500]
    assert (measured.undecided, measured.read_once) == (True, True)
    said = "time read above n² once (more than ×6.7 per doubling, n = 1000 → 2000), not confirmed"
    assert measured.summary().startswith(said)


def test_one_slowed_timing_beyond_does_not_let_the_doubling_alone_decide(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A right table kept in a dict reads ×6.8 from 1000 to 2000 coins (a cache outgrown), 2.45 s there:
    6.1 steps per n² at a step of 0.1 µs, below the 8 that let that doubling decide alone. Its first call
    on 2000 coins was slowed to 3.67 s (9.2 steps). The readings after it, in full and not slow, judge
    over two doublings (×5.2 from 500): not decided, never failed. Before, the first call's slowness
    stood for all three readings, and two readings of ×6.8 alone failed it as n³."""
    within = [Point(250, 0.0147), Point(500, 0.0625), Point(1000, 0.36)]
    seconds: dict[int, list[float | None]] = {
        250: [0.0147] * 9,
        500: [0.0625] * 9,
        1000: [0.36] * 9,
        2000: [3.67, 2.45, 2.45],
    }
    check, _ = _judged(monkeypatch, seconds)
    monkeypatch.setattr(GrowthCheck, "_steps", lambda check, point: point.seconds / (point.n**2 * 1e-7))
    measured = check.judge(Timings(within, None))
    assert measured.undecided
    assert measured.summary().startswith("time not told apart (×6.8 per doubling, n = 1000 → 2000)")


CUT_OFF = [Point(250, 0.25), Point(500, 1.0), Point(1000, 4.0, timed_out=True)]  # ×4, then cut off at 4 s


@pytest.mark.parametrize(("taken", "fails"), [(12.0, True), (4.2, False)], ids=["cubic", "right"])
def test_a_call_cut_off_within_the_tasks_sizes_is_timed_again_with_room(
    monkeypatch: pytest.MonkeyPatch, taken: float, fails: bool
) -> None:
    """250 -> 500 coins ×4 (0.25, 1.0 s), then 1000 coins cut off at the 4 s call limit: at least ×4,
    which rules no order out, and the last doubling in full alone would state n². 1000 coins are timed
    again with the room a call beyond has (16 × 1.0 s, at most 4 limits: 16 s), 250 and 500 before them.
    Taking 12 s, ×12: (12 / 0.25) ** (1 / 2) = ×6.9 per doubling from 250, a higher order, read again with
    the same room and failed. Taking 4.2 s: (4.2 / 0.25) ** (1 / 2) = ×4.1, n² stated over 250 -> 1000."""
    seconds: dict[int, list[float | None]] = {250: [0.25] * 4, 500: [1.0] * 4, 1000: [taken] * 2}
    check, calls = _judged(monkeypatch, seconds, steps=1.0)
    limits = _limits_on(monkeypatch, 1000)
    if fails:
        with pytest.raises(WrongAnswer) as raised:
            check.judge(Timings(CUT_OFF, None))
        assert "n³ (×6.9 per doubling, n = 250 → 1000)" in str(raised.value)
        assert calls[-6:] == [250, 500, 1000] * 2
    else:
        measured = check.judge(Timings(CUT_OFF, None))
        assert measured.time is not None
        said = (measured.undecided, measured.time.low, measured.time.high, round(measured.time.ratio, 1))
        assert said == (False, 250, 1000, 4.1)
        assert calls[-3:] == [250, 500, 1000]
    assert limits == [16.0] * (2 if fails else 1)


def test_a_cut_off_found_slow_is_not_read_beyond_past_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A right answer slow per step: 0.9 and 3.6 s on 250 and 500 coins, 1000 cut off at 4 s, then 15 s
    with room (19.5 s of the 40 s budget spent). Twice 1000 coins would take 60 s at n², past any room,
    so only the doubling at 3/2 of the top could be read; its smaller sizes reckoned as time growing like
    n takes them ((3/8 + 3/4) × 15 = 16.9 s), 3.6 s would be left for 1500 coins, less than half the room:
    no reading is made beyond, and the growth within stands (×4.1 per doubling, 250 -> 1000)."""
    seconds: dict[int, list[float | None]] = {250: [0.9] * 9, 500: [3.6] * 9, 1000: [15.0]}
    check, calls = _judged(monkeypatch, seconds, steps=9.0)
    measured = check.judge(
        Timings([Point(250, 0.9), Point(500, 3.6), Point(1000, 4.0, timed_out=True)], None)
    )
    assert max(calls) == 1000
    assert round(check._beyond_spent, 1) == 19.5
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (250, 1000, 4.1)


def test_a_reading_at_three_halves_of_an_answer_growing_like_n_stays_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer whose time grows ×2 per doubling at these sizes (a cost per coin outweighs n² there): 1.0,
    2.0 and 3.9 s. 2000 coins cut off at 16 s rule nothing out (21.9 s spent). At 3/2 of the top, 376 and
    750 coins are reckoned at (3/8 + 3/4) × 3.9 = 4.4 s, as time growing like n takes them (0.70 × 3.9, as
    n² would, had left 1500 coins 15.4 s and the readings 41.7 s of 40): 1500 coins get 13.7 s, and run
    out of them; the readings take the budget and no more."""
    within = [Point(250, 1.0), Point(500, 2.0), Point(1000, 3.9)]
    seconds = _steady(within, 9)
    beyond: dict[int, list[float | None]] = {2000: [math.inf], 376: [1.46], 750: [2.92], 1500: [math.inf]}
    check, _ = _judged(monkeypatch, seconds | beyond)
    limits = _limits_on(monkeypatch, 1500)
    check.judge(Timings(within, None))
    assert [round(limit or 0.0, 1) for limit in limits] == [13.7]
    assert check._beyond_spent <= 40.0


def test_a_bound_beyond_confirmed_at_three_halves_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """Padding that reads n² within (0.09, 0.36, 1.44 s), 5 steps per n² (not slow enough for the doubling
    beyond to decide alone): 2000 coins cut off at 16 s, at least ×6.7 per doubling from 500, above n².
    Read at 3/2 of the top, 0.2, 1.2 and 9.6 s: ×6.9 per doubling from 376, above n² too. The two agree:
    it fails, said with the lower. Before, the bound kept was judged a second time, widened to three
    doublings (×5.6 from 250), ruled nothing out, and the answer was stated as n²."""
    within = [Point(250, 0.09), Point(500, 0.36), Point(1000, 1.44)]
    seconds = _steady(within, 9)
    beyond: dict[int, list[float | None]] = {2000: [math.inf], 376: [0.2], 750: [1.2], 1500: [9.6]}
    check, _ = _judged(monkeypatch, seconds | beyond)
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "grows like n³ (more than ×6.7 per doubling, n = 500 → 2000)" in str(raised.value)


def test_a_higher_reading_within_the_tasks_sizes_not_confirmed_is_said_not_decided(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cubic answer: 0.07, 0.45 and 3.6 s, ×7.2 per doubling from 250 to 1000. Read again twice, 500
    coins slowed (0.7 s) and 1000 cut off at the 4 s call limit: a bound that rules nothing out, no vote.
    The higher reading stands unconfirmed: not failed, and said so, never as n²."""
    seconds: dict[int, list[float | None]] = {
        250: [0.07] * 9,
        500: [0.45, 0.45, 0.7, 0.7],
        1000: [3.6, 3.6, math.inf, math.inf],
    }
    check, _ = _judged(monkeypatch, seconds)
    measured = check.judge(Timings([Point(250, 0.07), Point(500, 0.45), Point(1000, 3.6)], None))
    assert measured.summary().startswith("time read above n² once (×7.2 per doubling, n = 250 → 1000)")


@pytest.mark.parametrize(
    ("on_1000", "said"),
    [([11.0, 4.2, 4.2], (250, 1000, 4.1)), ([math.inf, 3.2, 3.2], (250, 1000, 4.0))],
    ids=["higher-once-then-not", "cut-off-with-room-then-not"],
)
def test_a_higher_reading_within_the_tasks_sizes_not_confirmed_does_not_fail(
    monkeypatch: pytest.MonkeyPatch, on_1000: list[float | None], said: tuple[int, int, float]
) -> None:
    """250 and 500 coins in 0.25 and 1.0 s (0.2 and 0.8), 1000 cut off at 4 s, timed again with room: 11 s
    (×6.6 per doubling from 250), or cut off again at its room (12.8 s: ×16 on one timing, a bound read
    higher). Read again: 4.2 s, then 500 coins cut off (no vote) or 3.2 s again. One higher reading that
    no other confirms does not fail a right answer: the reading in full that is not higher stands."""
    first = 0.25 if on_1000[0] == 11.0 else 0.2
    smaller: list[float | None] = [1.0, 1.0, math.inf] if on_1000[0] == 11.0 else [first * 4] * 9
    seconds: dict[int, list[float | None]] = {250: [first] * 9, 500: smaller, 1000: on_1000}
    check, _ = _judged(monkeypatch, seconds, steps=1.0)
    within = [Point(250, first), Point(500, first * 4), Point(1000, 4.0, timed_out=True)]
    measured = check.judge(Timings(within, None))
    assert measured.time is not None
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == said
    assert not measured.undecided


def test_a_cut_off_timed_again_keeps_the_faster_timing_of_each_size_below(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cubic slice summed per cell: 0.0325, 0.175 and 0.95 s on 125, 250 and 500 coins, 1000 cut off at
    4 s; timed again with room, 7.6 s, but 250 coins slowed to 0.4 s in that reading. Kept as it was
    (0.175 s, the faster), 250 -> 1000 reads (7.6 / 0.175) ** (1 / 2) = ×6.6 per doubling, above n², read
    again and failed. Before, the slowed 0.4 s stood: ×4.4, and the answer was stated as n²."""
    seconds: dict[int, list[float | None]] = {
        125: [0.0325] * 9,
        250: [0.175, 0.175, 0.4, *[0.175] * 6],
        500: [0.95] * 9,
        1000: [7.6] * 3,
    }
    check, _ = _judged(monkeypatch, seconds, steps=20.0)
    within = [Point(125, 0.0325), Point(250, 0.175), Point(500, 0.95), Point(1000, 4.0, timed_out=True)]
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "grows like n³ (×6.6 per doubling, n = 250 → 1000)" in str(raised.value)


def test_a_bound_judged_alone_is_judged_again_once_the_answer_no_longer_reads_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A right answer, 2.3 s on 1000 coins (9 steps per n² at a step of 0.255 µs): 2000 coins cut off at
    16 s, ×7.0 on that doubling alone, above n² for so slow an answer. Read at 3/2 of the top in full,
    4.0 s on 1500 coins (7 steps): not slow enough for the doubling alone, so the bound is judged over two
    doublings (×5.3 from 500): no vote. A third reading, slowed (12.8 s, ×6.5 from 376), agrees with
    nothing: the reading in full that is not higher stands. Before, the bound kept its judgement alone,
    agreed with the slowed third, and the answer failed."""
    within = [Point(250, 0.144), Point(500, 0.575), Point(1000, 2.3)]
    seconds = _steady(within, 9)
    beyond: dict[int, list[float | None]] = {
        2000: [math.inf],
        376: [0.33, 0.3],
        750: [1.3, 1.3],
        1500: [4.0, 12.8],
    }
    seconds |= beyond
    check, _ = _judged(monkeypatch, seconds)
    monkeypatch.setattr(GrowthCheck, "_steps", lambda check, point: point.seconds / (point.n**2 * 2.55e-7))
    measured = check.judge(Timings(within, None))
    assert measured.time is not None
    assert (measured.time.low, measured.time.high) == (376, 1500)


def test_an_unclear_reading_beyond_is_timed_again_until_it_is_clear_or_the_budget_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer slow enough for the doubling beyond to decide alone (9 steps per n²), ×4 within (0.05,
    0.2, 0.8 s): 5.1 s on 2000 coins, ×6.4 on that doubling alone, between n² and a higher order. Timed
    again, the same: still unclear. A third time, 1000 coins in 0.75 s: the fastest of each size kept,
    ×6.8 (5.1 / 0.75), above n²; read again (6.1 s, within the budget), it agrees, and the answer fails.
    Before, an unclear reading was timed once more only, and the answer was left not decided."""
    within = [Point(250, 0.05), Point(500, 0.2), Point(1000, 0.8)]
    seconds: dict[int, list[float | None]] = {
        250: [0.05] * 9,
        500: [0.2] * 9,
        1000: [0.8, 0.8, 0.75, 0.75],
        2000: [5.1] * 4,
    }
    check, calls = _judged(monkeypatch, seconds, steps=9.0)
    with pytest.raises(WrongAnswer) as raised:
        check.judge(Timings(within, None))
    assert "grows like n³ (×6.8 per doubling, n = 1000 → 2000)" in str(raised.value)
    assert calls[-12:] == [500, 1000, 2000] * 4
