"""The base case's bound one coin too wide: `if j - i <= 1` where `if i == j` belongs, so two coins
give the left coin, not the better difference.

Mistake: two-coin-base-case
"""

import sys
from collections.abc import Sequence
from functools import cache


def score_difference(coins: Sequence[int]) -> int:
    row = tuple(coins)

    @cache
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        if j - i <= 1:
            return row[i]
        return max(row[i] - best(i + 1, j), row[j] - best(i, j - 1))

    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 3 * len(row) + 100))
    try:
        return best(0, len(row) - 1)
    finally:
        sys.setrecursionlimit(old_limit)
