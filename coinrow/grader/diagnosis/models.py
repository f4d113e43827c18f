"""The pieces wrong answers are replayed from: an interval-DP engine, play policies, arithmetic.

A table model runs ``interval_dp`` with one deliberate change: the cell rule
(``coinrow.grader.diagnosis.rules``), the one-coin cells, the fill order, the last
interval length, or the arithmetic (floats, int64). A play model lets both
players follow a fixed policy (``play``); a game model lets the first player
play optimally against a fixed reply (``difference_game``).
``coinrow.grader.diagnosis.mistakes`` builds the catalogued mistakes from them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from coinrow.game.game import Totals, optimal_totals, parity_class_sums
from coinrow.game.line import Walk
from coinrow.grader.diagnosis.rules import Rule, difference_rule

Replay = Callable[[Sequence[int]], object]
Order = Literal["by-length", "row-major", "row-major-inline"]


def interval_dp(
    row: Sequence[Any],
    rule: Rule,
    *,
    one_coin: Callable[[Any], Any] = lambda coin: coin,
    order: Order = "by-length",
    last_length: int | None = None,
    empty: Any = 0,
    two_coins: Callable[[Any, Any], Any] | None = None,
) -> Any:
    """Fill an n x n interval table (cells start at ``empty``) and return cell (0, n-1); O(n^2) cells.

    ``row`` holds n >= 0 coins (ints, or floats for a float model); ``rule`` gives
    a cell of two or more coins from the cells it reads through ``at``. ``order``:
    "by-length" (the correct order), "row-major" (one-coin cells first, then row by
    row from the top) or "row-major-inline" (row by row, each one-coin cell set when
    its row is reached). ``last_length``: the longest interval filled (default n).
    ``two_coins``: a base case at two coins, cell (i, i+1) = two_coins(a[i], a[i+1]), not the rule.
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
            if i == j:
                table[i][j] = one_coin(row[i])
            elif j == i + 1 and two_coins is not None:
                table[i][j] = two_coins(row[i], row[j])
            else:
                table[i][j] = rule(row, at, i, j)
    return table[0][n - 1]


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


def one_step_lookahead(tie_left: bool, mine: bool = True, leaves: str = "larger-end") -> Policy:
    """The end whose score is larger, the left one on a tie if ``tie_left``: my coin (if ``mine``) minus
    what the move leaves the opponent, the larger end of the rest ("larger-end") or the coin it uncovers
    ("uncovered", a[i+1] after the left end, a[j-1] after the right)."""

    def left_and_right(a: Sequence[int], i: int, j: int) -> tuple[int, int]:
        if leaves == "larger-end":
            return max(a[i + 1], a[j]), max(a[i], a[j - 1])
        return a[i + 1], a[j - 1]

    def policy(a: Sequence[int], i: int, j: int) -> bool:
        if i == j:
            return True
        after_left, after_right = left_and_right(a, i, j)
        left, right = mine * a[i] - after_left, mine * a[j] - after_right
        return left > right or (tie_left and left == right)

    return policy


def coin_and_smaller_end(tie_left: bool) -> Policy:
    """The end whose coin plus the smaller end it leaves is larger (the left one on a tie if ``tie_left``):
    as if the opponent always left the mover the smaller end next; one coin looked ahead."""

    def policy(a: Sequence[int], i: int, j: int) -> bool:
        if i == j:
            return True
        left, right = a[i] + min(a[i + 1], a[j]), a[j] + min(a[i], a[j - 1])
        return left > right or (tie_left and left == right)

    return policy


def min_of_replies(tie_left: bool) -> Policy:
    """The end whose coin plus the least the mover is sure of next is larger (the left one on a tie if
    ``tie_left``): after the opponent's reply the mover takes the larger end, and the opponent replies to
    leave the smaller of those; one round looked ahead, not the whole rest."""

    def sure_next(a: Sequence[int], lo: int, hi: int) -> int:  # coins lo..hi after the mover's move
        if lo >= hi:
            return 0
        return min(max(a[lo + 1], a[hi]), max(a[lo], a[hi - 1]))

    def policy(a: Sequence[int], i: int, j: int) -> bool:
        left, right = a[i] + sure_next(a, i + 1, j), a[j] + sure_next(a, i, j - 1)
        return left > right or (tie_left and left == right)

    return policy


def difference_game(rule: Rule) -> Callable[[Sequence[int]], Totals]:
    """The totals of a game whose first player's difference is cell (0, n-1) of a difference table filled
    with ``rule``: first = (sum + difference) / 2, exact, since sum + difference is twice what the first
    player takes."""

    def totals(row: Sequence[int]) -> Totals:
        total, difference = sum(row), interval_dp(row, rule)
        return Totals((total + difference) // 2, (total - difference) // 2)

    return totals


def greedy_totals(row: Sequence[int]) -> Totals:
    """Both players take the larger end every turn (the left one on a tie)."""
    return play(row, larger_end(tie_left=True))


def parity_totals(row: Sequence[int]) -> Totals:
    """The parity strategy's guarantee taken for the first player's optimal total."""
    guarantee = max(parity_class_sums(row))
    return Totals(guarantee, sum(row) - guarantee)


def reduction(
    strict: bool = False, repeat: bool = True, left_end: bool = True, right_end: bool = True
) -> Replay:
    """The linear-time peak reduction with one change, then the larger end for both players: peaks merged
    only when ``strict``, once per coin unless ``repeat``, not with x the first value on the stack unless
    ``left_end``, nor with z the last coin unless ``right_end``."""

    def peak(x: int, y: int, z: int) -> bool:
        return x < y > z if strict else x <= y >= z

    def replay(row: Sequence[int]) -> int:
        stack: list[int] = []
        for k, z in enumerate(row):
            at_an_end = k == len(row) - 1 and not right_end
            while not at_an_end and len(stack) >= 2 and peak(stack[-2], stack[-1], z):
                if len(stack) == 2 and not left_end:
                    break
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


def half_by_float(row: Sequence[int], halved: str = "both") -> Totals:
    """The optimal totals recovered with a true division: first = int((sum + difference) / 2), second the
    same with - ; with ``halved`` "first" or "second" only that one is halved, the other is sum less it;
    "apart": sum and difference each halved, int(sum / 2 + difference / 2)."""
    total, difference = sum(row), optimal_totals(row).difference
    first, second = int((total + difference) / 2), int((total - difference) / 2)
    if halved == "apart":
        first, second = int(total / 2 + difference / 2), int(total / 2 - difference / 2)
    if halved == "first":
        second = total - first
    elif halved == "second":
        first = total - second
    return Totals(first, second)


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
