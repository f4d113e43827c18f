"""The totals from the difference table by a true division: first = int((total + d) / 2), then
second = total - first. Exact only while the totals stay below 2**53.

Mistake: float-table
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    total = sum(coins)
    first = int((total + d[0][n - 1]) / 2)
    return (first, total - first)
