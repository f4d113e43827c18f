"""parity_move refuses an odd row, but parity_guarantee sums the classes of any row.

Mistake: odd-row-accepted
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    evens, odds = sum(coins[0::2]), sum(coins[1::2])
    return evens if evens >= odds else odds


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of a row of {len(coins)}")
    chosen = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen else "right"
