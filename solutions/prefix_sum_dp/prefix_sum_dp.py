"""Coins in a row, formulation 3: the prefix-sum DP.

Task and hints: problems/prefix_sum_dp/README.md.
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    """Return ``first``, the first player's total when both play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's optimal total; 0 for an empty row. Exact int.

    Source: the "what the opponent does not take, you get" argument of the
    Stone Game discussions: on coins i..j the mover gets the coin taken plus
    whatever of the rest the opponent does not collect; interval sums come
    from a prefix-sum array in O(1).

    >>> first_player_total([5, 3, 7, 10])
    15
    >>> first_player_total([1, 5, 233, 7])
    234
    """
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]  # prefix[k] = coins[0] + ... + coins[k-1]

    def interval_sum(i: int, j: int) -> int:
        return prefix[j + 1] - prefix[i]

    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    # F[i][j] = max(a[i] + sum(i+1..j) - F[i+1][j], a[j] + sum(i..j-1) - F[i][j-1]),
    # shorter intervals first.
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + interval_sum(i + 1, j) - f[i + 1][j]
            take_right = coins[j] + interval_sum(i, j - 1) - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
