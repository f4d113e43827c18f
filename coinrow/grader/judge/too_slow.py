"""How the time of a call that ran out of time grows on the first coins of its row: the line under the
too-slow message, measured on the spot.

The row's first coins are timed at growing sizes (``ladder``, ``climb``), each once. Exponential growth is
read by its ratio per added coin on small rows: two steps in a row of ``EXPONENTIAL_PER_COIN`` or more per
coin from n = 12 on, which no polynomial of degree 6 or less makes (n^6 grows ×(16/14)^3 = 1.49 per coin
from 14 coins to 16, less further on; n^7 makes them, and is said to grow exponentially), 2^n doubles it.
A power is read as the growth check reads one (``coinrow.grader.measure.fit``):
three sizes the climb timed are a window (the largest whose call finished in ``READABLE_SECONDS`` or more,
and below it the largest such at most half the one above), the climb is its first round, and more rounds
time the window again in a shuffled order, on fresh random rows of those sizes (a cache keyed by the row
never hits), until the interval of the median of the rounds' Theil-Sen slopes lies within one whole order's
band (``FLOOR_ROUNDS`` rounds at least, ``MOST_FLOOR_ROUNDS`` at most, ``FLOOR_BUDGET`` CPU seconds). The
order said is a floor: the largest whole k the interval lies wholly above k - 1/2 of, and never above the
next order up from the task's. A round with a call cut off ends the rounds (a slope through a cut-off is
no bound); with fewer than ``FLOOR_ROUNDS`` read, the climb's ratio is said as measured once, no order named.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Callable, Sequence

from coinrow.game.cost import Order
from coinrow.game.rows import random_row
from coinrow.grader.executor.process import STARTUP_CPU
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.measure.fit import median_interval, theil_sen
from coinrow.grader.measure.orders import TARGET_EXPONENT, Point, Step
from coinrow.grader.messages import growth as messages

#: a too-slow row's shape and rows of k coins of that shape, drawn with the random source given
Shaped = tuple[str, Callable[[int, random.Random], list[int]]]
PREFIX_CALL_LIMIT = 1.0  # CPU seconds a call on the first coins of a too-slow row may take
EXPONENTIAL_PER_COIN = 1.5  #: per added coin, twice in a row from n = 12 on: past any polynomial of degree 6
PER_COIN_STEP = 4  #: coins between two sizes compared per added coin, at most
EXPONENTIAL_SECONDS = 0.005  #: only calls this long are compared per coin (their fixed cost is small)
#: only calls this long are in the window a power is read on: the executor's round trip (about 0.13 ms) is a
#: small part of them
READABLE_SECONDS = 0.002
STEP_STOP_SECONDS = 0.25  #: ``climb`` stops after a call this long: the next takes 4 to 8 times as long
#: rounds over the window (the climb's included) before its order is said, and at most: with four the
#: extremes cover the median slope with 0.875, with five 0.94 (``fit.covers``); simulated (``make
#: growth-errors``, 10,000 lines each): with 3 before an order is named, an order above the answer's was
#: named under sibling spells for 1 n² and 2 n³ answers; with 4, for none
FLOOR_ROUNDS, MOST_FLOOR_ROUNDS = 4, 5
#: a call in the rounds may take this many times the climb's limit: a slow spell on a window's top call
#: (which the climb let take up to its limit) rarely cuts a round short
ROUND_ROOM = 2.0
FLOOR_CONFIDENCE = 0.8  #: the interval's coverage asked, as the growth check's (``GrowthPolicy.confidence``)
#: CPU seconds the rounds after the climb may take: no round is started that would pass it (reckoned as the
#: last one took); a window's top call took a second at most in the climb (``PREFIX_CALL_LIMIT``) and the
#: one below it at most half as long, so ``FLOOR_ROUNDS`` rounds fit
FLOOR_BUDGET = 5.0


def growth_before(
    time_row: Callable[[list[int], float], float],
    row: Sequence[int],
    call_limit: float,
    asked: Order,
    shaped: Shaped | None = None,
) -> tuple[str, None] | None:
    """The line under a too-slow message for ``row``, with ``time_row(row, limit)`` the CPU seconds of one
    call (raising ``CallTimeout`` past ``limit``); None when a shorter row failed otherwise (the attempt
    raised, or is not attempted there). With ``shaped``, ``(shape, rows)``: the row is of that shape, and
    in place of its first coins and fresh random rows, ``rows(k, rng)`` rows of k coins of the same shape
    are timed (the first coins of a row that rises then falls only rise, and cost a linear scan nothing)."""
    rng = random.Random()  # the fresh rows: no two lines alike

    def timed(coins: list[int], limit: float) -> Point:
        try:
            return Point(len(coins), time_row(coins, limit))
        except CallTimeout:
            return Point(len(coins), limit, timed_out=True)

    def prefix(k: int, limit: float) -> Point:
        return timed(list(row[:k]) if shaped is None else shaped[1](k, rng), limit)

    def fresh(k: int, limit: float) -> Point:
        return timed(random_row(k, rng) if shaped is None else shaped[1](k, rng), limit)

    try:
        time_row(list(row[:2]), call_limit + STARTUP_CPU)  # the executor ended with the call: started again
        points, step = growth_read(prefix, fresh, len(row), call_limit, rng)
    except (WrongAnswer, NotAttempted, CallTimeout):
        return None
    shape = None if shaped is None else shaped[0]
    return growth_line_under_a_time_out(step, asked, points, shape), None


def growth_read(
    prefix: Callable[[int, float], Point],
    fresh: Callable[[int, float], Point],
    n: int,
    call_limit: float,
    rng: random.Random,
) -> tuple[list[Point], Step | None]:
    """How the time grows below ``n`` coins, as the module docstring reads it: ``prefix(k, limit)`` times a
    call on the row's first ``k`` coins, ``fresh(k, limit)`` one on a fresh row of ``k`` coins (a call past
    ``limit`` CPU seconds cut off); the climb's calls get ``PREFIX_CALL_LIMIT`` at most, the rounds'
    ``ROUND_ROOM`` times that. Returns the climb's timings and the growth read, if any."""
    limit = min(call_limit, PREFIX_CALL_LIMIT)
    points = climb(ladder(n), lambda k: prefix(k, limit))
    return points, per_coin(points) or power_floor(points, lambda k: fresh(k, ROUND_ROOM * limit), rng)


