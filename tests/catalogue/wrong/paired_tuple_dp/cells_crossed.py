"""The two cells crossed: taking coins[i] reads P[i][j-1], taking coins[j] reads P[i+1][j].

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
            left_mover, left_other = p[i][j - 1]
            right_mover, right_other = p[i + 1][j]
            if coins[i] + left_other >= coins[j] + right_other:
                p[i][j] = (coins[i] + left_other, left_mover)
            else:
                p[i][j] = (coins[j] + right_other, right_mover)
    return p[0][n - 1]
