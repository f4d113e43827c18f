"""Two faults, as in many public solutions: a[0] read first (the empty row crashes) and a row-major fill.

The empty row's IndexError must not hide the wrong fill order behind it.

Mistake: row-major-fill
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    dp = [[0] * n for _ in range(n)]
    dp[0][0] = coins[0]
    for i in range(n):
        for j in range(i, n):
            if i == j:
                dp[i][j] = coins[i]
            else:
                dp[i][j] = max(coins[i] - dp[i + 1][j], coins[j] - dp[i][j - 1])
    return dp[0][n - 1]
