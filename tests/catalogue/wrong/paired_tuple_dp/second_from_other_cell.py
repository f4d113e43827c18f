"""Taking the right coin, the other player's total is read from P[i+1][j], the left option's cell
(a line copied from the left case), where P[i][j-1]'s belongs.

Mistake: wrong-cell
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
            take_left = (coins[i] + p[i + 1][j][1], p[i + 1][j][0])
            take_right = (coins[j] + p[i][j - 1][1], p[i + 1][j][0])
            p[i][j] = take_left if take_left[0] >= take_right[0] else take_right
    return p[0][n - 1]