def growth_line_under_a_time_out(
    step: Step | None, asked: Order, climbed: Sequence[Point] = (), shape: str | None = None
) -> str:
    """The line under a too-slow message: how the time grew on the first coins of the row that ran out of
    time (with ``shape``, on shorter rows of its shape) (``step``, from ``per_coin`` or ``power_floor``),
    and whether that is above the task's order ``asked``; with no step, what the climb's timings
    (``climbed``) were."""
    if step is None:
        finished = [p.n for p in climbed if not p.timed_out]
        cut = next((p for p in climbed if p.timed_out), None)
        ran_past = None if cut is None else (cut.n, cut.seconds)
        return messages.not_measured(min(finished, default=0), max(finished, default=0), ran_past, shape)
    if step.unread:
        return messages.measured_once(step.ratio, step.low, step.high, shape)
    target = TARGET_EXPONENT.get(asked, step.named_exponent)
    step = step.capped(target + 1)
    above = step.kind == "power" and step.named_exponent > target
    return messages.measured_under_a_time_out(  # on shorter rows a higher order shows least: a floor
        step.words(floor=True), step.kind == "exponential", asked.value if above else None, shape
    )


def power_floor(
    climbed: Sequence[Point], seconds_at: Callable[[int], Point], rng: random.Random
) -> Step | None:
    """The power the time grows at least like, read in rounds over the window the climb found (the module
    docstring): a ``Step`` whose ratio per doubling is 2 to the median of the rounds' slopes and whose
    ``floor`` is the largest whole k with the interval wholly above k - 1/2; ``unread`` (the climb's
    ratio, no floor) when fewer than ``FLOOR_ROUNDS`` rounds were read (a call on a fresh row cut off, or
    the budget spent); None when the window holds fewer than two sizes. ``seconds_at(n)`` times one call
    on a fresh row of ``n`` coins.

    >>> climbed = [Point(62, 0.016), Point(124, 0.064), Point(250, 0.26)]  # n², the other rounds alike
    >>> step = power_floor(climbed, lambda n: Point(n, 0.26 * (n / 250) ** 2), random.Random(0))
    >>> step.words(floor=True)
    'the time grows at least like n² (×4.0 per doubling, n = 62 → 250)'
    """
    window = _window(climbed)
    if len(window) < 2:
        return None
    sizes = [p.n for p in window]
    slopes = [theil_sen({p.n: p.seconds for p in window}) or 0.0]
    spent, cost = 0.0, sum(p.seconds for p in window)
    while len(slopes) < MOST_FLOOR_ROUNDS and spent + cost <= FLOOR_BUDGET:
        if len(slopes) >= FLOOR_ROUNDS and band_order(*median_interval(slopes, FLOOR_CONFIDENCE)) is not None:
            break
        points = [seconds_at(n) for n in rng.sample(sizes, len(sizes))]
        if any(p.timed_out for p in points):  # no slope through a call cut off is read: the rounds end
            break
        cost = sum(p.seconds for p in points)
        spent += cost
        slopes.append(theil_sen({p.n: p.seconds for p in points}) or 0.0)
    if len(slopes) < FLOOR_ROUNDS:  # the climb's timings alone are said, as measured once, no order named
        return Step("power", 2 ** slopes[0], sizes[0], sizes[-1], unread=True)
    floor = floor_order(median_interval(slopes, FLOOR_CONFIDENCE)[0])
    return Step("power", 2 ** statistics.median(slopes), sizes[0], sizes[-1], floor=floor)


