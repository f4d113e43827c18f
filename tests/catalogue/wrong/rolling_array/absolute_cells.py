"""abs() of each option: d[j] = max(abs(a[i] - d[j]), abs(a[j] - d[j-1])).

Mistake: absolute-value
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = list(coins)
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            d[j] = max(abs(coins[i] - d[j]), abs(coins[j] - d[j - 1]))
    return d[n - 1]
