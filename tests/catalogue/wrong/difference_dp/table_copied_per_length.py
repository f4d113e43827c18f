"""The whole table copied once per interval length: right values in O(n^3) time.

n copies of an n x n table are n^3 cells copied, far more than the n^2/2 cells filled.

Mistake: none
Order: n³
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = coins[i]
    for length in range(2, n + 1):
        previous = [row[:] for row in d]
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - previous[i + 1][j], coins[j] - previous[i][j - 1])
    return d[0][n - 1]
