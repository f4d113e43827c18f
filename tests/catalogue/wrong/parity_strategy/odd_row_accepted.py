"""The strategy applied to an odd row without ValueError.

Mistake: odd-row-accepted
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    chosen = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen else "right"
