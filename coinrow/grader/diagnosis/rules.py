"""The cell rules of the table models: each right recurrence, with the one thing a mistake changes.

A rule gives the cell (i, j) of an interval table, of two or more coins, from
the row ``a`` and the cells it reads through ``at`` (``coinrow.grader.diagnosis.models.interval_dp``
fills the table with it). Each rule's defaults are the right recurrence of its
formulation; an argument changes one thing: the operator, the cells read, the
range of a sum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

Reader = Callable[[int, int], Any]  # the value of cell (i, j); an empty interval (i > j) reads as empty
Rule = Callable[[Sequence[Any], Reader, int, int], Any]
Cell = tuple[int, int]  # the cell a rule reads for (i, j), as offsets: (1, 0) is (i+1, j)

AFTER_LEFT: Cell = (1, 0)  # coins i+1..j: what is left after the left coin is taken
AFTER_RIGHT: Cell = (0, -1)  # coins i..j-1: after the right coin
MIDDLE: Cell = (1, -1)  # coins i+1..j-1: after both ends


def difference_rule(
    sign: int = -1, choose: Callable[..., Any] = max, left: Cell = AFTER_LEFT, right: Cell = AFTER_RIGHT
) -> Rule:
    """D[i][j] = choose(a[i] + sign * D[i+1][j], a[j] + sign * D[i][j-1]); the right one is max and -.

    ``left`` and ``right`` are the cells read after taking a[i] and a[j]: (1, -1) for the
    left one reads D[i+1][j-1] where D[i+1][j] belongs.
    """
    (li, lj), (ri, rj) = left, right
    return lambda a, at, i, j: choose(a[i] + sign * at(i + li, j + lj), a[j] + sign * at(i + ri, j + rj))


def magnitude(rule: Rule) -> Rule:
    """``rule`` with abs() taken of the cell it gives."""
    return lambda a, at, i, j: abs(rule(a, at, i, j))


def largest_magnitude(*options: Any) -> Any:
    """max(abs(x), abs(y)): the ``choose`` of a cell rule that takes abs() of each option."""
    return max(abs(option) for option in options)


def stale_left_rule(a: Sequence[Any], at: Reader, i: int, j: int) -> Any:
    """A rolling row updated with j going down: d[j-1] still holds D[i+1][j-1] when d[j] reads it (from
    j = i+2 on); at j = i+1 it holds a[i], which is D[i][i], the right cell."""
    return max(a[i] - at(i + 1, j), a[j] - (at(i + 1, j - 1) if j - 1 > i else at(i, i)))


def other_end_rule(a: Sequence[Any], at: Reader, i: int, j: int) -> Any:
    """The opponent is assumed to take the other end: D[i+1][j-1] after both ends are gone."""
    return max(a[i] - a[j] + at(i + 1, j - 1), a[j] - a[i] + at(i + 1, j - 1))


def greedy_reply_rule(reply_left: Callable[[Sequence[Any], int, int], bool]) -> Rule:
    """The mover's best difference when the opponent always replies by ``reply_left`` (True: the left end
    of coins lo..hi), then it is the mover's turn again: a[i] - a[i+1] + D[i+2][j] or a[i] - a[j] +
    D[i+1][j-1] after taking a[i], the same from the right."""

    def after_reply(a: Sequence[Any], at: Reader, lo: int, hi: int) -> Any:
        if lo > hi:
            return 0
        return -a[lo] + at(lo + 1, hi) if reply_left(a, lo, hi) else -a[hi] + at(lo, hi - 1)

    return lambda a, at, i, j: max(a[i] + after_reply(a, at, i + 1, j), a[j] + after_reply(a, at, i, j - 1))


AFTER_LEFT_REPLIES: tuple[Cell, Cell] = ((2, 0), (1, -1))  # after a[i]: the opponent takes a[i+1] or a[j]
AFTER_RIGHT_REPLIES: tuple[Cell, Cell] = ((1, -1), (0, -2))  # after a[j]: a[i] or a[j-1]


def opponent_rule(
    reply: Callable[..., Any] = min,
    choose: Callable[..., Any] = max,
    left: tuple[Cell, Cell] = AFTER_LEFT_REPLIES,
    right: tuple[Cell, Cell] = AFTER_RIGHT_REPLIES,
) -> Rule:
    """F[i][j] = choose(a[i] + reply(F[i+2][j], F[i+1][j-1]), a[j] + reply(F[i+1][j-1], F[i][j-2])).

    ``left`` and ``right``: the two cells the reply is chosen from after taking a[i] and a[j].
    """
    ((l1i, l1j), (l2i, l2j)), ((r1i, r1j), (r2i, r2j)) = left, right
    return lambda a, at, i, j: choose(
        a[i] + reply(at(i + l1i, j + l1j), at(i + l2i, j + l2j)),
        a[j] + reply(at(i + r1i, j + r1j), at(i + r2i, j + r2j)),
    )


def same_side_rule(a: Sequence[Any], at: Reader, i: int, j: int) -> Any:
    """The opponent's reply never minimised: F[i][j] = max(a[i] + F[i+2][j], a[j] + F[i][j-2])."""
    return max(a[i] + at(i + 2, j), a[j] + at(i, j - 2))


