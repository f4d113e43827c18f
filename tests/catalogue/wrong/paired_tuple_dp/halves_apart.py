"""The totals from the sum and the difference, each halved apart with a true division:
int(total / 2 + d / 2). Exact only while the numbers stay below 2**53.

Mistake: float-table
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    n = len(coins)
    if n == 0:
        return (0, 0)
    d = list(coins)
    for i in range(n - 2, -1, -1):
        for j in range(i + 1, n):
            d[j] = max(coins[i] - d[j], coins[j] - d[j - 1])
    total = sum(coins)
    return (int(total / 2 + d[n - 1] / 2), int(total / 2 - d[n - 1] / 2))
