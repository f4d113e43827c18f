"""The interval tables a formulation can fill: its recurrence, the quantity in each cell, its cells' names.

A formulation that fills an n x n interval table (interval DP or memoisation)
names its ``TableKind`` in the registry; ``trace`` and the animation draw that
table from the steps ``coinrow.game.game.fill_steps`` yields for its recurrence.

>>> PAIR_TABLE.name(0, 3), MEMO_TABLE.name(0, 3)
('P[0][3]', 'best(0, 3)')
"""

from __future__ import annotations

from dataclasses import dataclass

from coinrow.game.game import Recurrence, Step
from coinrow.game.quantity import DIFFERENCE, FIRST, TOTALS, CellValue, TableQuantity


@dataclass(frozen=True)
class TableKind:
    """One kind of interval table: how it is filled, what a cell holds, and how a cell is written."""

    recurrence: Recurrence
    quantity: TableQuantity
    function: str | None = None  # a memoised function's name: cells written best(i, j), not D[i][j]

    @property
    def symbol(self) -> str:
        """The cell's name without its interval: the quantity's symbol, or the memoised function's name."""
        return self.function or self.quantity.symbol

    def name(self, i: int, j: int) -> str:
        """The cell of coins ``i..j`` as the formulation writes it, e.g. ``D[0][3]`` or ``best(0, 3)``."""
        return f"{self.function}({i}, {j})" if self.function else f"{self.symbol}[{i}][{j}]"

    def value(self, step: Step) -> CellValue:
        """The value the table holds in the cell ``step`` fills."""
        return self.quantity.of(step.totals)


DIFFERENCE_TABLE = TableKind("difference", DIFFERENCE)
MEMO_TABLE = TableKind("difference", DIFFERENCE, function="best")
MIN_OF_OPPONENT_TABLE = TableKind("min_of_opponent", FIRST)
PREFIX_SUM_TABLE = TableKind("prefix_sum", FIRST)
PAIR_TABLE = TableKind("pair", TOTALS)
