"""A memo that is read but never written.

Mistake: none
Order: exponential
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    memo: dict[tuple[int, int], int] = {}

    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        if (i, j) in memo:
            return memo[i, j]
        return max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))

    return best(0, len(coins) - 1)
