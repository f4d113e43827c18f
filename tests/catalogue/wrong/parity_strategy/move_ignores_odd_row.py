"""parity_move checks the interval but not the row: it answers on an odd row.

Fails on parity_move([1, 2, 3], 0, 1): two coins 0..1, but a row of three.

Mistake: odd-row-move
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    _require_even(len(coins))
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of a row of {len(coins)}")
    chosen_parity = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen_parity else "right"


def _require_even(n: int) -> None:
    if n % 2:
        raise ValueError(f"the parity strategy needs an even number of coins, got {n}")
