"""A dict memo instead of lru_cache, with None-free membership tests."""

import sys
from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    memo: dict[tuple[int, int], int] = {}

    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        if (i, j) not in memo:
            memo[i, j] = max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))
        return memo[i, j]

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 2 * len(coins) + 100))
    try:
        return best(0, len(coins) - 1)
    finally:
        sys.setrecursionlimit(old)
