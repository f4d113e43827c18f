"""How the time of a call that ran out of time grows on the first coins of its row: the line under the
too-slow message, measured on the spot (the row's first coins, each size timed once).

A power is read as the Theil-Sen slope (``coinrow.grader.measure.fit``) over the three largest sizes timed;
exponential growth by its ratio per added coin on small rows: no polynomial of degree 4 or less multiplies
its time by ``EXPONENTIAL_PER_COIN`` per coin from n = 12 on (n^4 grows ×(13/12)^4 = 1.38 from 12 coins
to 13, less further on), 2^n doubles it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from coinrow.game.cost import Order
from coinrow.grader.executor.process import STARTUP_CPU
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.measure.fit import theil_sen
from coinrow.grader.measure.orders import TARGET_EXPONENT, Point, Step
from coinrow.grader.messages import growth as messages

PREFIX_CALL_LIMIT = 1.0  # CPU seconds a call on the first coins of a too-slow row may take
EXPONENTIAL_PER_COIN = 1.5  #: per added coin, from n = 12 on: beyond any polynomial of degree 4
PER_COIN_STEP = 4  #: coins between two sizes compared per added coin, at most
EXPONENTIAL_SECONDS = 0.005  #: only calls this long are compared per coin (their fixed cost is small)
STEP_STOP_SECONDS = 0.25  #: ``climb`` stops after a call this long: the next takes 4 to 8 times as long


def growth_before(
    time_prefix: Callable[[int, float], float], n: int, call_limit: float, asked: Order
) -> tuple[str, None] | None:
    """The line under a too-slow message for a row of ``n`` coins, with ``time_prefix(k, limit)`` the CPU
    seconds of one call on the row's first ``k`` coins (raising ``CallTimeout`` past ``limit``); None when
    a shorter row failed otherwise (the attempt raised, or is not attempted there)."""
    limit = min(call_limit, PREFIX_CALL_LIMIT)

    def seconds_at(k: int) -> Point:
        try:
            return Point(k, time_prefix(k, limit))
        except CallTimeout:
            return Point(k, limit, timed_out=True)

    try:
        time_prefix(2, call_limit + STARTUP_CPU)  # the executor ended with the call: started again, untimed
        points = climb(ladder(n), seconds_at)
    except (WrongAnswer, NotAttempted, CallTimeout):
        return None
    return growth_line_under_a_time_out(points, asked), None


def growth_line_under_a_time_out(points: Sequence[Point], asked: Order) -> str:
    """The line under a too-slow message: how the time grew on the first coins of the row that ran out of
    time (``points``, from ``climb``), and whether that is above the task's order ``asked``."""
    step = under_a_time_out(points)
    if step is None:
        return messages.not_measured()
    above = step.kind == "power" and step.named_exponent > TARGET_EXPONENT.get(asked, step.named_exponent)
    return messages.measured_under_a_time_out(  # on first coins a higher order shows least: a floor
        step.words(floor=True), step.kind == "exponential", asked.value if above else None
    )


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


def under_a_time_out(points: Sequence[Point]) -> Step | None:
    """The growth to tell under a call that ran out of time, from ``points`` timed on the row's first coins:
    exponential growth per added coin if shown; else the Theil-Sen slope (``measure.fit``) over the three
    largest sizes timed in full, as a ratio per doubling; None when fewer than two were.

    >>> under_a_time_out([Point(250, 0.05), Point(500, 0.35), Point(1000, 2.0, timed_out=True)]).words()
    'the time grows like n³ (×7.0 per doubling, n = 250 → 500)'
    """
    finished = sorted((p for p in points if not p.timed_out and p.n >= 32), key=lambda p: p.n)[-3:]
    slope = theil_sen({p.n: p.seconds for p in finished})
    power = None if slope is None else Step("power", 2**slope, finished[0].n, finished[-1].n)
    return per_coin(points) or power


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
