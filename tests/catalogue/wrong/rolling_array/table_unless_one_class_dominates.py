"""An n x n table (O(n^2) memory) on every row but those whose even-index coins all beat the odd-index ones.

On such a row of even length the first player takes every even-index coin, so the difference is the
even-index sum less the odd-index sum, found in O(n) without a table. Rows of that one shape were the
only rows memory was traced on, so the table never showed; on any other row of 4000 coins it takes 128 MB.

Mistake: none
Order: n²
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n and n % 2 == 0 and min(coins[0::2]) > max(coins[1::2]):
        return sum(coins[0::2]) - sum(coins[1::2])
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    return d[0][n - 1] if n else 0
