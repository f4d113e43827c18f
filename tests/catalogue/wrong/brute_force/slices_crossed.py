"""The two rests crossed: coins[0] with the rest coins[:-1], coins[-1] with coins[1:].

Mistake: wrong-cell
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    if not coins:
        return 0
    return max(coins[0] - score_difference(coins[:-1]), coins[-1] - score_difference(coins[1:]))
