"""The pieces wrong answers are replayed from: an interval-DP engine, cell rules, play policies.

A table model runs ``interval_dp`` with one deliberate change: the cell rule,
the one-coin cells, the fill order, the last interval length, or the
arithmetic (floats, int64). A play model lets both players follow a fixed
policy (``play``). ``coinrow.grader.mistakes`` builds the catalogued mistakes from them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any, Literal

from coinrow.game.game import Totals, optimal_totals, parity_class_sums
from coinrow.game.line import Walk

Replay = Callable[[Sequence[int]], object]
Reader = Callable[[int, int], Any]  # the value of cell (i, j); an empty interval (i > j) reads as empty
Rule = Callable[[Sequence[Any], Reader, int, int], Any]
Order = Literal["by-length", "row-major", "row-major-inline"]


def interval_dp(
    row: Sequence[Any],
    rule: Rule,
    *,
    one_coin: Callable[[Any], Any] = lambda coin: coin,
    order: Order = "by-length",
    last_length: int | None = None,
    empty: Any = 0,
) -> Any:
    """Fill an n x n interval table (cells start at ``empty``) and return cell (0, n-1); O(n^2) cells.

    ``row`` holds n >= 0 coins (ints, or floats for a float model); ``rule`` gives
    a cell of two or more coins from the cells it reads through ``at``. ``order``:
    "by-length" (the correct order), "row-major" (one-coin cells first, then row by
    row from the top) or "row-major-inline" (row by row, each one-coin cell set when
    its row is reached). ``last_length``: the longest interval filled (default n).
    A cell read before it is filled reads ``empty``, as in a table made with
    ``[[0] * n for _ in range(n)]``.
    """
    n = len(row)
    if n == 0:
        return empty
    table = [[empty] * n for _ in range(n)]

    def at(i: int, j: int) -> Any:
        return table[i][j] if i <= j else empty

    if order == "by-length":
        cells = [(i, i + length - 1) for length in range(2, n + 1) for i in range(n - length + 1)]
    else:
        cells = [(i, j) for i in range(n) for j in range(i + (order == "row-major"), n)]
    if order != "row-major-inline":
        for i in range(n):
            table[i][i] = one_coin(row[i])
    for i, j in cells:
        if last_length is None or j - i + 1 <= last_length:
            table[i][j] = one_coin(row[i]) if i == j else rule(row, at, i, j)
    return table[0][n - 1]


# -- cell rules ---------------------------------------------------------------


def difference_rule(sign: int = -1, choose: Callable[..., Any] = max) -> Rule:
    """D[i][j] = choose(a[i] + sign * D[i+1][j], a[j] + sign * D[i][j-1]); the right one is max and -."""
    return lambda a, at, i, j: choose(a[i] + sign * at(i + 1, j), a[j] + sign * at(i, j - 1))


def other_end_rule(a: Sequence[Any], at: Reader, i: int, j: int) -> Any:
    """The opponent is assumed to take the other end: D[i+1][j-1] after both ends are gone."""
    return max(a[i] - a[j] + at(i + 1, j - 1), a[j] - a[i] + at(i + 1, j - 1))


def opponent_rule(reply: Callable[..., Any] = min, choose: Callable[..., Any] = max) -> Rule:
    """F[i][j] = choose(a[i] + reply(F[i+2][j], F[i+1][j-1]), a[j] + reply(F[i+1][j-1], F[i][j-2]))."""
    return lambda a, at, i, j: choose(
        a[i] + reply(at(i + 2, j), at(i + 1, j - 1)), a[j] + reply(at(i + 1, j - 1), at(i, j - 2))
    )


def same_side_rule(a: Sequence[Any], at: Reader, i: int, j: int) -> Any:
    """The opponent's reply never minimised: F[i][j] = max(a[i] + F[i+2][j], a[j] + F[i][j-2])."""
    return max(a[i] + at(i + 2, j), a[j] + at(i, j - 2))


def prefix_rule(
    row: Sequence[Any],
    left_range: tuple[int, int] = (1, 0),
    right_range: tuple[int, int] = (0, -1),
    choose: Callable[..., Any] = max,
) -> Rule:
    """F[i][j] = max(a[i] + S(i+1..j) - F[i+1][j], a[j] + S(i..j-1) - F[i][j-1]), ranges shifted as given."""
    prefix = [0, *accumulate(row)]

    def s(lo: int, hi: int) -> Any:
        return prefix[hi + 1] - prefix[lo] if lo <= hi else 0

    (l0, l1), (r0, r1) = left_range, right_range
    return lambda a, at, i, j: choose(
        a[i] + s(i + l0, j + l1) - at(i + 1, j), a[j] + s(i + r0, j + r1) - at(i, j - 1)
    )


