"""Right, but with the default recursion limit: RecursionError near n = 500.

Mistake: none
"""

from collections.abc import Sequence
from functools import lru_cache


def score_difference(coins: Sequence[int]) -> int:
    @lru_cache(maxsize=None)
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))

    return best(0, len(coins) - 1)
