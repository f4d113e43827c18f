"""Mutates a list passed in (tuples are copied): a sentinel appended to the caller's list stays there.

Mistake: none
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    row = coins if isinstance(coins, list) else list(coins)
    n = len(row)
    row.append(0)  # a sentinel, never removed: the caller's list grows by one coin
    d = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = row[i] if length == 1 else max(row[i] - d[i + 1][j], row[j] - d[i][j - 1])
    return d[0][n - 1] if n else 0
