"""Works on its own list copy (with a sentinel appended), so tuples and lists are both fine."""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    row = list(coins)
    n = len(row)
    row.append(0)  # harmless: our own copy
    d = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = row[i] if length == 1 else max(row[i] - d[i + 1][j], row[j] - d[i][j - 1])
    return d[0][n - 1] if n else 0
