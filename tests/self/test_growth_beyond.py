"""A higher order read within the task's sizes or beyond them is read once more before it is said; the
doubling beyond is timed with the sizes below it, back to back.

The timings here are made up, the check's own rules applied to them: each test gives the seconds each
size takes, call by call, and a check whose answer is slow per step (so it is always timed beyond).
"""

from __future__ import annotations

import random

import pytest

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.growth.check import GrowthCheck, Timings
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import Point

WITHIN = (250, 500, 1000)  # the ladder's sizes timed before the check judges; 2000 lies beyond


def _judged(
    monkeypatch: pytest.MonkeyPatch, seconds: dict[int, list[float | None]], steps: float = 5.0
) -> tuple[GrowthCheck, list[int]]:
    """A check whose calls on ``n`` coins take ``seconds[n]`` in turn (None: the call fails), and the sizes
    it timed, in order."""
    calls: list[int] = []

    def timed(check: GrowthCheck, n: int, limit: float | None = None) -> Point:
        calls.append(n)
        taken = seconds[n].pop(0)
        if taken is None:
            raise WrongAnswer("difference_dp", (1,), "a failure beyond the task's sizes", kind="exception")
        return Point(n, taken)

    monkeypatch.setattr(GrowthCheck, "timed", timed)
    monkeypatch.setattr(GrowthCheck, "_steps", lambda check, point: steps)  # 4 or more: timed beyond
    check = GrowthCheck(Grader(REPO_ROOT / "solutions", 4.0), "difference_dp", random.Random(7))
    return check, calls


def _right(beyond: list[float | None]) -> dict[int, list[float | None]]:
    """An n² answer: ×4 per doubling within (each size timed as often as the check may), then ``beyond``
    for the doubling beyond, each timing with the sizes below it timed again."""
    within: dict[int, list[float | None]] = {250: [0.02] * 3, 500: [0.08] * 5, 1000: [0.32] * 5}
    return {**within, 2000: beyond}


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
    seconds: dict[int, list[float | None]] = {p.n: [p.seconds] * 5 for p in within}
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
    within: dict[int, list[float | None]] = {250: [0.02] * 3, 500: [0.08] * 5, 1000: [0.32] * 5}
    check, _ = _judged(monkeypatch, {**within, 2000: [2.112, second, second]}, steps)
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


def test_a_higher_order_read_once_beyond_that_cannot_be_read_again_is_not_decided(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """×4 per doubling within (0.1, 0.4 and 1.6 s), then 24 s on 2000 coins: ×(24 / 0.4) ** (1 / 2) = ×7.7
    per doubling from 500, a higher order, read once. Reading it again would take the readings beyond
    past ``BEYOND_BUDGET`` call limits (4 s each): 0.4 + 1.6 + 24 s so far, then up to 16 s (4 call
    limits, the room beyond) and 2 s below it: 44 > 40. One reading decides nothing: the order is said
    not decided, with the reading, and the answer is not failed."""
    within = [Point(250, 0.1), Point(500, 0.4), Point(1000, 1.6)]
    seconds: dict[int, list[float | None]] = {p.n: [p.seconds] * 5 for p in within}
    check, calls = _judged(monkeypatch, {**seconds, 2000: [24.0, 4 * 1.6]})
    measured = check.judge(Timings(within, None))
    assert calls[-3:] == [500, 1000, 2000]  # read once beyond
    assert measured.undecided
    assert measured.read_once
    assert measured.summary() == (
        "time read once above n² (×7.7 per doubling, n = 500 → 2000), not read again within the CPU the"
        " check may spend: its order is not decided"
    )


def test_a_higher_order_read_beyond_is_read_again_while_the_budget_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same answer, 18 s on 2000 coins (×6.7 per doubling from 500: higher), read again within the
    budget (20 s so far, + 16 + 2 = 38 ≤ 40) as 12 s (×5.5: not higher). A third reading would pass it
    (0.4 + 1.6 + 18 + 0.4 + 1.6 + 12 = 34 s, + 16 + 2 > 40): the two disagree and cannot be settled, so
    the lower stands, its doubling beyond alone (12 / 1.6 = ×7.5) said as not decided, never failed."""
    within = [Point(250, 0.1), Point(500, 0.4), Point(1000, 1.6)]
    seconds: dict[int, list[float | None]] = {p.n: [p.seconds] * 5 for p in within}
    check, calls = _judged(monkeypatch, {**seconds, 2000: [18.0, 12.0, 18.0]})
    measured = check.judge(Timings(within, None))
    assert calls[-6:] == [500, 1000, 2000] * 2  # read twice, not three times
    assert measured.time is not None
    assert measured.undecided
    assert not measured.read_once
    assert (measured.time.low, measured.time.high, round(measured.time.ratio, 1)) == (1000, 2000, 7.5)
