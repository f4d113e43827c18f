"""Coins in a row, formulation 1: the score-difference interval DP.

Task and hints: problems/difference_dp/README.md.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. Exact int.

    Source: bottom-up interval DP on the score difference of the player to
    move (negamax), as in LeetCode 486 "Predict the Winner".

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([1, 5, 2])
    -2
    """
    n = len(coins)
    if n == 0:
        return 0
    # d[i][j]: the mover's best difference on coins i..j (inclusive).
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = coins[i]
    # d[i][j] = max(a[i] - d[i+1][j], a[j] - d[i][j-1]), shorter intervals first.
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return d[0][n - 1]
