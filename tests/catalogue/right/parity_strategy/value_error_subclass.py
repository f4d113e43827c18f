"""Odd rows refused with a subclass of ValueError, which is a ValueError."""

from collections.abc import Sequence
from typing import Literal


class OddRowError(ValueError):
    """The parity strategy needs an even number of coins."""


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise OddRowError(f"the parity strategy needs an even number of coins, got {len(coins)}")
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise OddRowError(f"the parity strategy needs an even number of coins, got {len(coins)}")
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise OddRowError(f"left={left}, right={right}: not an even part of the row")
    return "left" if left % 2 == (0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1) else "right"
