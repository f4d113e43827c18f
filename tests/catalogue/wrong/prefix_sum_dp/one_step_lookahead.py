"""One-step look-ahead in the table: each end is judged by its coin minus the larger end it leaves.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]

    def interval_sum(i: int, j: int) -> int:
        return prefix[j + 1] - prefix[i]

    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            left = coins[i] - max(coins[i + 1], coins[j])
            right = coins[j] - max(coins[i], coins[j - 1])
            if left >= right:
                f[i][j] = coins[i] + interval_sum(i + 1, j) - f[i + 1][j]
            else:
                f[i][j] = coins[j] + interval_sum(i, j - 1) - f[i][j - 1]
    return f[0][n - 1]
