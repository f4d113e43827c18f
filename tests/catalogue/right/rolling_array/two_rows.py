"""Two rows instead of one: the previous row and the current one, swapped after each start i.

Still O(n) memory.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    previous = list(coins)  # row i + 1 of the table (entries j > i + 1 are used)
    current = list(coins)
    for i in range(n - 2, -1, -1):
        current[i] = coins[i]
        for j in range(i + 1, n):
            current[j] = max(coins[i] - previous[j], coins[j] - current[j - 1])
        previous, current = current, previous
    return previous[n - 1]
