"""The right guarantee, but parity_move simply takes the larger end.

Mistake: greedy-move
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    return "left" if coins[left] >= coins[right] else "right"
