"""parity_move re-plans on the remaining row: the better class of what is left, every turn."""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError(f"the parity strategy needs an even number of coins, got {len(coins)}")
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2 or not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of an even row of {len(coins)}")
    rest = coins[left : right + 1]
    return "left" if sum(rest[0::2]) >= sum(rest[1::2]) else "right"
