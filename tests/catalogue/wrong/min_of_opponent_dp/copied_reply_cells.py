"""The reply's cells copied from the left option to the right: a[j] + min(F[i+2][j], F[i+1][j-1]).

Mistake: wrong-cell
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
            take_left = coins[i] + min(f(i + 2, j), f(i + 1, j - 1))
            take_right = coins[j] + min(f(i + 2, j), f(i + 1, j - 1))
            table[i][j] = max(take_left, take_right)
    return f(0, n - 1)
