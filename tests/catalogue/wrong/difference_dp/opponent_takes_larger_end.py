"""The opponent is assumed to take the larger end, then it is the mover's turn again.

The mover looks one reply ahead: after taking coins[i], the opponent takes the
larger of coins[i+1] and coins[j], and the mover plays on what is left.

Mistake: opponent-takes-larger-end
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    n = len(coins)

    def d(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    def after_reply(i: int, j: int) -> int:
        """My difference on coins i..j once the opponent has taken the larger end."""
        if i > j:
            return 0
        if coins[i] >= coins[j]:
            return -coins[i] + d(i + 1, j)
        return -coins[j] + d(i, j - 1)

    table = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            table[i][j] = max(coins[i] + after_reply(i + 1, j), coins[j] + after_reply(i, j - 1))
    return d(0, n - 1)
