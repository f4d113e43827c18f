"""No memo at all: the plain recursion, about 2**n calls.

Mistake: none
Order: exponential
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))

    return best(0, len(coins) - 1)
