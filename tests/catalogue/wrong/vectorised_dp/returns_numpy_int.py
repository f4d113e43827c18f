"""Returns a numpy.int64 instead of a Python int (the value is right, the type is not).

Fails on every non-empty row: the grader asks for an exact Python int.

Mistake: none
"""

from collections.abc import Sequence

import numpy as np


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    fits_int64 = sum(abs(c) for c in coins) <= 2**63 - 1
    a = np.array(coins, dtype=np.int64 if fits_int64 else object)
    d = a.copy()
    for length in range(2, n + 1):
        count = n - length + 1
        d = np.maximum(a[:count] - d[1:], a[length - 1 :] - d[:count])
    return d[0]  # type: ignore[no-any-return]
