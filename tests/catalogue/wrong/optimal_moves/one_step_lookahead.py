"""One-step look-ahead: each move takes the end whose coin, less the larger end it leaves the opponent,
is larger; no table.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence
from typing import Literal


def optimal_line(coins: Sequence[int]) -> list[Literal["left", "right"]]:
    i, j = 0, len(coins) - 1
    moves: list[Literal["left", "right"]] = []
    while i <= j:
        if i == j or coins[i] - max(coins[i + 1], coins[j]) >= coins[j] - max(coins[i], coins[j - 1]):
            moves.append("left")
            i += 1
        else:
            moves.append("right")
            j -= 1
    return moves
