"""One class always chosen: the even indices, whatever they sum to."""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    return sum(coins[0::2])


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    return "left" if left % 2 == 0 else "right"
