"""The coins left after the one taken summed over the whole row (prefix[n] - prefix[0]), not the range.

Mistake: whole-row-sum
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
            rest = prefix[n] - prefix[0]
            f[i][j] = max(coins[i] + rest - f[i + 1][j], coins[j] + rest - f[i][j - 1])
    return f[0][n - 1]
