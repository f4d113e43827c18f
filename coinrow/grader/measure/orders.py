"""Orders of growth in words and numbers: a size's timing (``Point``), the growth between sizes (``Step``),
and the growth read under a call that ran out of time, from the row's first coins (``under_a_time_out``).

Time grows like n^k when it is multiplied by 2^k per doubling of n; exponential growth is told apart by its
ratio per added coin on small rows: no polynomial of degree 4 or less multiplies its time by
``EXPONENTIAL_PER_COIN`` per coin from n = 12 on ((16/12)^4 = 3.2 over 4 coins is 1.33 per coin), 2^n
doubles it. Memory is the peak ``tracemalloc`` traces, the same on every run, judged with ``judged``'s
margins; the time's order is decided by ``coinrow.grader.growth.decide``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from coinrow.game.cost import Order
from coinrow.grader.measure.fit import theil_sen
from coinrow.grader.messages import growth as messages

#: memory margins as exponents above k: a peak growing up to 2^(k + 0.45) per doubling is of order n^k, one
#: of 2^(k + 0.6) or more is higher (traced peaks are exact: the references lie at 3.9-4.8 per doubling for
#: n², the catalogue's n³ answers at 6.7 and above)
MEMORY_MARGINS = (0.45, 0.6)
EXPONENTIAL_PER_COIN = 1.5  #: per added coin, from n = 12 on: beyond any polynomial of degree 4
PER_COIN_STEP = 4  #: coins between two sizes compared per added coin, at most
EXPONENTIAL_SECONDS = 0.005  #: only calls this long are compared per coin (their fixed cost is small)
STEP_STOP_SECONDS = 0.25  #: ``climb`` stops after a call this long: the next takes 4 to 8 times as long
TARGET_EXPONENT = {Order.CONSTANT: 0, Order.LINEAR: 1, Order.QUADRATIC: 2}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Point:
    """One size: ``seconds`` per call (or bytes), or at least that many when the call ran out."""

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
    at_least: bool = False  # a call at the larger size ran out of time: the ratio is a lower bound

    @property
    def exponent(self) -> float:
        """log2 of the ratio per doubling: 2.0 for ×4 (power growth only)."""
        return math.log2(self.ratio) if self.ratio > 0 else 0.0

    @property
    def named_exponent(self) -> int:
        """The whole exponent the ratio is nearest to (0: flat)."""
        return max(0, round(self.exponent))

    def words(self, what: str = "time", above: int | None = None, floor: bool = False) -> str:
        """The growth in words (``messages.growth.growth``); ``above``: an order it was found to grow faster
        than, said so when the nearest whole exponent is not above it; ``floor``: said as a lower bound."""
        if self.kind == "exponential":
            return messages.growth(what, None, self.ratio, self.low, self.high, self.at_least)
        faster = above is not None and self.named_exponent <= above
        power = power_name(above if faster and above is not None else self.named_exponent)
        return messages.growth(what, power, self.ratio, self.low, self.high, self.at_least, faster, floor)


def power_name(exponent: int) -> str:
    """``1`` for 0 (flat), ``n`` for 1, ``n²`` for 2, ``n³`` for 3, …

    >>> power_name(0), power_name(1), power_name(3)
    ('1', 'n', 'n³')
    """
    if exponent == 0:
        return "1"
    return "n" if exponent == 1 else f"n{str(exponent).translate(SUPERSCRIPT)}"


Judged = Literal["matches", "higher", "unclear"]


def judged(step: Step, target: int, margins: tuple[float, float] = MEMORY_MARGINS) -> Judged:
    """A step against the order n^``target``: within it, above it, or too close to say; ``margins`` are
    the exponents above ``target`` that still match and that are surely higher.

    >>> judged(Step("power", 4.3, 50, 100), 2), judged(Step("power", 7.9, 50, 100), 2)
    ('matches', 'higher')
    >>> judged(Step("power", 5.8, 50, 100), 2)  # between 2^2.45 = 5.46 and 2^2.6 = 6.06
    'unclear'
    """
    matches_below, higher_from = margins
    if step.kind == "exponential" or step.exponent >= target + higher_from:
        return "higher"
    if step.exponent <= target + matches_below and not step.at_least:
        return "matches"
    return "unclear"


def last_doubling(points: Sequence[Point], meaningful: float = 0.0) -> Step | None:
    """The growth per doubling between the two largest sizes measured about a doubling apart (the smaller
    one in full and at least ``meaningful``), or None.

    >>> last_doubling([Point(250, 0.005), Point(500, 0.02), Point(1000, 0.085)])
    Step(kind='power', ratio=4.25, low=500, high=1000, at_least=False)
    >>> last_doubling([Point(500, 0.3), Point(1000, 2.0, timed_out=True)]).at_least
    True
    """
    ordered = sorted(points, key=lambda p: p.n)
    for low, high in reversed(list(itertools.pairwise(ordered))):
        doublings = math.log2(high.n / low.n)
        if low.timed_out or low.seconds < meaningful or not 0.9 <= doublings <= 1.1:
            continue
        return Step("power", (high.seconds / low.seconds) ** (1 / doublings), low.n, high.n, high.timed_out)
    return None


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
