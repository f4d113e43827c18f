"""Wrong fill order: i from the top, each one-coin cell set when its row starts; F[i+1][j] is still 0.

Mistake: row-major-fill
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
        for j in range(i, n):
            if i == j:
                f[i][j] = coins[i]
                continue
            take_left = coins[i] + (prefix[j + 1] - prefix[i + 1]) - f[i + 1][j]
            take_right = coins[j] + (prefix[j] - prefix[i]) - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
