"""The interval's sum off by one: prefix[j] - prefix[i] where prefix[j+1] - prefix[i] belongs.

Written as the interval's sum less what the opponent collects; the sum misses
coins[j].

Mistake: off-by-one-range
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]
    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            total = prefix[j] - prefix[i]
            f[i][j] = total - min(f[i + 1][j], f[i][j - 1])
    return f[0][n - 1]
