"""Sentinel padding instead of bounds checks: F(i, j) sits at f[i + 2][j + 2], empty intervals read 0."""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    f = [[0] * (n + 4) for _ in range(n + 4)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + min(f[i + 4][j + 2], f[i + 3][j + 1])
            take_right = coins[j] + min(f[i + 3][j + 1], f[i + 2][j])
            f[i + 2][j + 2] = max(take_left, take_right)
    return f[2][n + 1]
