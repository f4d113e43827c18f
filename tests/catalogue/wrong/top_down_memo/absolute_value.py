"""abs() in the recursion: best(i, j) is made non-negative, so a losing interval looks like a win.

Mistake: absolute-value
"""

import sys
from collections.abc import Sequence
from functools import cache


def score_difference(coins: Sequence[int]) -> int:
    @cache
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return abs(max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1)))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 3 * len(coins) + 100))
    try:
        return best(0, len(coins) - 1)
    finally:
        sys.setrecursionlimit(limit)
