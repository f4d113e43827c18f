"""The opponent is assumed to always take the other end: best(i+1, j-1) after both ends.

Mistake: opponent-takes-other-end
"""

import sys
from collections.abc import Sequence
from functools import cache


def score_difference(coins: Sequence[int]) -> int:
    @cache
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        if i == j:
            return coins[i]
        # I take one end, the opponent the other, and it is my move again
        return max(coins[i] - coins[j], coins[j] - coins[i]) + best(i + 1, j - 1)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * len(coins) + 100))
    try:
        return best(0, len(coins) - 1)
    finally:
        sys.setrecursionlimit(limit)