def whole_sum_rule(row: Sequence[Any]) -> Rule:
    """The whole row's sum where the interval's belongs."""
    total = sum(row)
    return lambda a, at, i, j: max(total - at(i + 1, j), total - at(i, j - 1))


def pair_rule(swap_roles: bool = True, choose: Callable[..., Any] = max) -> Rule:
    """P[i][j] = (a[i] + P[i+1][j].other, P[i+1][j].mover) or the same from the right, by the mover's part."""

    def take(coin: Any, rest: tuple[Any, Any]) -> tuple[Any, Any]:
        return (coin + rest[1], rest[0]) if swap_roles else (coin + rest[0], rest[1])

    return lambda a, at, i, j: choose(
        take(a[i], at(i + 1, j)), take(a[j], at(i, j - 1)), key=lambda pair: pair[0]
    )


# -- play models ----------------------------------------------------------------

Policy = Callable[[Sequence[int], int, int], bool]  # True: take the left end of coins i..j


def play(row: Sequence[int], policy: Policy) -> Totals:
    """Both players follow ``policy`` to the end of the row."""
    walk = Walk(row)
    while not walk.over:
        walk.take("left" if policy(row, walk.i, walk.j) else "right")
    return walk.totals


def larger_end(tie_left: bool) -> Policy:
    """Greedy: the larger end, the left one on a tie if ``tie_left``."""
    return lambda a, i, j: a[i] > a[j] or (tie_left and a[i] == a[j])


def one_step_lookahead(tie_left: bool) -> Policy:
    """My coin minus the larger end it leaves the opponent; the left end on a tie if ``tie_left``."""

    def policy(a: Sequence[int], i: int, j: int) -> bool:
        if i == j:
            return True
        left, right = a[i] - max(a[i + 1], a[j]), a[j] - max(a[i], a[j - 1])
        return left > right or (tie_left and left == right)

    return policy


def greedy_totals(row: Sequence[int]) -> Totals:
    """Both players take the larger end every turn (the left one on a tie)."""
    return play(row, larger_end(tie_left=True))


def parity_totals(row: Sequence[int]) -> Totals:
    """The parity strategy's guarantee taken for the first player's optimal total."""
    guarantee = max(parity_class_sums(row))
    return Totals(guarantee, sum(row) - guarantee)


def reduction(strict: bool = False, repeat: bool = True) -> Replay:
    """The linear-time peak reduction with one change, then the larger end for both players."""

    def peak(x: int, y: int, z: int) -> bool:
        return x < y > z if strict else x <= y >= z

    def replay(row: Sequence[int]) -> int:
        stack: list[int] = []
        for z in row:
            while len(stack) >= 2 and peak(stack[-2], stack[-1], z):
                y = stack.pop()
                z = stack.pop() - y + z
                if not repeat:
                    break
            stack.append(z)
        return play(stack, larger_end(tie_left=True)).difference

    return replay


# -- arithmetic -------------------------------------------------------------------

INT64 = 2**63


def wrap64(x: int) -> int:
    """``x`` as int64 arithmetic leaves it: wrapped into [-2**63, 2**63)."""
    return (x + INT64) % (2 * INT64) - INT64


def int64_difference(row: Sequence[int]) -> int | None:
    """The difference table in int64 (NumPy's default), wrapping silently; None if a coin does not fit."""
    if any(not -INT64 <= c < INT64 for c in row):
        return None  # such an attempt raises OverflowError instead
    rule = difference_rule()
    return int(interval_dp(row, lambda a, at, i, j: wrap64(rule(a, at, i, j))))


def floats(row: Sequence[int]) -> list[float]:
    """The row as floats: exact only up to 2**53."""
    return [float(c) for c in row]


def half_by_float(row: Sequence[int]) -> Totals:
    """The optimal totals recovered with a true division: first = int((sum + difference) / 2)."""
    total, difference = sum(row), optimal_totals(row).difference
    return Totals(int((total + difference) / 2), int((total - difference) / 2))


def as_pair(value: tuple[Any, Any] | Totals) -> tuple[int, int]:
    """A pair of totals (or a table's pair cell, floats included) as two ints."""
    first, second = (value.first, value.second) if isinstance(value, Totals) else value
    return (int(first), int(second))


def pair_dp(row: Sequence[Any], rule: Rule, **change: Any) -> tuple[int, int]:
    """``interval_dp`` over (mover, other) pairs: one-coin cells (a[i], 0) (a changed ``one_coin`` gives
    the mover's part), empty intervals (0, 0)."""
    zero = 0 * row[0] if row else 0
    mover = change.pop("one_coin", lambda coin: coin)
    return as_pair(interval_dp(row, rule, one_coin=lambda c: (mover(c), zero), empty=(zero, zero), **change))
