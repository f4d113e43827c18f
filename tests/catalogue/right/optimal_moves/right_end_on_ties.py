"""Takes the right end where both ends tie: another optimal line, which the replay must accept."""

from collections.abc import Sequence
from typing import Literal


def optimal_line(coins: Sequence[int]) -> list[Literal["left", "right"]]:
    n = len(coins)
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    moves: list[Literal["left", "right"]] = []
    i, j = 0, n - 1
    while i <= j:
        if i == j or coins[j] - d[i][j - 1] == d[i][j]:
            moves.append("right")
            j -= 1
        else:
            moves.append("left")
            i += 1
    return moves
