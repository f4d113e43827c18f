"""The opponent is assumed to always take the other end: d[j] from D[i+1][j-1], kept before it is overwritten.

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = list(coins)
    for i in range(n - 2, -1, -1):
        inner = 0  # D[i+1][j-1], the interval inside both ends; empty when j = i + 1
        for j in range(i + 1, n):
            before = d[j]  # D[i+1][j], the inner interval of the next j
            d[j] = abs(coins[i] - coins[j]) + inner
            inner = before
    return d[n - 1]
