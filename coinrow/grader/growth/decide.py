"""The growth decision, as ``docs/grader-trust.md`` ("Order of growth: the method") states it: rounds of
timings over a window of three sizes, a robust slope per round, and a sequential rule that stops as soon as
the interval for the median slope lies on one side of a line, or the rounds or the budget run out.

The rule knows nothing of executors: it calls ``time`` for CPU seconds per call on fresh rows of a size, so
the grader (``coinrow.grader.growth.check``) and the simulator (``coinrow/dev/growth_errors.py``) run the
same code.
"""

from __future__ import annotations

import enum
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from coinrow.grader.growth.policy import GrowthPolicy
from coinrow.grader.measure.fit import median_interval, theil_sen
from coinrow.grader.measure.orders import Point

Timer = Callable[
    [int, float], Point
]  # (n coins, CPU seconds a call may take) -> seconds per call, or a bound


class FailedBeyond(Exception):
    """Raised by a timer for a call beyond the task's sizes that failed (raised, ran out of memory): such a
    failure is not the answer's, and the reading within the task's sizes stands."""


class Outcome(enum.Enum):
    """What the rounds settled."""

    TASK = "the task's order"  # the interval lies between k - lower_by and the line
    LOWER = "a lower order"  # the interval lies below k - lower_by
    HIGHER = "a higher order"  # the interval lies above the line: the answer fails
    NOT_DECIDED = "not decided"  # the rounds or the budget ran out with the interval across a line
    CUT_OFF = "cut off"  # a call within the task's sizes ran out of the call limit, on the lowest window too


@dataclass(frozen=True)
class Reading:
    """A decision and what it rests on: ``exponent`` is the median of the rounds' slopes over ``low`` to
    ``high`` coins, ``interval`` its distribution-free interval, ``seconds`` the median CPU seconds per call
    at ``high``, ``spent`` the CPU seconds of every timed call up to this reading. A reading ``CUT_OFF``
    has ``high`` the size cut off and ``low`` the largest size below it that finished in that round, or
    a quarter of ``high`` if none did: the next window's top."""

    outcome: Outcome
    exponent: float
    interval: tuple[float, float]
    low: int
    high: int
    rounds: int
    seconds: float
    spent: float
    beyond: bool = False  # the window reached one doubling past the task's sizes
    bound: bool = False  # a call there was cut off: its time and the slopes through it are lower bounds


def decide(
    time: Timer,
    target: int,
    scale: float,
    call_limit: float,
    unit: Callable[[], float],
    policy: GrowthPolicy,
    rng: random.Random,
) -> Reading:
    """Decide the order of an answer's time against n^``target``, as the method states.

    Args:
        time: CPU seconds per call on fresh random rows of n coins, given a limit per call.
        target: the task's exponent k (1 or 2).
        scale: the window's scale, drawn by the caller from ``policy.scale``.
        call_limit: CPU seconds a call within the task's sizes may take.
        unit: CPU seconds per coin of the game's own O(n) reduction on this machine, now.
        policy: the constants.
        rng: orders the sizes within each round.
    """
    window = policy.window(target, scale)
    spent, budget = 0.0, policy.budget * call_limit
    cut: Reading | None = None  # the first reading cut off, at the task's sizes
    while True:  # down, after a call cut off within the task's sizes, to where the calls finish
        # at the task's sizes and on the lowest window a cut-off decides, so it must repeat to count
        tries = policy.cut_tries if cut is None or window[-1] <= 4 * policy.lowest[target] else 1
        limits = {n: call_limit for n in window}
        reading = _rounds(time, window, limits, target, policy, rng, budget - spent, tries=tries)
        reading = replace(reading, spent=reading.spent + spent)
        spent = reading.spent
        cut = cut or (reading if reading.outcome is Outcome.CUT_OFF else None)
        top = max(reading.low, 4 * policy.lowest[target])  # where a call finished, if not too low
        if reading.outcome is not Outcome.CUT_OFF or top >= window[-1]:
            break
        window = tuple(top >> s & ~1 for s in (2, 1, 0))
    if cut is not None and reading.outcome is not Outcome.HIGHER:  # too slow at the task's sizes, whatever
        return replace(cut, spent=spent)  # the order below: the windows below only name a higher one
    slow = reading.outcome is Outcome.TASK and steps(reading, target, unit) >= policy.slow[target]
    if not slow and reading.outcome is not Outcome.NOT_DECIDED:
        return reading
    # one doubling beyond, while the interval straddles a line or the answer is slow, if its least rounds
    # fit in what is left of the budget for an answer of the task's order (1 + 2^k top sizes' calls each)
    top, left = window[-1], budget - spent
    if reading.bound or policy.beyond_rounds * reading.seconds * (1 + 2**target) > left:
        return replace(reading, outcome=Outcome.NOT_DECIDED)  # a slow answer's order is then not decided
    limits = {top: call_limit, 2 * top: min(policy.beyond_room * reading.seconds, left)}
    try:
        further = _rounds(time, (top, 2 * top), limits, target, policy, rng, left, beyond=2 * top)
    except FailedBeyond:
        return reading
    if further.outcome is Outcome.CUT_OFF:  # the task's top size slowed past the call limit
        return replace(reading, outcome=Outcome.NOT_DECIDED)
    return replace(further, spent=further.spent + spent, beyond=True)


