"""np.abs() at every length: each interval's difference is made non-negative.

Mistake: absolute-value
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
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.abs(np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count]))
    return int(d[0])
