"""The opponent is assumed to always take the other end, then collect its share of coins i+1..j-1.

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence
from itertools import accumulate


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    prefix = [0, *accumulate(coins)]

    def interval_sum(i: int, j: int) -> int:
        return prefix[j + 1] - prefix[i] if i <= j else 0

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for i in range(n):
        table[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            # whichever end I take, the opponent takes the other one and its share of the middle
            middle = interval_sum(i + 1, j - 1) - f(i + 1, j - 1)
            opponent = min(coins[j], coins[i]) + middle
            table[i][j] = interval_sum(i, j) - opponent
    return f(0, n - 1)
