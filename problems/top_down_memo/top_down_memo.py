"""Coins in a row, formulation 6: top-down memoisation with functools.lru_cache.

Your attempt. The task and hints: problems/top_down_memo/README.md.
Replace each `raise NotImplementedError` below; `make test F=top_down_memo` grades it.
"""

from collections.abc import Sequence


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
    raise NotImplementedError
