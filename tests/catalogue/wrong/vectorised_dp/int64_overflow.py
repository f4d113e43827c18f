"""int64 with no overflow check: rows summing past 2**63 - 1 wrap silently to wrong numbers.

Fails on [2**63 - 1, -(2**63 - 1)]: the difference 2**64 - 2 wraps to -2; coins beyond
int64 raise OverflowError.

Mistake: int64-overflow
"""

from collections.abc import Sequence

import numpy as np


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    a = np.array(coins, dtype=np.int64)
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count])
    return int(d[0])
