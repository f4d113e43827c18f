"""parity_move refuses an interval only when it is both out of range and odd (`and` for `or`).

Fails on parity_move([1, 2, 3, 4], 0, 2): three coins left, accepted.

Mistake: none
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    _require_even(len(coins))
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    _require_even(len(coins))
    if not 0 <= left < right < len(coins) and (right - left + 1) % 2:
        raise ValueError(f"left={left}, right={right}: not an even part of a row of {len(coins)}")
    chosen_parity = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen_parity else "right"


def _require_even(n: int) -> None:
    if n % 2:
        raise ValueError(f"the parity strategy needs an even number of coins, got {n}")
