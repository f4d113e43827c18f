"""The game model: optimal totals, verdicts and an optimal line of play.

Glossary: ``coins`` is the row of integer coin values, ``i``/``j`` are the
inclusive ends of the interval still on the table, the *mover* is the player
whose turn it is. Under optimal play ``first`` and ``second`` are the two
players' totals and ``difference = first - second``; since
``first + second = sum(coins)``, ``first = (sum + difference) // 2``.

The tools (trace, play, animate, compare) read the game through this module.
Its table is the bottom-up score-difference interval DP, with the end chosen
in every cell kept beside the value; it is checked against the exhaustive
oracle in ``coinrow.oracle`` by the repository's own tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

End = Literal["left", "right"]  # which end of the remaining row a move takes
Verdict = Literal["first", "second", "draw"]


@dataclass(frozen=True)
class Totals:
    """Optimal totals of one row: ``first``, ``second`` and ``difference``."""

    first: int
    second: int

    @property
    def difference(self) -> int:
        """``first - second``: positive when the first player wins."""
        return self.first - self.second


def totals_from_difference(coins: Sequence[int], difference: int) -> Totals:
    """Recover both totals from the optimal score difference.

    Args:
        coins: the row, any length (0 allowed), exact ints.
        difference: the optimal ``first - second`` for that row.

    Returns:
        The ``Totals`` with ``first = (sum + difference) // 2``.

    Raises:
        ValueError: if ``sum + difference`` is odd (no such pair of totals).

    >>> totals_from_difference([5, 3, 7, 10], 5)
    Totals(first=15, second=10)
    """
    total = sum(coins)
    if (total + difference) % 2:
        raise ValueError(f"difference {difference} cannot come from a row summing to {total}")
    first = (total + difference) // 2
    return Totals(first, total - first)


@dataclass(frozen=True)
class Cell:
    """One interval of the table: the mover's best difference and the end(s) that reach it."""

    value: int
    ends: tuple[End, ...]  # ("left",), ("right",) or ("left", "right") on a tie


def difference_table(coins: Sequence[int]) -> dict[tuple[int, int], Cell]:
    """Fill the score-difference table for every interval ``(i, j)``, ``i <= j``.

    Recurrence (CLRS-style interval DP, filled by interval length):
    ``D(i, i) = a[i]``; ``D(i, j) = max(a[i] - D(i+1, j), a[j] - D(i, j-1))``.

    Args:
        coins: the row, length n >= 0, exact ints (any size, any sign).

    Returns:
        A dict of n(n+1)/2 cells keyed by ``(i, j)``; empty for an empty row.
        O(n^2) time and space.
    """
    a = list(coins)
    table: dict[tuple[int, int], Cell] = {}
    for length in range(1, len(a) + 1):
        for i in range(len(a) - length + 1):
            j = i + length - 1
            if i == j:
                table[i, j] = Cell(a[i], ("left",))
                continue
            take_left = a[i] - table[i + 1, j].value
            take_right = a[j] - table[i, j - 1].value
            best = max(take_left, take_right)
            ends: list[End] = []
            if take_left == best:
                ends.append("left")
            if take_right == best:
                ends.append("right")
            table[i, j] = Cell(best, tuple(ends))
    return table


def optimal_totals(coins: Sequence[int]) -> Totals:
    """The optimal ``Totals`` of a row (O(n^2)); ``Totals(0, 0)`` for an empty row.

    >>> optimal_totals([8, 15, 3, 7])
    Totals(first=22, second=11)
    """
    if not coins:
        return Totals(0, 0)
    return totals_from_difference(coins, difference_table(coins)[0, len(coins) - 1].value)


@dataclass(frozen=True)
class Move:
    """One turn of a line of play."""

    turn: int  # 1-based
    player: Literal["first", "second"]
    end: End
    index: int  # position of the coin taken, in the original row
    coin: int
    tie: bool  # True when the other end was equally good


def optimal_line(coins: Sequence[int]) -> list[Move]:
    """An optimal line of play: every move keeps the mover's optimal difference.

    Where both ends are equally good the left end is taken and ``tie`` is set.

    Args:
        coins: the row, length n >= 0.

    Returns:
        n moves, alternating first, second, first, ...

    >>> [m.coin for m in optimal_line([8, 15, 3, 7])]
    [7, 8, 15, 3]
    """
    table = difference_table(coins)
    moves: list[Move] = []
    i, j = 0, len(coins) - 1
    while i <= j:
        cell = table[i, j]
        end = cell.ends[0]
        index = i if end == "left" else j
        player: Literal["first", "second"] = "first" if len(moves) % 2 == 0 else "second"
        moves.append(Move(len(moves) + 1, player, end, index, coins[index], len(cell.ends) == 2))
        if end == "left":
            i += 1
        else:
            j -= 1
    return moves


def winner(totals: Totals) -> Verdict:
    """``"first"``, ``"second"`` or ``"draw"`` from the optimal totals."""
    if totals.difference > 0:
        return "first"
    if totals.difference < 0:
        return "second"
    return "draw"


def first_player_can_win(totals: Totals) -> bool:
    """LeetCode 486 ("Predict the Winner") verdict: a tie counts as a win for the first player."""
    return totals.difference >= 0
