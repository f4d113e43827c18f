"""The opponent is assumed to always take the other end.

Mistake: opponent-takes-other-end
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)

    def d(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            if i == j:
                table[i][j] = coins[i]
                continue
            # after I take one end the opponent takes the other, then it is my move on i+1..j-1
            both_ends = coins[i] - coins[j] + d(i + 1, j - 1)
            table[i][j] = max(both_ends, coins[j] - coins[i] + d(i + 1, j - 1))
    return d(0, n - 1)
