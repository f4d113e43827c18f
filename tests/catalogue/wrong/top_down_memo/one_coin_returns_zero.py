"""Missing base case in the recursion: `if i >= j: return 0` makes every one-coin interval worth 0.

Mistake: missing-base-case
"""

import sys
from collections.abc import Sequence
from functools import lru_cache


def score_difference(coins: Sequence[int]) -> int:
    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int:
        if i >= j:
            return 0
        return max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * len(coins) + 100))
    try:
        return best(0, len(coins) - 1)
    finally:
        sys.setrecursionlimit(limit)
