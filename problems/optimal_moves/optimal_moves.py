"""Coins in a row, bonus kata 5: a whole line of optimal play, both players' moves.

Your attempt. The task and hints: problems/optimal_moves/README.md.
Replace each `raise NotImplementedError` below; `make test F=optimal_moves` grades it.
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
    raise NotImplementedError
