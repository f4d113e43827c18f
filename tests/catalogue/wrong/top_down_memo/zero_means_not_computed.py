"""0 used as 'not computed': right values, but every interval worth 0 is solved again and again.

Mistake: none
Order: exponential
"""

import sys
from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    memo = [[0] * n for _ in range(n)]

    def best(i: int, j: int) -> int:
        if i > j:
            return 0
        if memo[i][j] != 0:
            return memo[i][j]
        memo[i][j] = max(coins[i] - best(i + 1, j), coins[j] - best(i, j - 1))
        return memo[i][j]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3 * n + 100))
    return best(0, n - 1)
