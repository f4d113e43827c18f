"""Coins in a row, formulation 6: top-down memoisation with functools.lru_cache.

Task and hints: problems/top_down_memo/README.md.
"""

import sys
from collections.abc import Sequence
from functools import cache


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. Exact int.

    Source: the recursive solution of LeetCode 486 "Predict the Winner",
    memoised with ``functools.lru_cache`` so each interval is solved once.

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([1, 5, 233, 7])
    222
    """
    row = tuple(coins)

    # The cache lives inside the call: a new row gets a new cache.
    @cache
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(row[i] - best(i + 1, j), row[j] - best(i, j - 1))

    # The recursion goes about n calls deep, and each call through the cache
    # wrapper counts about twice against the limit (1000 by default).
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 3 * len(row) + 100))
    try:
        return best(0, len(row) - 1)
    finally:
        sys.setrecursionlimit(old_limit)
