"""Coins in a row, formulation 4: the paired-tuple DP.

Task and hints: problems/paired_tuple_dp/README.md.
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
    n = len(coins)
    if n == 0:
        return (0, 0)
    # p[i][j] = (mover's total, other's total) on coins i..j.
    p = [[(0, 0)] * n for _ in range(n)]
    for i in range(n):
        p[i][i] = (coins[i], 0)
    # Taking a[i] leaves (mover, other) = p[i+1][j] to the opponent, so we get
    # a[i] + p[i+1][j].other and they get p[i+1][j].mover; likewise from the right.
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            left_mover, left_other = p[i + 1][j]
            right_mover, right_other = p[i][j - 1]
            if coins[i] + left_other >= coins[j] + right_other:  # keep the pair better for the mover
                p[i][j] = (coins[i] + left_other, left_mover)
            else:
                p[i][j] = (coins[j] + right_other, right_mover)
    return p[0][n - 1]
