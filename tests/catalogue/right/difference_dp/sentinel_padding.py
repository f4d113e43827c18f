"""Sentinel padding instead of bounds checks: an (n+1) x (n+1) table whose empty intervals read 0."""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    d = [[0] * (n + 1) for _ in range(n + 1)]  # d[i][j + 1] is D(i, j); d[i][i] is the empty interval
    for i in range(n - 1, -1, -1):
        for j in range(i, n):
            d[i][j + 1] = max(coins[i] - d[i + 1][j + 1], coins[j] - d[i][j])
    return d[0][n]
