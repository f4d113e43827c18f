"""A memo of every interval: the right value, but the cache grows to n(n+1)/2 entries.

Top-down memoisation handed in as rolling_array: it is O(n^2) memory like the
full table, only filled lazily.

Mistake: none
Order: n²
"""

import sys
from collections.abc import Sequence
from functools import lru_cache


def score_difference(coins: Sequence[int]) -> int:
    """The first player's total minus the second's under optimal play."""
    row = tuple(coins)

    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(row[i] - best(i + 1, j), row[j] - best(i, j - 1))

    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, 3 * len(row) + 100))
    try:
        return best(0, len(row) - 1)
    finally:
        sys.setrecursionlimit(previous)
