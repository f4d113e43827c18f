"""Coins in a row, bonus kata 2: the difference table in one rolling row, O(n) memory.

Task and hints: problems/rolling_array/README.md.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 4000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. Exact int. O(n^2) time, O(n) memory.

    Source: the score-difference interval DP (LeetCode 486) with the table
    rolled into one row, the classic space optimisation of a DP whose cells
    read only the previous row and the cell to their left.

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([1, 5, 2])
    -2
    """
    a = list(coins)
    n = len(a)
    if n == 0:
        return 0
    # Row i of the table, D[i][j] for j >= i, kept in d[j]; d[i] = a[i] is the
    # base case. Going from row i + 1 to row i: d[j] still holds D[i+1][j] when
    # it is read, and d[j - 1] was already overwritten with D[i][j-1].
    d = a[:]
    for i in range(n - 2, -1, -1):
        left = a[i]
        for j in range(i + 1, n):
            take_left = left - d[j]
            take_right = a[j] - d[j - 1]
            d[j] = take_left if take_left >= take_right else take_right
    return d[n - 1]
