"""Python ints one sum early: `<` where the edge needs `<=`, so a row summing to exactly 2**63 - 1 is slow.

Fails at n = 10^4 with coins summing to exactly 2**63 - 1: object arrays there, about 2.7 s of CPU time.
No growth is named: the row's first coins sum far below the edge and take the int64 path.

Mistake: none
"""

from collections.abc import Sequence

import numpy as np


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    fits_int64 = sum(abs(c) for c in coins) < 2**63 - 1
    a = np.array(coins, dtype=np.int64 if fits_int64 else object)
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count])
    return int(d[0])
