"""Coins in a row, bonus kata 4: the exact O(n) reduction of T. Idziaszek.

Task, hints and why the merge preserves the value: problems/linear_reduction/README.md.
"""

import math
from collections.abc import Sequence
from typing import cast


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
    # The stack is below + [x, y]: its top two values live in local variables
    # (fewer list operations per coin). It starts as two NaN sentinels: NaN
    # compares False with everything, so a sentinel never takes part in a
    # merge and the loop needs no test for a short stack.
    below: list[float] = []
    push, pop = below.append, below.pop
    x: float = math.nan
    y: float = math.nan
    z: float
    for z in coins:
        # While x, y and the new value z form a peak x <= y >= z, merge the
        # three into x - y + z and look again.
        while x <= y >= z:
            z = x - y + z
            y = pop()
            x = pop()
        push(x)
        x, y = y, z
    # Without the sentinels, only the coins' ints are left.
    reduced = cast(list[int], [*below, x, y][2:])
    # The reduced row falls then rises: the larger end is the largest value
    # left, so both players take the values in decreasing order.
    ordered = sorted(reduced, reverse=True)
    return sum(ordered[0::2]) - sum(ordered[1::2])
