"""The memo keyed by the remaining row as a tuple: right values in O(n^3) time and memory.

Each of the n^2/2 intervals is a key of its own, a tuple of up to n coins that is sliced,
hashed and kept: n^3/6 coins stored in all. Both faults are true of it, and which the grader
meets first depends on the machine: the time read as n³, or the memory cap reached near 900 coins.

Mistake: none
Order: n³ or the memory cap
"""

import sys
from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    memo: dict[tuple[int, ...], int] = {}

    def best(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        if rest not in memo:
            memo[rest] = max(rest[0] - best(rest[1:]), rest[-1] - best(rest[:-1]))
        return memo[rest]

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 3 * len(coins) + 100))
    return best(tuple(coins))
