"""One-step look-ahead in the table: each end is judged by its coin minus the larger end it leaves.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)
    p = [[(0, 0)] * n for _ in range(n)]
    for i in range(n):
        p[i][i] = (coins[i], 0)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            left = coins[i] - max(coins[i + 1], coins[j])
            right = coins[j] - max(coins[i], coins[j - 1])
            if left >= right:
                mover, other = p[i + 1][j]
                p[i][j] = (coins[i] + other, mover)
            else:
                mover, other = p[i][j - 1]
                p[i][j] = (coins[j] + other, mover)
    return p[0][n - 1]
