"""Wrong fill order: row by row from the top, so F[i+2][j] and F[i+1][j-1] are read before they are filled.

Mistake: row-major-fill
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    table = [[0] * n for _ in range(n)]

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    for i in range(n):
        for j in range(i, n):
            if i == j:
                table[i][j] = coins[i]
            else:
                take_left = coins[i] + min(f(i + 2, j), f(i + 1, j - 1))
                take_right = coins[j] + min(f(i + 1, j - 1), f(i, j - 2))
                table[i][j] = max(take_left, take_right)
    return table[0][n - 1]