def steps(reading: Reading, target: int, unit: Callable[[], float]) -> float:
    """The answer's time at the reading's top size in steps of the game's own O(n) reduction per n^k."""
    return reading.seconds / (unit() * float(reading.high) ** target)


def _rounds(
    time: Timer,
    sizes: Sequence[int],
    limits: dict[int, float],
    target: int,
    policy: GrowthPolicy,
    rng: random.Random,
    budget: float,
    beyond: int | None = None,
    tries: int = 1,
) -> Reading:
    """Rounds over ``sizes`` until the interval settles, ``policy.max_rounds`` pass, or the next round would
    pass ``budget`` CPU seconds (reckoned as the last round took). Fewer rounds than ``policy.min_rounds``
    (``policy.beyond_rounds`` beyond the task's sizes) decide nothing, except that ``policy.plain_rounds``
    whose interval lies below k + ``policy.plain_line`` state the task's order within its sizes. A call cut
    off at a size within the task's makes the reading ``CUT_OFF`` (only if cut off ``tries`` times in a
    row, each on a fresh row). One cut off at the size ``beyond`` them leaves its limit as a lower bound of
    its time."""
    slopes: list[float] = []
    tops: list[float] = []
    spent, cut, top = 0.0, False, sizes[-1]
    outcome = Outcome.NOT_DECIDED
    while len(slopes) < policy.max_rounds:
        points, cost = _round(time, sizes, limits, beyond, rng, tries)
        spent += cost
        if isinstance(points, tuple):
            return Reading(Outcome.CUT_OFF, 0.0, (0.0, 0.0), *points, len(slopes), 0.0, spent)
        cut = cut or (beyond is not None and points[beyond].timed_out)
        slopes.append(theil_sen({n: p.seconds for n, p in points.items()}) or 0.0)
        tops.append(points[top].seconds)
        outcome = _outcome(slopes, target, policy, cut, beyond is not None)
        if outcome is not Outcome.NOT_DECIDED or spent + cost > budget:
            break
    low, high = median_interval(slopes, policy.confidence)
    median, seconds = statistics.median(slopes), statistics.median(tops)
    return Reading(outcome, median, (low, high), sizes[0], top, len(slopes), seconds, spent, bound=cut)


def _round(
    time: Timer,
    sizes: Sequence[int],
    limits: dict[int, float],
    beyond: int | None,
    rng: random.Random,
    tries: int = 1,
) -> tuple[dict[int, Point] | tuple[int, int], float]:
    """One round: every size once, in a shuffled order, and the CPU seconds it took. When a call within the
    task's sizes is cut off ``tries`` times in a row the round ends there, and in place of its
    points it gives the largest size below the cut one that finished in this round (a quarter of the cut
    one if none did) and the size cut off."""
    order = list(sizes)
    rng.shuffle(order)
    points: dict[int, Point] = {}
    spent = 0.0
    for n in order:
        point = time(n, limits[n])
        for _ in range(tries - 1):  # made again, up to ``tries`` times, before a cut-off counts
            if not point.timed_out or n == beyond:
                break
            spent += point.seconds
            point = time(n, limits[n])
        if point.timed_out and n != beyond:
            return (max((m for m in points if m < n), default=n // 4), n), spent + point.seconds
        points[n] = point
        spent += point.seconds
    return points, spent


def _outcome(slopes: list[float], target: int, policy: GrowthPolicy, cut: bool, beyond: bool) -> Outcome:
    """What the rounds' slopes settle so far: nothing before ``policy.min_rounds`` (``beyond_rounds``
    beyond the task's sizes), but the task's order after ``plain_rounds`` far below the line."""
    low, high = median_interval(slopes, policy.confidence)
    settled = _settled(low, high, target, policy.beyond_line if beyond else policy.line, policy, cut)
    plainly = not beyond and settled is Outcome.TASK and high < target + policy.plain_line
    if plainly and len(slopes) >= policy.plain_rounds:
        return settled
    return (
        settled
        if len(slopes) >= (policy.beyond_rounds if beyond else policy.min_rounds)
        else Outcome.NOT_DECIDED
    )


def _settled(low: float, high: float, target: int, line: float, policy: GrowthPolicy, cut: bool) -> Outcome:
    """Where the interval ``(low, high)`` lies against the lines; a slope through a cut-off call is a lower
    bound, which can only show a higher order."""
    if low > target + line:
        return Outcome.HIGHER
    if cut:
        return Outcome.NOT_DECIDED
    if high < target - policy.lower_by:
        return Outcome.LOWER
    if high < target + line and low > target - policy.lower_by:
        return Outcome.TASK
    return Outcome.NOT_DECIDED
