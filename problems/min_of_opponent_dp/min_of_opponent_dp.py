"""Coins in a row, formulation 2: the min-of-opponent DP.

Your attempt. The task and hints: problems/min_of_opponent_dp/README.md.
Replace each `raise NotImplementedError` below; `make test F=min_of_opponent_dp` grades it.
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    """Return ``first``, the first player's total when both play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's optimal total; 0 for an empty row. Exact int.

    Source: the classic "Optimal Strategy for a Game" formulation
    (GeeksforGeeks): after your move the opponent, playing optimally, leaves
    you the smaller of the two intervals you can face next.

    >>> first_player_total([5, 3, 7, 10])
    15
    >>> first_player_total([8, 15, 3, 7])
    22
    """
    raise NotImplementedError
