"""A cell read from the wrong interval: taking coins[i] subtracts F[i+1][j-1] where F[i+1][j] belongs.

Mistake: wrong-cell
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]

    def interval_sum(i: int, j: int) -> int:
        return prefix[j + 1] - prefix[i]

    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + interval_sum(i + 1, j) - f[i + 1][j - 1]
            take_right = coins[j] + interval_sum(i, j - 1) - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
