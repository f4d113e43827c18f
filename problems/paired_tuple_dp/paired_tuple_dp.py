"""Coins in a row, formulation 4: the paired-tuple DP.

Your attempt. The task and hints: problems/paired_tuple_dp/README.md.
Replace each `raise NotImplementedError` below; `make test F=paired_tuple_dp` grades it.
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    """Return ``(first, second)``, both players' totals under optimal play.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The pair (first player's total, second player's total); (0, 0) for an
        empty row. Exact ints; first + second == sum(coins).

    Source: the table of pairs in Tushar Roy's "Optimal Strategy Game Pick
    from Ends of Array": each cell keeps the mover's and the other player's
    totals, and the mover of a cell is the other player of the cell below.

    >>> player_totals([5, 3, 7, 10])
    (15, 10)
    >>> player_totals([1, 5, 2])
    (3, 5)
    """
    raise NotImplementedError
