"""Coins in a row, formulation 1: the score-difference interval DP.

Your attempt. The task and hints: problems/difference_dp/README.md.
Replace each `raise NotImplementedError` below; `make test F=difference_dp` grades it.
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

    Source: bottom-up interval DP on the score difference of the player to
    move (negamax), as in LeetCode 486 "Predict the Winner".

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([1, 5, 2])
    -2
    """
    raise NotImplementedError
