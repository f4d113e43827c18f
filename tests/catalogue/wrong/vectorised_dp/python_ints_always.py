"""Python-int (object) arrays for every row: always exact, but without NumPy speed.

Fails at n = 10^4: about 2.7 s of CPU time, against 0.1 s for int64 arrays.

Mistake: none
Order: n²
"""

from collections.abc import Sequence

import numpy as np


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    a = np.array(coins, dtype=object)
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count])
    return int(d[0])
