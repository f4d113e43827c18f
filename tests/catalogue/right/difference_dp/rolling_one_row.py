"""A rolling one-row table: O(n) memory, the same values."""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    d = list(coins)  # d[j] holds D(i, j) for the current i, filled from the bottom row up
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            d[j] = max(coins[i] - d[j], coins[j] - d[j - 1])
    return d[n - 1] if n else 0
