"""The mover minimises: min where max belongs in the game-tree recursion.

Mistake: min-for-max
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    if not coins:
        return 0
    return min(coins[0] - score_difference(coins[1:]), coins[-1] - score_difference(coins[:-1]))
