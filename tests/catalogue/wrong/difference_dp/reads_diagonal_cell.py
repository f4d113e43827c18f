"""A cell read from the wrong interval: taking coins[i] reads D[i+1][j-1] where D[i+1][j] belongs.

Mistake: wrong-cell
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
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] - d[i + 1][j - 1]
            take_right = coins[j] - d[i][j - 1]
            d[i][j] = max(take_left, take_right)
    return d[0][n - 1]
