"""The opponent's reply decided by the coins, not by the table: the opponent takes the larger end.

After coins[i] the opponent is assumed to take the larger of coins[i+1] and
coins[j], leaving F[i+2][j] or F[i+1][j-1]; the min over the two cells belongs.

Mistake: opponent-takes-larger-end
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for i in range(n):
        table[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            # the opponent grabs the larger end of what I leave
            after_left = f(i + 2, j) if coins[i + 1] >= coins[j] else f(i + 1, j - 1)
            after_right = f(i + 1, j - 1) if coins[i] >= coins[j - 1] else f(i, j - 2)
            table[i][j] = max(coins[i] + after_left, coins[j] + after_right)
    return f(0, n - 1)
