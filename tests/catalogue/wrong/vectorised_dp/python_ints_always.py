"""Python-int (object) arrays for every row: always exact, but without NumPy speed.

Fails at n = 10^4: about 1.5 s of CPU time or more, against 0.1 s for int64 arrays. Its time on shorter
rows of the speed row's shape grows ×2.7 to ×3.8 per doubling from 1250 to 5000 coins (NumPy's cost per
step of the length is still a large share there), which the too-slow line names as a floor: at least like
n, or n².

Mistake: none
Order: n² or n
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
