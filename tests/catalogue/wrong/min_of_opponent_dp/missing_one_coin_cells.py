"""Missing base case: only intervals of two or more coins are filled, one-coin cells stay 0.

Mistake: missing-base-case
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 1:
        return coins[0]

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + min(f(i + 2, j), f(i + 1, j - 1))
            take_right = coins[j] + min(f(i + 1, j - 1), f(i, j - 2))
            table[i][j] = max(take_left, take_right)
    return f(0, n - 1)
