"""The opponent is assumed to always take the other end: F[i+1][j-1] after either move.

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            table[i][j] = max(coins[i] + f(i + 1, j - 1), coins[j] + f(i + 1, j - 1))
    return f(0, n - 1)
