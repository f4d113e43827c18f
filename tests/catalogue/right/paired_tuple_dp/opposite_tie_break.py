"""The opposite tie-break (the right end when both are equally good), returned as a list."""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> list[int]:
    n = len(coins)
    if n == 0:
        return [0, 0]
    p = [[(0, 0)] * n for _ in range(n)]
    for i in range(n):
        p[i][i] = (coins[i], 0)
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = (coins[i] + p[i + 1][j][1], p[i + 1][j][0])
            take_right = (coins[j] + p[i][j - 1][1], p[i][j - 1][0])
            p[i][j] = take_right if take_right[0] >= take_left[0] else take_left
    return list(p[0][n - 1])