def interval_sum(row: Sequence[Any], reach: str = "interval") -> Callable[[int, int], Any]:
    """``s(lo, hi)``: coins lo..hi summed from prefix sums, 0 for an empty range (lo > hi); ``reach``
    "to-end" sums coins lo..n-1 instead (prefix[n] - prefix[lo]), "from-start" coins 0..hi, "whole" all."""
    prefix = [0, *accumulate(row)]
    if reach == "whole":
        return lambda lo, hi: prefix[-1] if lo <= hi else 0
    if reach == "to-end":
        return lambda lo, hi: prefix[-1] - prefix[lo] if lo <= hi else 0
    if reach == "from-start":
        return lambda lo, hi: prefix[hi + 1] if lo <= hi else 0
    return lambda lo, hi: prefix[hi + 1] - prefix[lo] if lo <= hi else 0


def prefix_rule(
    row: Sequence[Any],
    left_range: tuple[int, int] = (1, 0),
    right_range: tuple[int, int] = (0, -1),
    choose: Callable[..., Any] = max,
    left: Cell = AFTER_LEFT,
    right: Cell = AFTER_RIGHT,
    reach: str = "interval",
) -> Rule:
    """F[i][j] = max(a[i] + S(i+1..j) - F[i+1][j], a[j] + S(i..j-1) - F[i][j-1]).

    The ranges are shifted as given (``left_range`` (1, -1): S(i+1..j-1)); ``left`` and
    ``right`` are the cells read, as in ``difference_rule``; ``reach`` as in ``interval_sum``.
    """
    s = interval_sum(row, reach)
    (l0, l1), (r0, r1), (li, lj), (ri, rj) = left_range, right_range, left, right
    return lambda a, at, i, j: choose(
        a[i] + s(i + l0, j + l1) - at(i + li, j + lj), a[j] + s(i + r0, j + r1) - at(i + ri, j + rj)
    )


def total_minus_rule(row: Sequence[Any], span: tuple[int, int] = (0, 0), reach: str = "interval") -> Rule:
    """F[i][j] = S(i..j) - min(F[i+1][j], F[i][j-1]), the same recurrence as ``prefix_rule`` written as
    the whole interval's sum less the opponent's best; ``span`` shifts the sum's range: (0, -1) is
    S(i..j-1), the sum ``prefix[j] - prefix[i]`` gives where ``prefix[j+1] - prefix[i]`` belongs;
    ``reach`` as in ``interval_sum``."""
    s = interval_sum(row, reach)
    lo, hi = span
    return lambda a, at, i, j: s(i + lo, j + hi) - min(at(i + 1, j), at(i, j - 1))


def whole_sum_rule(row: Sequence[Any]) -> Rule:
    """The whole row's sum where the interval's belongs."""
    total = sum(row)
    return lambda a, at, i, j: max(total - at(i + 1, j), total - at(i, j - 1))


def pair_rule(
    swap_roles: bool = True,
    choose: Callable[..., Any] = max,
    left: Cell = AFTER_LEFT,
    right: Cell = AFTER_RIGHT,
    tie_left: bool = True,
    seconds: tuple[Cell | None, Cell | None] = (None, None),
) -> Rule:
    """P[i][j] = (a[i] + P[i+1][j].other, P[i+1][j].mover) or the same from the right, by the mover's part
    (the left one on a tie if ``tie_left``); ``left`` and ``right`` the cells read, as in
    ``difference_rule``; ``seconds``: the cells the other player's total is read from instead, after
    taking a[i] and a[j] (None: the cell the option reads)."""

    def take(coin: Any, rest: tuple[Any, Any], second: tuple[Any, Any]) -> tuple[Any, Any]:
        return (coin + rest[1], second[0]) if swap_roles else (coin + rest[0], second[1])

    def better(by_left: tuple[Any, Any], by_right: tuple[Any, Any]) -> tuple[Any, Any]:
        first, then = (by_left, by_right) if tie_left else (by_right, by_left)
        kept: tuple[Any, Any] = choose(first, then, key=lambda pair: pair[0])  # the first of equals
        return kept

    (li, lj), (ri, rj) = left, right
    (sli, slj), (sri, srj) = (cell or default for cell, default in zip(seconds, (left, right), strict=True))
    return lambda a, at, i, j: better(
        take(a[i], at(i + li, j + lj), at(i + sli, j + slj)),
        take(a[j], at(i + ri, j + rj), at(i + sri, j + srj)),
    )
