"""Adds the opponent's result instead of subtracting it (the opponent's gain counted as the mover's).

Fails on [1, 2]: returns 3 instead of 1.

Mistake: plus-for-minus
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    if not coins:
        return 0
    return max(coins[0] + score_difference(coins[1:]), coins[-1] + score_difference(coins[:-1]))
