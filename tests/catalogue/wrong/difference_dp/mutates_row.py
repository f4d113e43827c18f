"""Mutates the caller's row: a sentinel is appended in place and never removed.

Mistake: none
"""

from collections.abc import Sequence
from typing import Any


def score_difference(coins: Sequence[int]) -> int:
    row: Any = coins
    n = len(row)
    row.append(0)  # a sentinel so that row[j + 1] is always readable
    d = [[0] * (n + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(i, n):
            d[i][j] = row[i] if i == j else max(row[i] - d[i + 1][j], row[j] - d[i][j - 1])
    return d[0][n - 1] if n else 0
