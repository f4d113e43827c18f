"""Coins in a row, bonus kata 4: the exact O(n) reduction of T. Idziaszek.

Your attempt. The task and hints: problems/linear_reduction/README.md.
Replace each `raise NotImplementedError` below; `make test F=linear_reduction` grades it.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    """Return ``difference`` = first - second when both players play optimally, in O(n) time.

    Args:
        coins: the row of coin values, 0 <= n <= 10**6, any ints (negative,
            zero, beyond 2**63), odd or even n; a list or a tuple. It is not
            modified.

    Returns:
        The first player's total minus the second player's total under
        optimal play; 0 for an empty row. Exact int. O(n) time and memory.

    Source: T. Idziaszek, "An Optimal Algorithm for Calculating the Profit in
    the Coins in a Row Game". Three neighbouring values x <= y >= z (a peak,
    ties included, anywhere in the row, ends too) can be replaced by the one
    value x - y + z without changing the game's value. A stack scan merges
    every peak as soon as it appears; the reduced row then falls and rises,
    and on such a row both players optimally take the larger end.

    >>> score_difference([5, 3, 7, 10])
    5
    >>> score_difference([0, 1, 2, 3, 0])
    -2
    """
    raise NotImplementedError
