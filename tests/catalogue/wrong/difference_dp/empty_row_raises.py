"""An empty row raises: the table is read at [0][n-1] with n = 0.

Mistake: none
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return d[0][n - 1]
