"""The pair comes back swapped: (second, first).

Mistake: pair-swapped
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
            take_right = (coins[j] + p[i][j - 1][1], p[i][j - 1][0])
            p[i][j] = max(take_left, take_right, key=lambda pair: pair[0])
    first, second = p[0][n - 1]
    return (second, first)
