"""The O(n^2) difference table: the right values, but not the O(n) work the kata is about.

Fails at n = 10^6: 10**12 steps never finish within the limit.

Mistake: none
Order: n²
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    d = list(coins)  # d[j] holds D(i, j) for the current i
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            d[j] = max(coins[i] - d[j], coins[j] - d[j - 1])
    return d[n - 1] if n else 0
