"""Coins in a row, formulation 3: the prefix-sum DP.

Your attempt. The task and hints: problems/prefix_sum_dp/README.md.
Replace each `raise NotImplementedError` below; `make test F=prefix_sum_dp` grades it.
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    """Return ``first``, the first player's total when both play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's optimal total; 0 for an empty row. Exact int.

    Source: the "what the opponent does not take, you get" argument of the
    Stone Game discussions: on coins i..j the mover gets the coin taken plus
    whatever of the rest the opponent does not collect; interval sums come
    from a prefix-sum array in O(1).

    >>> first_player_total([5, 3, 7, 10])
    15
    >>> first_player_total([1, 5, 233, 7])
    234
    """
    raise NotImplementedError
