"""The two cells crossed: coins[i] - D[i][j-1] and coins[j] - D[i+1][j], each coin with the other's rest.

Mistake: wrong-cell
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i][j - 1], coins[j] - d[i + 1][j])
    return d[0][n - 1]