def _window(climbed: Sequence[Point]) -> list[Point]:
    """Up to three sizes of the climb, smallest first: the largest whose call finished in
    ``READABLE_SECONDS`` or more, and below it the largest such at most half the one above."""
    window: list[Point] = []
    for point in sorted(climbed, key=lambda p: -p.n):
        readable = not point.timed_out and point.seconds >= READABLE_SECONDS
        if readable and len(window) < 3 and (not window or 2 * point.n <= window[0].n):
            window.insert(0, point)
    return window


def per_coin(points: Sequence[Point]) -> Step | None:
    """Exponential growth on small rows: the ratio per added coin between the two largest sizes measured
    (n >= 12, at most ``PER_COIN_STEP`` coins apart), when it and the step below are both
    ``EXPONENTIAL_PER_COIN`` or more, on calls long enough to read (``EXPONENTIAL_SECONDS``); else None.

    >>> found = per_coin([Point(16, 0.012), Point(18, 0.047), Point(20, 0.19)])
    >>> found.kind, round(found.ratio, 2), found.low, found.high  # (0.19 / 0.047) ** (1 / 2)
    ('exponential', 2.01, 18, 20)
    >>> per_coin([Point(18, 0.047), Point(20, 0.19)]) is None  # one step alone is not enough
    True
    >>> per_coin([Point(18, 0.04), Point(20, 0.17), Point(22, 0.69), Point(26, 1.5, timed_out=True)]).low
    20
    """
    small = sorted((p for p in points if p.n >= 12), key=lambda p: p.n)
    steps: list[Step] = []  # per-coin steps from the largest size down
    for low, high in reversed(list(itertools.pairwise(small))):
        if low.timed_out or low.seconds < EXPONENTIAL_SECONDS or high.n - low.n > PER_COIN_STEP:
            continue
        ratio = (high.seconds / low.seconds) ** (1 / (high.n - low.n))
        if high.timed_out and ratio < EXPONENTIAL_PER_COIN:
            continue  # a lower bound under the threshold proves nothing: look further down
        steps.append(Step("exponential", ratio, low.n, high.n, high.timed_out))
        if len(steps) == 2:
            break
    if len(steps) == 2 and all(step.ratio >= EXPONENTIAL_PER_COIN for step in steps):
        return steps[1] if steps[0].at_least else steps[0]
    return None


def climb(sizes: Sequence[int], seconds_at: Callable[[int], Point]) -> list[Point]:
    """Time ``seconds_at(n)`` for each size, smallest first, until a call runs out of time or, once two
    sizes are timed, takes ``STEP_STOP_SECONDS`` or more."""
    points: list[Point] = []
    for n in sorted(sizes):
        points.append(seconds_at(n))
        if points[-1].timed_out or (points[-1].seconds >= STEP_STOP_SECONDS and len(points) >= 2):
            break
    return points


def ladder(largest: int, smallest: int = 8) -> list[int]:
    """The sizes a too-slow call is measured on: every second size from 12 to 24 (exponential growth
    shows there), then ``largest`` halved down to 32, each even (some katas take even rows only); all
    below ``largest``.

    >>> ladder(1000)
    [8, 12, 14, 16, 18, 20, 22, 24, 62, 124, 250, 500]
    """
    halves = []
    n = largest // 2
    while n >= 32:
        halves.append(n - n % 2)
        n //= 2
    return sorted(n for n in {smallest, *range(12, 25, 2), *halves} if n < largest)


def floor_order(low: float) -> int:
    """The largest whole order k an interval whose low end is ``low`` lies wholly above k - 1/2 of (0 at
    least): the order it shows the growth to be at least.

    >>> floor_order(2.3), floor_order(2.6), floor_order(1.5)
    (2, 3, 1)
    """
    return max(0, math.ceil(low + 0.5) - 1)


def band_order(low: float, high: float) -> int | None:
    """The whole order k whose band (k - 1/2, k + 1/2) holds the interval ``(low, high)``, if one does.

    >>> band_order(0.6, 1.2), band_order(0.01, 0.70)
    (1, None)
    """
    k = floor_order(low)
    return k if high < k + 0.5 else None
