"""The game model: optimal totals, verdicts, the difference table and how a move changes the interval.

Glossary: ``coins`` is the row of integer coin values, ``i``/``j`` are the
inclusive ends of the interval still on the table, the *mover* is the player
whose turn it is. Under optimal play ``first`` and ``second`` are the two
players' totals and ``difference = first - second``; since
``first + second = sum(coins)``, ``first = (sum + difference) // 2``.

The tools (trace, play, animate, compare) read the game through this module
and ``coinrow.game.line`` (lines of play, walked one ``taken`` move at a time).
Its table is the bottom-up score-difference interval DP, with the end chosen
in every cell kept beside the value; it is checked against the exhaustive
oracle in ``coinrow.game.oracle`` by the repository's own tests.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from coinrow.game.shown import literal

End = Literal["left", "right"]  # which end of the remaining row a move takes
Interval = tuple[int, int]  # (i, j): coins i..j, both ends included
# The recurrence an interval table is filled by: what a cell reads (see ``fill_steps``).
Recurrence = Literal["difference", "min_of_opponent", "prefix_sum", "pair"]
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


def totals_json(totals: Totals) -> dict[str, int]:
    """``{"first": …, "second": …, "difference": …}``, the totals object of the JSON outputs."""
    return {"first": totals.first, "second": totals.second, "difference": totals.difference}


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
    return split_sum(sum(coins), difference)


def split_sum(total: int, difference: int) -> Totals:
    """The two totals that add up to ``total`` and differ by ``difference`` (the first's minus the other's).

    The one place a total is derived from a difference: ``first = (total + difference) / 2``.

    Raises:
        ValueError: if ``total + difference`` is odd (no such pair of totals).

    >>> split_sum(25, 5)
    Totals(first=15, second=10)
    """
    if (total + difference) % 2:
        raise ValueError(f"difference {literal(difference)} cannot come from a row summing to {total}")
    first = (total + difference) // 2
    return Totals(first, total - first)


def taken(i: int, j: int, end: End) -> tuple[int, Interval]:
    """A move on coins ``i..j``: the index of the coin taking ``end`` takes, and the interval it leaves.

    The one place a move is applied to an interval; the last coin leaves an empty one (``i > j``).

    >>> taken(0, 3, "left"), taken(0, 3, "right")
    ((0, (1, 3)), (3, (0, 2)))
    """
    return (i, (i + 1, j)) if end == "left" else (j, (i, j - 1))


@dataclass(frozen=True)
class Cell:
    """One interval of the table: the mover's best difference and the end(s) that reach it."""

    value: int
    ends: tuple[End, ...]  # ("left",), ("right",) or ("left", "right") on a tie


class DifferenceTable(Mapping[tuple[int, int], Cell]):
    """The score-difference table of a row, read as ``table[i, j] -> Cell`` for ``i <= j``.

    Recurrence (interval DP, filled by interval length):
    ``D(i, i) = a[i]``; ``D(i, j) = max(a[i] - D(i+1, j), a[j] - D(i, j-1))``.
    Values are kept in a list of rows; a ``Cell`` (value and chosen ends) is made on access.
    """

    def __init__(self, coins: Sequence[int]) -> None:
        self.coins = tuple(coins)
        n = len(self.coins)
        self._d = [[0] * n for _ in range(n)]
        for i in range(n - 1, -1, -1):
            row, below, a = self._d[i], self._d[i + 1] if i + 1 < n else [], self.coins
            row[i] = a[i]
            for j in range(i + 1, n):
                row[j] = max(a[i] - below[j], a[j] - row[j - 1])

    def value(self, i: int, j: int) -> int:
        """``D(i, j)``; 0 for an empty interval (``i > j``)."""
        return self._d[i][j] if i <= j else 0

    def __getitem__(self, key: tuple[int, int]) -> Cell:
        i, j = key
        if not 0 <= i <= j < len(self.coins):
            raise KeyError(key)
        if i == j:
            return Cell(self.coins[i], ("left",))
        take_left, take_right = self.candidates(i, j)
        best = self.value(i, j)
        ends: list[End] = []
        if take_left == best:
            ends.append("left")
        if take_right == best:
            ends.append("right")
        return Cell(best, tuple(ends))

    def candidates(self, i: int, j: int) -> tuple[int, int]:
        """The mover's difference on coins ``i..j`` (``i < j``) taking the left end, and the right end."""
        return self.after(i, j, "left"), self.after(i, j, "right")

    def after(self, i: int, j: int, end: End) -> int:
        """The mover's difference on coins ``i..j`` (``i <= j``) after taking ``end``, both playing
        optimally from then on: the coin taken minus ``D`` of the interval it leaves (0 when empty)."""
        index, rest = taken(i, j, end)
        return self.coins[index] - self.value(*rest)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        n = len(self.coins)
        return ((i, i + length - 1) for length in range(1, n + 1) for i in range(n - length + 1))

    def __len__(self) -> int:
        return len(self.coins) * (len(self.coins) + 1) // 2


