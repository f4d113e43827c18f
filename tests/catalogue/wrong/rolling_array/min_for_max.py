"""The mover minimises in the rolling row: d[j] = min(...) where max belongs.

Mistake: min-for-max
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = list(coins)
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            d[j] = min(coins[i] - d[j], coins[j] - d[j - 1])
    return d[n - 1]
