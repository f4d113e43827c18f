"""One class always chosen: the even indices, whatever they sum to.

The smallest failure is the guarantee's bound check (tests/grade/test_parity.py); the guarantee's
values fit the model "one-class-always" on every probe row, and the moves that of the move.

Mistake: one-class-always
"""

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
