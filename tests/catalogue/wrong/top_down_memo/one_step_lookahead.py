"""One-step look-ahead in the recursion: the end is chosen by the coin minus the larger end it leaves.

Only one branch is followed, so the memo is never needed; the choice looks one
coin ahead instead of at the whole rest.

Mistake: one-step-lookahead
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
        left = coins[i] - max(coins[i + 1], coins[j])
        right = coins[j] - max(coins[i], coins[j - 1])
        if left >= right:
            return coins[i] - best(i + 1, j)
        return coins[j] - best(i, j - 1)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * len(coins) + 100))
    try:
        return best(0, len(coins) - 1)
    finally:
        sys.setrecursionlimit(limit)
