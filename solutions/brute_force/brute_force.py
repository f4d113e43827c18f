"""Coins in a row, bonus kata 1: brute force, the plain exponential recursion.

Task and hints: problems/brute_force/README.md.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 16 (the time doubles with
            every coin), any ints; a list or a tuple. It is not modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. Exact int.

    Source: the game tree searched in full (minimax in its negamax form):
    the mover takes an end and then faces the rest as the other player, so
    the mover's difference is the coin minus the rest's difference. No memo:
    about 2**n lines are tried.

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([1, 5, 2])
    -2
    """
    if not coins:
        return 0
    rest_after_left = coins[1:]
    rest_after_right = coins[:-1]
    return max(
        coins[0] - score_difference(rest_after_left),
        coins[-1] - score_difference(rest_after_right),
    )
