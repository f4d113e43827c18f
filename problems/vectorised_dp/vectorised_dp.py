"""Coins in a row, bonus kata 3: the difference table one interval length at a time, in NumPy.

Your attempt. The task and hints: problems/vectorised_dp/README.md.
Replace each `raise NotImplementedError` below; `make test F=vectorised_dp` grades it.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 10**4, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. A Python int, always exact: rows
        whose absolute sum exceeds 2**63 - 1 are computed with Python ints
        (NumPy object arrays) instead of int64, which would wrap silently.

    Source: the score-difference interval DP (LeetCode 486) filled one
    anti-diagonal at a time: every interval of one length depends only on
    the intervals one shorter, so a whole length is one array expression.

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([2**62, -(2**62), 2**62])  # D of [-2**62, 2**62] is 2**63
    -4611686018427387904
    """
    raise NotImplementedError
