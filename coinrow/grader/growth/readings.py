"""What the growth check reads in its timings: the doubling it judges, and whether it shows the task's order
plainly, undecided, or needs the deciding sizes timed again (``coinrow.grader.growth.check``)."""

from __future__ import annotations

import math
from collections.abc import Callable

from coinrow.grader.measure.orders import (
    SURELY_WITHIN,
    Point,
    Step,
    judged,
    last_doubling,
    over_two_doublings,
)

BELOW = (0.9, 2.1)  # doublings below a reading's largest size, as log2, of the sizes timed with it


def slower_last(point: Point) -> tuple[bool, float]:
    """The order in which two timings of one size are kept: one in full before a time-out, then the faster."""
    return point.timed_out, point.seconds


def judged_on(points: list[Point], step: Step) -> Step:
    """The growth the time is judged on: over the deciding doubling and the one below it, where both were
    timed in full (``over_two_doublings``). A table that outgrows a cache between two sizes slows each of
    its steps: an n² answer with its table in a dict measured ×5.1-6.5 from n = 500 to 1000 on a quiet
    2-core machine and ×6.7 beside other work, but ×4.0-5.4 per doubling from 250 to 1000 beside it."""
    return over_two_doublings(points, step)


def higher(points: list[Point], step: Step, target: int, alone: bool) -> bool:
    """True when ``step`` reads an order above n^``target`` over two doublings (``judged_on``), or, where
    ``alone``, on its own."""
    return (alone and judged(step, target) == "higher") or judged(judged_on(points, step), target) == "higher"


def plain(step: Step, target: int) -> bool:
    """True when a timing needs no second look: it grew no faster than n^(``target`` + ``SURELY_WITHIN``),
    and not so much slower that the summary would name an order below the task's. A slower reading
    within that names the order the task asks either way, and could hide a higher one only if the
    smaller size alone were slowed ×4.9 or more over two doublings (an n³ answer read as n^1.85)."""
    return step.exponent - target <= SURELY_WITHIN and step.named_exponent >= target


def climbs_on(points: list[Point], target: int) -> bool:
    """True unless the time so far (``judged_on``) already reads an order above n^``target``: the ladder
    climbs to the task's largest sizes past any long call (the suite calls a row of the largest size
    anyway), so neither padding of the smaller sizes nor a machine's slow spell stops it where a higher
    order's share is still small (a range summed from a slice per cell, n³ in C, grows ×5.4 per doubling
    from 126 to 500, ×8 beyond); a higher order read stops it, as its next size would take 8 times as
    long, and it is read again before it is said."""
    step = last_doubling(points)
    return step is None or judged(judged_on(points, step), target) != "higher"


def unclear(points: list[Point], step: Step, target: int, alone: bool) -> bool:
    """True when a reading in full beyond the task's sizes is neither plainly of order n^``target`` nor
    higher (``higher``; ``alone``: on the doubling alone too): the order may be either. Beside two busy
    loops a padded cubic answer read ×5.6-6.0 so, and a right table of ``Fraction``s ×2.5 (its smaller
    size slowed)."""
    return not step.at_least and not plain(step, target) and not higher(points, step, target, alone)


def deciding(points: list[Point], target: int) -> Step | None:
    """The doubling the time is judged on: the last one; but a bound from a time-out that does not show
    a higher order decides nothing, and the last doubling timed in full, if any, is judged instead."""
    time = last_doubling(points)
    if time is not None and time.at_least and judged(time, target) != "higher":
        time = last_doubling([p for p in points if not p.timed_out]) or time
    return time


def timed_again(
    timed: Callable[[int], Point], points: list[Point], step: Step, smaller_only: bool
) -> list[Point]:
    """The two sizes of ``step`` and the one a doubling below them (``smaller_only``: the two below
    ``step.high``) timed once more with ``timed``, in turn, on new rows (a busy spell slows them alike),
    the faster timing of each kept."""

    def deciding_size(n: int) -> bool:
        return n == step.low or (n == step.high and not smaller_only) or 0.9 <= math.log2(step.low / n) <= 1.1

    fastest = {p.n: p for p in points if deciding_size(p.n) and not p.timed_out}
    for n, before in list(fastest.items()):
        fastest[n] = min(before, timed(n), key=slower_last)
    return [fastest.get(p.n, p) for p in points]


def read_once_more(
    timed: Callable[[int, float | None], Point], points: list[Point], limit: float, fastest: bool = False
) -> tuple[list[Point], float]:
    """The largest of ``points`` and the sizes its growth is judged on with (``BELOW`` it) timed once more
    with ``timed``, back to back, smallest first, on new rows (the largest with ``limit``): ``points``
    with those timings in their place (``fastest``: the faster of each size's two timings), and the CPU
    seconds the new timings took.

    Raises:
        WrongAnswer: a call failed.
    """
    high = max(p.n for p in points)
    low = min((p.n for p in points if BELOW[0] <= math.log2(high / p.n) <= BELOW[1]), default=high)
    again = {p.n: timed(p.n, limit if p.n == high else None) for p in points if p.n >= low}
    spent = sum(p.seconds for p in again.values())
    if fastest:
        again = {p.n: min(p, again[p.n], key=slower_last) for p in points if p.n in again}
    return [again.get(p.n, p) for p in points], spent


def bound_judged(points: list[Point], step: Step, largest: int, alone: bool) -> Step:
    """``step``, or, for a time-out beyond the task's ``largest`` size, the bound it is judged on, as a
    reading in full is (``higher``): over two doublings, or, for an answer slow enough for the doubling
    beyond to decide ``alone``, the higher of that and ``step``. One time-out on 2000 coins, 16 s after
    2.3 s on 1000, is ×7.0 on its own and ×5.3 from 500 coins, where a right table kept in a dict reads
    ×6.6-7.2 on that doubling alone; padding to 2.64 s on 976 coins, past 16 s on 1952, ×6.1 on its
    own and ×7.1 from 488 coins (0.32 s)."""
    if not step.at_least or step.high <= largest:
        return step
    wide = over_two_doublings(points, step, bound=True)
    return max(step, wide, key=lambda bound: bound.exponent) if alone else wide


def below_cost(points: list[Point], high: int) -> float:
    """CPU seconds the sizes timed with ``high`` coins in a reading (``BELOW`` it) took last in ``points``."""
    low, top = BELOW
    return sum(p.seconds for p in points if p.n < high and low <= math.log2(high / p.n) <= top)


def verdict(points: list[Point], step: Step, target: int, alone: bool) -> bool | None:
    """Whether a reading reads an order above n^``target`` (``higher``); None for a time-out's bound that
    does not: a call cut off rules no order out."""
    above = higher(points, step, target, alone)
    return None if step.at_least and not above else above


def settled(
    readings: list[tuple[list[Point], Step]], target: int, alone: bool
) -> tuple[tuple[list[Point], Step], bool]:
    """The reading beyond the task's sizes that stands when no two agree, and whether it is a higher order
    read but not confirmed: the lowest not higher, if one was measured in full; else the lowest higher
    one, unconfirmed (its order not decided, never failed on)."""
    verdicts = [verdict(*reading, target, alone) for reading in readings]
    for wanted in (False, True):
        kept = [reading for reading, said in zip(readings, verdicts, strict=True) if said is wanted]
        if kept:
            return min(kept, key=lambda reading: judged_on(*reading).ratio), wanted
    return readings[0], False
