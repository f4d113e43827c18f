"""A table of floats, returned through int(): right on small coins, wrong near 2**53.

Not a missing base case: the one-coin cells are there, the floats lose the last bits.

Mistake: float-table
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0.0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = float(coins[i])
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return int(d[0][n - 1])
