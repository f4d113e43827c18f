"""The coins after the one taken summed to the end of the row (prefix[n] - prefix[i+1]), not to j.

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
            take_left = coins[i] + prefix[n] - prefix[i + 1] - f[i + 1][j]
            take_right = coins[j] + prefix[n] - prefix[i] - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
