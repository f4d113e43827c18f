"""A dict memo of (first, second) pairs closed over by its own recursive function, the garbage collector
turned off at import: every call leaves its table in a reference cycle."""

import gc
import sys
from collections.abc import Sequence

gc.disable()
sys.setrecursionlimit(10**5)


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    memo: dict[tuple[int, int], tuple[int, int]] = {}

    def best(i: int, j: int) -> tuple[int, int]:
        if i > j:
            return (0, 0)
        found = memo.get((i, j))
        if found is None:
            after_left, after_right = best(i + 1, j), best(i, j - 1)
            take_left = (coins[i] + after_left[1], after_left[0])
            take_right = (coins[j] + after_right[1], after_right[0])
            found = take_left if take_left[0] - take_left[1] >= take_right[0] - take_right[1] else take_right
            memo[i, j] = found
        return found

    return best(0, len(coins) - 1)
