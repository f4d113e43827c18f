"""A module-level cache that survives between calls with different rows.

Mistake: state-kept
"""

from collections.abc import Sequence
from functools import lru_cache

_row: Sequence[int] = ()


@lru_cache(maxsize=None)
def _best(i: int, j: int) -> int:
    if i > j:
        return 0
    return max(_row[i] - _best(i + 1, j), _row[j] - _best(i, j - 1))


def score_difference(coins: Sequence[int]) -> int:
    global _row
    _row = coins
    return _best(0, len(coins) - 1)
