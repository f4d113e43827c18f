"""The opponent is assumed to always take the other end: the recursion goes on coins[1:-1].

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    if not coins:
        return 0
    if len(coins) == 1:
        return coins[0]
    middle = score_difference(coins[1:-1])
    return max(coins[0] - coins[-1] + middle, coins[-1] - coins[0] + middle)
