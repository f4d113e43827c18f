"""Wrong fill order: one-coin cells first, then row by row from the top (P[i+1][j] not yet filled).

Mistake: row-major-fill
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)
    p = [[(0, 0)] * n for _ in range(n)]
    for i in range(n):
        p[i][i] = (coins[i], 0)
    for i in range(n):
        for j in range(i + 1, n):
            take_left = (coins[i] + p[i + 1][j][1], p[i + 1][j][0])
            take_right = (coins[j] + p[i][j - 1][1], p[i][j - 1][0])
            p[i][j] = take_left if take_left[0] >= take_right[0] else take_right
    return p[0][n - 1]
