"""Orders of growth measured, not guessed: a ladder of row sizes, timed, and the order read from ratios.

The time of one call is the CPU time of the process that runs the attempt (read from outside,
``coinrow.grader.judge.calls``). A ladder doubles n (126, 250, 500, 1000 for a table kata) and the
order is read from the ratio per doubling over the three largest sizes timed (two doublings;
one where only two were): n² gives ×4 per doubling, n³ ×8. A ratio of CPU times on one machine
in one run does not depend on how fast the machine is, nor on how many processes wait for its
cores. What it does depend on is the memory's caches: a table that outgrows one between two
sizes makes each step cost more, and work beside it that shares the caches more so; over two
doublings that weighs half as much as over one. Exponential growth is told apart by its
ratio per added coin, measured on small rows: no polynomial of degree 4 or less multiplies its
time by 1.5 per coin beyond n = 12 ((14/12)^2 = 1.36), 2^n doubles it.

Where a call runs out of its CPU limit, the limit is a lower bound of its time, so a ratio
from it is a lower bound too (``Step.at_least``). Memory is measured the same way, by the peak
``tracemalloc`` traces; it does not depend on the machine at all.

The margins (``judged``): a time ratio at most 2^(k + 0.5) matches an order n^k; one at least
2^(k + 0.7) is a higher order; in between, "could not tell" rather than a guess. Measured on a
quiet 2-core machine, interleaved and the fastest of three calls kept, the references' ratios
from n = 500 to 1000 lay at ×3.8-4.1, top_down_memo's at ×5.2-5.4 (cache misses on a memo of
500 k entries), under 2^2.5 = 5.66; the catalogue's cubic answers at ×6.9-8.9, over 2^2.7 = 6.5.
An interval DP kept in a dict reached ×6.7 from 500 to 1000 beside other work, ×4.0-5.4 per
doubling from 250 to 1000.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from coinrow.game.cost import Order
from coinrow.game.registry import Formulation
from coinrow.grader.messages import growth as messages

MATCHES_BELOW = 0.5  # a time ratio up to 2^(k + this) per doubling is order n^k
HIGHER_FROM = 0.7  # one of 2^(k + this) or more is a higher order than n^k
# a first, single timing up to 2^(k + this) per doubling, over two doublings, needs no second look: the
# references read ×4.1-4.8 per doubling on random rows with other work on the machine (2^2.3 = ×4.9). To
# hide n^(k+1) so, the smaller size alone would have to be slowed ×2.6; and an answer slow per step
# (``check.SLOW``), where a higher order's share could hide, is measured further anyway. A lower reading
# is timed again only where the summary would name a lower order: the processes an attempt starts count,
# and what slows the first, smaller sizes alone makes the growth read lower.
SURELY_WITHIN = 0.3
# Memory is traced, not timed: the same on every run, so its margins are narrower (the references' ratios
# lie at 3.9-4.8 for n², the catalogue's n³ answers at 6.7 and above).
MEMORY_MARGINS = (0.45, 0.6)
TIME_MARGINS = (MATCHES_BELOW, HIGHER_FROM)
EXPONENTIAL_PER_COIN = 1.5  # per added coin, from n = 12 on: beyond any polynomial of degree 4
PER_COIN_STEP = 4  # coins between two sizes compared per added coin, at most
EXPONENTIAL_SECONDS = 0.005  # per added coin, only calls this long are compared (their fixed cost is small)
MEANINGFUL_SECONDS = 0.001  # shorter calls are mostly the call's own fixed cost: never read alone
STEP_STOP_SECONDS = 0.25  # a ladder stops climbing after a call this long: the next is ~4-8x

TARGET_EXPONENT = {Order.CONSTANT: 0, Order.LINEAR: 1, Order.QUADRATIC: 2}
# the sizes the time of a kata is measured at, by the exponent of its task's order
TIME_LADDERS = {2: (126, 250, 500, 1000), 1: (1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000)}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Point:
    """One size of a ladder: ``seconds`` per call, or at least that many when the call ran out."""

    n: int
    seconds: float
    timed_out: bool = False


@dataclass(frozen=True)
class Step:
    """The growth between two sizes: ``ratio`` per doubling (``kind`` power) or per added coin."""

    kind: Literal["power", "exponential"]
    ratio: float
    low: int
    high: int
    at_least: bool = False  # the larger size ran out of time: the ratio is a lower bound

    @property
    def exponent(self) -> float:
        """log2 of the ratio per doubling: 2.0 for ×4 (power growth only)."""
        return math.log2(self.ratio) if self.ratio > 0 else 0.0

    def words(self, what: str = "time", above: int | None = None, floor: bool = False) -> str:
        """The measured growth in words (``coinrow.grader.messages.growth.growth``); ``above``: an order it
        was found to grow faster than, said so when the ratio's nearest order is not above it; ``floor``: a
        power read on small sizes is said as a lower bound."""
        if self.kind == "exponential":
            return messages.growth(what, None, self.ratio, self.low, self.high, self.at_least)
        faster = above is not None and self.named_exponent <= above
        power = power_name(above if faster and above is not None else self.named_exponent)
        return messages.growth(what, power, self.ratio, self.low, self.high, self.at_least, faster, floor)

    @property
    def named_exponent(self) -> int:
        """The whole exponent the ratio is nearest to (0: flat); the words say when the ratio is a bound."""
        return max(0, round(self.exponent))


def growth_checked(formulation: Formulation) -> bool:
    """True for a kata whose time order is n or n² (every one but brute force): its growth is checked."""
    return TARGET_EXPONENT.get(formulation.time.order) in TIME_LADDERS


def power_name(exponent: int) -> str:
    """``1`` for 0 (flat), ``n`` for 1, ``n²`` for 2, ``n³`` for 3, …

    >>> power_name(0), power_name(1), power_name(3)
    ('1', 'n', 'n³')
    """
    if exponent == 0:
        return "1"
    return "n" if exponent == 1 else f"n{str(exponent).translate(SUPERSCRIPT)}"


Judged = Literal["matches", "higher", "unclear"]


def judged(step: Step, target: int, margins: tuple[float, float] = TIME_MARGINS) -> Judged:
    """A doubling step against the target order n^``target``: within it, above it, or too close to say;
    ``margins`` are the exponents above ``target`` that still match and that are surely higher.

    >>> judged(Step("power", 4.3, 500, 1000), 2), judged(Step("power", 7.9, 500, 1000), 2)
    ('matches', 'higher')
    >>> judged(Step("power", 6.1, 500, 1000), 2)  # between 2^2.5 = 5.66 and 2^2.7 = 6.5
    'unclear'
    >>> judged(Step("power", 2.1, 500, 1000, at_least=True), 2)  # a lower bound within n²: no proof
    'unclear'
    """
    matches_below, higher_from = margins
    if step.kind == "exponential":
        return "higher"
    if step.exponent >= target + higher_from:
        return "higher"
    if step.exponent <= target + matches_below and not step.at_least:
        return "matches"
    return "unclear"


def last_doubling(points: Sequence[Point], meaningful: float = MEANINGFUL_SECONDS) -> Step | None:
    """The growth per doubling between the two largest sizes measured (about n and 2n apart, the smaller
    one at least ``meaningful``), or None when no such pair was measured.

    >>> last_doubling([Point(250, 0.005), Point(500, 0.02), Point(1000, 0.085)])
    Step(kind='power', ratio=4.25, low=500, high=1000, at_least=False)
    >>> last_doubling([Point(500, 0.3), Point(1000, 2.0, timed_out=True)]).at_least
    True
    >>> round(last_doubling([Point(124, 0.01), Point(250, 0.04)]).ratio, 2)  # 124 -> 250, per doubling
    3.94
    """
    ordered = sorted(points, key=lambda p: p.n)
    for low, high in reversed(list(itertools.pairwise(ordered))):
        doublings = math.log2(high.n / low.n)
        if low.timed_out or low.seconds < meaningful or not 0.9 <= doublings <= 1.1:
            continue
        ratio = (high.seconds / low.seconds) ** (1 / doublings)
        return Step("power", ratio, low.n, high.n, high.timed_out)
    return None


def over_two_doublings(
    points: Sequence[Point], step: Step, meaningful: float = MEANINGFUL_SECONDS, bound: bool = False
) -> Step:
    """``step`` widened to the size one doubling below its own (the ratio per doubling over both), the
    way its growth is put in words: two doublings hold less noise than one, and one big call (whose
    memory alone may cost more than its work) weighs less. ``step`` itself when that size was not
    measured in full, or when ``step`` is a lower bound (a time-out) and ``bound`` is not asked for.

    >>> points = [Point(250, 0.03), Point(500, 0.2), Point(1000, 1.6)]
    >>> wider = over_two_doublings(points, Step("power", 8.0, 500, 1000))
    >>> round(wider.ratio, 2), wider.low, wider.high  # (1.6 / 0.03) ** (1 / 2)
    (7.3, 250, 1000)
    """
    below = next((p for p in points if 0.9 <= math.log2(step.low / p.n) <= 1.1), None)
    if (
        step.kind != "power"
        or (step.at_least and not bound)
        or below is None
        or below.timed_out
        or below.seconds < meaningful
    ):
        return step
    high = next(p for p in points if p.n == step.high)
    ratio = (high.seconds / below.seconds) ** (1 / math.log2(high.n / below.n))
    return Step("power", ratio, below.n, high.n, at_least=step.at_least)


def per_coin(points: Sequence[Point]) -> Step | None:
    """Exponential growth on small rows: the ratio per added coin between the two largest sizes measured
    (n >= 12, each step at most ``PER_COIN_STEP`` coins), when it and the step before it are both
    ``EXPONENTIAL_PER_COIN`` or more, on calls long enough to be read (the smaller of each pair
    ``EXPONENTIAL_SECONDS`` or more: a call's fixed cost does not move it); else None.

    >>> found = per_coin([Point(16, 0.012), Point(18, 0.047), Point(20, 0.19)])
    >>> found.kind, round(found.ratio, 2), found.low, found.high  # (0.19 / 0.047) ** (1 / 2)
    ('exponential', 2.01, 18, 20)
    >>> per_coin([Point(18, 0.047), Point(20, 0.19)]) is None  # one step alone is not enough
    True
    >>> per_coin([Point(20, 0.0011), Point(22, 0.0031), Point(24, 0.0092)]) is None  # too short to read
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


def under_a_time_out(points: Sequence[Point], target: int | None) -> Step | None:
    """The growth to tell under a call that ran out of time, from ``points`` measured on shorter rows:
    exponential growth per added coin if shown; else the last doubling measured (over two doublings
    when that still names an order above n^``target``); None when nothing was measured. The call that
    ran out gives no bound here: it ran with the garbage collector on, the timings with it off.

    >>> under_a_time_out([Point(250, 0.05), Point(500, 0.35)], 2).words()
    'the time grows like n³ (×7.0 per doubling, n = 250 → 500)'
    """
    finished = [p for p in points if not p.timed_out]
    measured = last_doubling(finished)
    if measured is not None:
        wider = over_two_doublings(finished, measured)
        measured = wider if target is None or wider.named_exponent > target else measured
    return per_coin(points) or measured


def climb(
    sizes: Sequence[int],
    seconds_at: Callable[[int], Point],
    go_on: Callable[[list[Point]], bool] = lambda points: False,
    enough: Callable[[list[Point]], bool] = lambda points: False,
) -> list[Point]:
    """Time ``seconds_at(n)`` for each size, smallest first, until a call runs out of time, ``enough(points
    so far)`` says the growth is decided, or, once two sizes are timed (one doubling to judge), a call
    takes ``STEP_STOP_SECONDS`` or more (the next size would take 4-8 times as long) unless
    ``go_on(points so far)`` asks for the next size all the same."""
    points: list[Point] = []
    for n in sorted(sizes):
        point = seconds_at(n)
        points.append(point)
        if point.timed_out or enough(points):
            break
        if point.seconds >= STEP_STOP_SECONDS and len(points) >= 2 and not go_on(points):
            break
    return points


def ladder(largest: int, smallest: int = 8) -> list[int]:
    """The sizes a too-slow call is measured on: every second size from 12 to 24 (exponential growth
    shows there), then ``largest`` halved down to 32, each rounded down to an even size (some katas
    take even rows only); all below ``largest``.

    >>> ladder(1000)
    [8, 12, 14, 16, 18, 20, 22, 24, 62, 124, 250, 500]
    >>> ladder(30)
    [8, 12, 14, 16, 18, 20, 22, 24]
    """
    small = [smallest, *range(12, 25, 2)]
    halves = []
    n = largest // 2
    while n >= 32:
        halves.append(n - n % 2)
        n //= 2
    return sorted(n for n in {*small, *halves} if n < largest)
