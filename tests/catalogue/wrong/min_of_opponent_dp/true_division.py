"""A true division: first = int((sum + difference) / 2), which is inexact past 2**53.

Right on every row of small coins; wrong on [2**53 + 1, 2, 2**53 + 1].

Mistake: float-table
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return int((sum(coins) + d[0][n - 1]) / 2)
