"""The rolling row updated with j going down: d[j-1] still holds row i+1 when d[j] reads it.

Mistake: rolling-row-order
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = list(coins)
    for i in range(n - 2, -1, -1):
        for j in range(n - 1, i, -1):
            d[j] = max(coins[i] - d[j], coins[j] - d[j - 1])
    return d[n - 1]
