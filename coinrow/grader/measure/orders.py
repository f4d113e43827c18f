"""Orders of growth in words and numbers: a size's timing (``Point``) and the growth between sizes (``Step``).

Time grows like n^k when it is multiplied by 2^k per doubling of n. Memory is the peak ``tracemalloc``
traces, the same on every run, judged with ``judged``'s margins; the time's order is decided by
``coinrow.grader.growth.decide``, and read under a call cut off by ``coinrow.grader.judge.too_slow``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from coinrow.game.cost import Order
from coinrow.grader.measure.fit import theil_sen
from coinrow.grader.messages import growth as messages

#: memory margins as exponents above k: a peak growing up to 2^(k + 0.45) per doubling is of order n^k, one
#: of 2^(k + 0.6) or more is higher (traced peaks are exact: the references lie at 3.9-4.8 per doubling for
#: n², the catalogue's n³ answers at 6.7 and above)
MEMORY_MARGINS = (0.45, 0.6)
#: bytes traced at the memory ladder's smallest size from which a constant part could hide the growth in a
#: ratio of peaks, read above it instead: every reference traces under a quarter of it there, on a first
#: call in a fresh process too (``tests/self/test_memory_growth.py``)
HELD = 2**20
#: the least growth, in bytes, between the two smaller sizes for the growth above a held constant to be read:
#: an n² table of int64 in NumPy grows by 60 KB from 50 to 100 coins, one of Python lists by 180 KB; the
#: references of O(n) memory by 4 KB at most
HELD_GROWTH = 16 * 2**10
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
    held: int = 0  # memory only: bytes held already at ``held_at``, the smallest size, read above
    held_at: int = 0
    unread: bool = False  # not read to a whole order (memory: beside what is ``held``; time: between two)
    floor: int | None = None  # the whole order the growth was read to be at least: named, not the nearest

    @property
    def exponent(self) -> float:
        """log2 of the ratio per doubling: 2.0 for ×4 (power growth only)."""
        return math.log2(self.ratio) if self.ratio > 0 else 0.0

    @property
    def named_exponent(self) -> int:
        """The whole exponent the ratio is nearest to (0: flat), or the ``floor`` where one was read."""
        return max(0, round(self.exponent)) if self.floor is None else self.floor

    def words(self, what: str = "time", above: int | None = None, floor: bool = False) -> str:
        """The growth in words (``messages.growth.growth``); ``above``: an order it was found to grow faster
        than, said so when the nearest whole exponent is not above it, and as at least the next order up
        when it is more than one above (a jump in the time past some size reads any ratio over a window:
        that order is not measured); ``floor``: said as a lower bound.

        >>> Step("power", 24.9, 226, 906).words(above=2)  # an n³ answer that changes path at 300 coins
        'the time grows at least like n³ (×24.9 per doubling, n = 226 → 906)'
        """
        if self.kind == "exponential":
            return messages.growth(what, None, self.ratio, self.low, self.high, self.at_least)
        if above is not None and self.named_exponent > above + 1:
            return self.capped(above + 1).words(what, floor=True)
        faster = above is not None and self.named_exponent <= above
        power = power_name(above if faster and above is not None else self.named_exponent)
        if self.held:
            what = messages.above_held(what, self.held, self.held_at)
        return messages.growth(what, power, self.ratio, self.low, self.high, self.at_least, faster, floor)

    def capped(self, most: int) -> Step:
        """This step, naming at most the order ``most`` (as a floor) where it would name a higher one: a
        jump in the time past some size reads any ratio over a window, so no order above the next one up
        from the task's is said to be measured."""
        return replace(self, floor=most) if self.kind == "power" and self.named_exponent > most else self


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
    if step.exponent <= target + matches_below and not step.at_least and not step.unread:
        return "matches"
    return "unclear"


def memory_growth(points: Sequence[Point]) -> Step | None:
    """The growth of the peak memory traced at three sizes a doubling apart. Under ``HELD`` bytes at the
    smallest, the Theil-Sen slope of the three peaks (``fit.theil_sen``): a hash table that resizes between
    two of the sizes (a set grows its table ×4 at once) moves one of the three pairs' slopes, not the
    median. From ``HELD`` on, of the part above the smallest: a peak c + b·n^j grows by b·n^j·(2^j - 1)
    over one doubling and 2^j times that over the next, so the ratio of the two growths is 2^j whatever the
    constant c (the step says what is ``held``); a growth under ``HELD_GROWTH`` over the first doubling
    cannot be read beside such a constant: ``unread``. With a size cut off (the last one, as
    ``growth.sampled.traced_growth`` stops there), the ratio over the last doubling, at least.

    >>> memory_growth([Point(50, 23_536), Point(100, 25_552), Point(200, 81_264)]).named_exponent  # a set
    1
    >>> memory_growth([Point(50, 3e6), Point(100, 3.18e6), Point(200, 3.9e6)]).words("memory")  # 3 MB + n²
    'the memory above the 2.9 MiB held at n = 50 grows like n² (×4.0 per doubling, n = 100 → 200)'
    >>> memory_growth([Point(50, 3e6), Point(100, 3.002e6), Point(200, 3.004e6)]).unread
    True
    """
    ordered = sorted(points, key=lambda p: p.n)
    if len(ordered) < 3 or any(p.timed_out for p in ordered):  # only the last can be cut off
        if len(ordered) < 2 or ordered[-2].timed_out or ordered[-2].seconds < 1.0:
            return None
        low, high = ordered[-2:]
        return Step("power", high.seconds / low.seconds, low.n, high.n, at_least=high.timed_out)
    low, mid, high = ordered[-3:]
    if low.seconds < HELD:
        slope = theil_sen({p.n: p.seconds for p in (low, mid, high)})
        return None if slope is None else Step("power", 2**slope, low.n, high.n)
    first, second = mid.seconds - low.seconds, high.seconds - mid.seconds
    held = int(low.seconds)
    if first < HELD_GROWTH:  # the ratio per doubling over both, said only as not read
        ratio = (high.seconds / low.seconds) ** 0.5
        return Step("power", ratio, low.n, high.n, held=held, held_at=low.n, unread=True)
    return Step("power", max(second, 1.0) / first, mid.n, high.n, held=held, held_at=low.n)
