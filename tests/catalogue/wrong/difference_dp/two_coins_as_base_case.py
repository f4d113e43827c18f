"""Two coins handled as a base case worth the larger coin, where their difference belongs.

Its answers are those of one-coin cells left at 0 on every row: the name given covers both.

Mistake: missing-base-case
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = coins[i]
        if i + 1 < n:
            d[i][i + 1] = max(coins[i], coins[i + 1])
    for length in range(3, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return d[0][n - 1]
