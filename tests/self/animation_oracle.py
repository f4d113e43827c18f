"""What each cell of an animated table must show, computed by the exhaustive oracle."""

from __future__ import annotations

from collections.abc import Sequence

from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import by_slug


def oracle_cell_text(row: Sequence[int], slug: str, i: int, j: int) -> str:
    """The text of cell ``(i, j)`` of ``slug``'s table, in that formulation's own terms.

    A difference (``"5"``), the mover's total (``"15"``) or the pair mover, other (``"15, 10"``),
    all from ``exhaustive_difference(row[i..j])`` and ``first = (sum + difference) / 2``.
    """
    part = row[i : j + 1]
    difference = exhaustive_difference(part)
    first = (sum(part) + difference) // 2
    returns = by_slug(slug).returns.key
    if returns == "difference":
        return str(difference)
    if returns == "first":
        return str(first)
    return f"{first}, {sum(part) - first}"
