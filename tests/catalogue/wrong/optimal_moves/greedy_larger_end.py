"""Greedy moves: each player takes the larger end, which is not optimal play.

Fails on [1, 5, 233, 7]: taking 7 first lets the second player take 233.

Mistake: greedy
"""

from collections.abc import Sequence
from typing import Literal


def optimal_line(coins: Sequence[int]) -> list[Literal["left", "right"]]:
    moves: list[Literal["left", "right"]] = []
    i, j = 0, len(coins) - 1
    while i <= j:
        if coins[i] >= coins[j]:
            moves.append("left")
            i += 1
        else:
            moves.append("right")
            j -= 1
    return moves
