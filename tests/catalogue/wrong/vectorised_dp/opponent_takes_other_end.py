"""The opponent is assumed to always take the other end: each length reads the one two shorter.

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence

import numpy as np

INT64_MAX = 2**63 - 1


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    fits_int64 = sum(abs(c) for c in coins) <= INT64_MAX
    a = np.array(coins, dtype=np.int64 if fits_int64 else object)
    shorter = np.zeros(n + 1, dtype=a.dtype)  # length 0: every empty interval is worth 0
    d = a.copy()  # length 1
    for length in range(2, n + 1):
        count = n - length + 1
        ends = np.abs(a[:count] - a[length - 1 :])
        shorter, d = d, ends + shorter[1 : count + 1]
    return int(d[0])
