"""A fixed move list: always the left end, whatever the coins.

Fails on [1, 5, 233, 7]: taking 1 first hands the 233 to the other player.

Mistake: one-end-always
"""

from collections.abc import Sequence
from typing import Literal


def optimal_line(coins: Sequence[int]) -> list[Literal["left", "right"]]:
    return ["left"] * len(coins)
