"""Coins in a row, bonus kata 5: a whole line of optimal play, both players' moves.

Task and hints: problems/optimal_moves/README.md.
"""

from collections.abc import Sequence
from typing import Literal


def optimal_line(coins: Sequence[int]) -> list[Literal["left", "right"]]:
    """Return the ends taken, turn by turn, when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        n moves, the first player's first, then alternating: each is "left"
        or "right", the end of the coins still on the table that the mover
        takes. Where both ends are equally good either is optimal; this one
        takes the left end. An empty list for an empty row.

    Source: the score-difference interval DP (LeetCode 486), then walked
    from the whole row: at interval (i, j) the mover takes an end that
    reaches D[i][j] — the standard reconstruction of a DP's decisions.

    >>> optimal_line([8, 15, 3, 7])
    ['right', 'left', 'left', 'left']
    >>> optimal_line([1, 5, 2])
    ['left', 'left', 'left']
    """
    n = len(coins)
    # d[i][j]: the mover's best difference on coins i..j (inclusive).
    d = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        d[i][i] = coins[i]
        for j in range(i + 1, n):
            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])
    moves: list[Literal["left", "right"]] = []
    i, j = 0, n - 1
    while i <= j:
        if i == j or coins[i] - d[i + 1][j] == d[i][j]:
            moves.append("left")
            i += 1
        else:
            moves.append("right")
            j -= 1
    return moves
