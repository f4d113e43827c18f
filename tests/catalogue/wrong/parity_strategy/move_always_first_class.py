"""The right guarantee, but parity_move always plays the class of the first coin (the even indices).

Mistake: one-class-always
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
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of a row of {len(coins)}")
    return "left" if left % 2 == 0 else "right"
