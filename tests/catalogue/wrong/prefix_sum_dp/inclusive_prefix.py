"""Inclusive prefix sums without a leading 0: prefix[j] - prefix[i] misses coins[i].

prefix[k] = coins[0] + ... + coins[k], so the sum of coins i..j is
prefix[j] - prefix[i-1], not prefix[j] - prefix[i].

Mistake: off-by-one-range
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = list(accumulate(coins))
    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            f[i][j] = (prefix[j] - prefix[i]) - min(f[i + 1][j], f[i][j - 1])
    return f[0][n - 1]
