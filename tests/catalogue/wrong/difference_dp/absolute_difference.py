"""abs() of the answer: the difference is returned as a distance, never negative.

Fails on [1, 4, 2]: the first player is 1 behind, so the difference is -1, not 1.

Mistake: absolute-value
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
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    # how far apart the two players end up
    return abs(d[0][n - 1])
