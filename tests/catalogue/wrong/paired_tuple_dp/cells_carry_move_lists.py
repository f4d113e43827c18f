"""Each cell carries the list of the moves that reach it: right totals in O(n^3) time and memory.

A cell of an interval of length L copies a list of L - 1 moves: n^3/6 list items in all.

Mistake: none
Order: n³
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)
    empty: list[int] = []
    p = [[(0, 0, empty)] * n for _ in range(n)]
    for i in range(n):
        p[i][i] = (coins[i], 0, [i])
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            lm, lo, lmoves = p[i + 1][j]
            rm, ro, rmoves = p[i][j - 1]
            if coins[i] + lo >= coins[j] + ro:
                p[i][j] = (coins[i] + lo, lm, [i, *lmoves])
            else:
                p[i][j] = (coins[j] + ro, rm, [j, *rmoves])
    first, second, _ = p[0][n - 1]
    return (first, second)
