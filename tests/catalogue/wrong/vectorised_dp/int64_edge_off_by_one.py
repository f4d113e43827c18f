"""int64 kept up to sum(|coins|) = 2**63: it overflows at exactly 2**63.

Fails on [2**62, -(2**62)]: the difference 2**63 wraps to -(2**63); [2**63] raises OverflowError.

Mistake: none
"""

from collections.abc import Sequence

import numpy as np


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    fits_int64 = sum(abs(c) for c in coins) <= 2**63
    a = np.array(coins, dtype=np.int64 if fits_int64 else object)
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count])
    return int(d[0])
