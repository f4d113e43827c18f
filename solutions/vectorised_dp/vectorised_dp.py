"""Coins in a row, bonus kata 3: the difference table one interval length at a time, in NumPy.

Task and hints: problems/vectorised_dp/README.md.
"""

from collections.abc import Sequence

import numpy as np

INT64_MAX = 2**63 - 1


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
    n = len(coins)
    if n == 0:
        return 0
    # |D[i][j]| and every intermediate a[k] - D[...] are at most sum(|a|).
    fits_int64 = sum(abs(c) for c in coins) <= INT64_MAX
    a = np.array(coins, dtype=np.int64 if fits_int64 else object)
    # d[i] = D[i][i + length - 1]: the mover's best difference on the
    # interval of this length starting at i (the first n - length + 1
    # entries are in use). Every step writes into d and one preallocated
    # buffer (out=), never into new arrays.
    d = a.copy()
    take_left = np.empty_like(a)
    for length in range(2, n + 1):
        count = n - length + 1
        left, best = take_left[:count], d[:count]
        np.subtract(a[:count], d[1 : count + 1], out=left)  # a[i] - D[i+1][j]
        np.subtract(a[length - 1 :], best, out=best)  # a[j] - D[i][j-1], in place
        np.maximum(left, best, out=best)
    return int(d[0])