def difference_table(coins: Sequence[int]) -> DifferenceTable:
    """The score-difference table for every interval ``(i, j)``, ``i <= j``.

    Args:
        coins: the row, length n >= 0, exact ints (any size, any sign).

    Returns:
        A mapping of n(n+1)/2 cells keyed by ``(i, j)``, iterated by interval
        length; empty for an empty row. O(n^2) time and space.

    >>> difference_table([5, 3, 7, 10])[0, 3]
    Cell(value=5, ends=('right',))
    """
    return DifferenceTable(coins)


@dataclass(frozen=True)
class Candidate:
    """One end the mover may take from an interval: the totals it leads to (the mover's first)."""

    end: End
    totals: Totals
    chosen: bool  # an optimal end: its totals are the cell's


@dataclass(frozen=True)
class Step:
    """One cell of an interval table as it is filled: the interval, its optimal totals, the candidates."""

    i: int
    j: int
    totals: Totals  # the mover's and the other's optimal totals on coins i..j
    ends: tuple[End, ...]  # the optimal end(s); ("left",) on a one-coin interval
    candidates: tuple[Candidate, ...]  # left then right; () on a one-coin interval (the base case)
    reads: tuple[Interval, ...]  # the cells the recurrence reads, all filled before this one


def fill_steps(coins: Sequence[int], recurrence: Recurrence = "difference") -> Iterator[Step]:
    """Every cell of the interval table in the order interval DP fills it: length 1, 2, …, n.

    The values are those of every table kind (a cell's difference, mover's total
    or pair are all read from its ``totals``); ``recurrence`` only sets which cells
    a cell reads: ``(i+1, j)`` and ``(i, j-1)``, or for ``"min_of_opponent"`` the
    non-empty ones of ``(i+2, j)``, ``(i+1, j-1)``, ``(i, j-2)``, in order.

    Args:
        coins: the row, length n >= 0, exact ints.
        recurrence: the table's recurrence.

    Returns:
        n(n+1)/2 steps, the one-coin cells first and ``(0, n-1)`` last. O(n^2).

    >>> [step.totals.difference for step in fill_steps([5, 3, 7, 10])][-1]
    5
    """
    table = difference_table(coins)
    prefix = prefix_sums(coins)
    for i, j in table:
        cell, total = table[i, j], prefix[j + 1] - prefix[i]
        candidates: tuple[Candidate, ...] = ()
        reads: tuple[Interval, ...] = ()
        if i < j:
            left, right = table.candidates(i, j)
            candidates = (
                Candidate("left", split_sum(total, left), "left" in cell.ends),
                Candidate("right", split_sum(total, right), "right" in cell.ends),
            )
            reads = ((i + 1, j), (i, j - 1))
            if recurrence == "min_of_opponent":  # the opponent's reply leaves one of three intervals
                reads = tuple((p, q) for p, q in ((i, j - 2), (i + 1, j - 1), (i + 2, j)) if p <= q)
        yield Step(i, j, split_sum(total, cell.value), cell.ends, candidates, reads)


def optimal_totals(coins: Sequence[int]) -> Totals:
    """The optimal ``Totals`` of a row (O(n^2)); ``Totals(0, 0)`` for an empty row.

    >>> optimal_totals([8, 15, 3, 7])
    Totals(first=22, second=11)
    """
    if not coins:
        return Totals(0, 0)
    return totals_from_difference(coins, difference_table(coins).value(0, len(coins) - 1))


def parity_class_sums(coins: Sequence[int]) -> tuple[int, int]:
    """``(sum of even-index coins, sum of odd-index coins)``; the parity strategy keeps the larger."""
    return sum(coins[0::2]), sum(coins[1::2])


def prefix_sums(coins: Sequence[int]) -> list[int]:
    """``p`` with ``p[k] = coins[0] + … + coins[k-1]``, so ``sum(coins[i..j]) = p[j+1] - p[i]``."""
    return [0, *accumulate(coins)]


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
