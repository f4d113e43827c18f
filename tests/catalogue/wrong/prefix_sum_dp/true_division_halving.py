"""The difference table, then the first total by a true division: int((prefix[n] + difference) / 2).

Right on every row of small coins; wrong where a total passes 2**53.

Mistake: float-table
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return int((prefix[n] + d[0][n - 1]) / 2)
