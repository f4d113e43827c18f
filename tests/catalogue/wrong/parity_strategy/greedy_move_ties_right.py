"""parity_move takes the larger end, the right one on a tie; the guarantee is right.

Mistake: greedy-move
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2 or not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of an even row of {len(coins)}")
    return "left" if coins[left] > coins[right] else "right"
