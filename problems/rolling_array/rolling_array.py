"""Coins in a row, bonus kata 2: the difference table in one rolling row, O(n) memory.

Your attempt. The task and hints: problems/rolling_array/README.md.
Replace each `raise NotImplementedError` below; `make test F=rolling_array` grades it.
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
    raise NotImplementedError
