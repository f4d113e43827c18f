"""One-step look-ahead in the rolling row: each end is judged by its coin minus the larger end it leaves.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = list(coins)
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            left = coins[i] - max(coins[i + 1], coins[j])
            right = coins[j] - max(coins[i], coins[j - 1])
            d[j] = coins[i] - d[j] if left >= right else coins[j] - d[j - 1]
    return d[n - 1]
