"""An n x n table: the right value, but O(n^2) memory instead of one rolling row.

At n = 4000 the table alone is 4000 lists of 4000 pointers, 128 MB.

Mistake: none
Order: n²
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return d[0][n - 1]
