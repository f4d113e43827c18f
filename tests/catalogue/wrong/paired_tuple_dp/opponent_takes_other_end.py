"""The opponent is assumed to always take the other end: both moves read P[i+1][j-1].

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)

    def p(i: int, j: int) -> tuple[int, int]:
        return table[i][j] if i <= j else (0, 0)

    table = [[(0, 0)] * n for _ in range(n)]
    for i in range(n):
        table[i][i] = (coins[i], 0)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            mover, other = p(i + 1, j - 1)  # I take one end, the opponent the other
            if coins[i] >= coins[j]:
                table[i][j] = (coins[i] + mover, coins[j] + other)
            else:
                table[i][j] = (coins[j] + mover, coins[i] + other)
    return table[0][n - 1]
