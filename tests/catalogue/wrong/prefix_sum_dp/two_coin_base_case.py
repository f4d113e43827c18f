"""Two coins set as a base case beside one, each cell of two coins given its right coin.

Mistake: two-coin-base-case
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
        if i + 1 < n:
            f[i][i + 1] = coins[i + 1]
    for length in range(3, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + prefix[j + 1] - prefix[i + 1] - f[i + 1][j]
            take_right = coins[j] + prefix[j] - prefix[i] - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
