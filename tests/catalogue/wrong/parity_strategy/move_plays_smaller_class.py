"""parity_move plays the class that sums less: the comparison turned round.

Mistake: class-flipped
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    _require_even(len(coins))
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    _require_even(len(coins))
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of a row of {len(coins)}")
    evens, odds = sum(coins[0::2]), sum(coins[1::2])
    wanted = 0 if evens <= odds else 1
    return "left" if left % 2 == wanted else "right"


def _require_even(n: int) -> None:
    if n % 2:
        raise ValueError(f"the parity strategy needs an even number of coins, got {n}")
