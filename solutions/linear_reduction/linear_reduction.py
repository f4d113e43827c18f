"""Coins in a row, bonus kata 4: the exact O(n) reduction of T. Idziaszek.

Task, hints and why the merge preserves the value: problems/linear_reduction/README.md.
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
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    for z in coins:
        # While the top two values x, y and the new value z form a peak
        # x <= y >= z, merge the three into x - y + z and look again.
        while len(stack) >= 2 and stack[-1] >= z and stack[-1] >= stack[-2]:
            y = pop()
            z = pop() - y + z
        push(z)
    # The reduced row falls then rises: the larger end is the largest value
    # left, so taking it is optimal for both players.
    i, j = 0, len(stack) - 1
    difference, sign = 0, 1
    while i <= j:
        if stack[i] >= stack[j]:
            difference += sign * stack[i]
            i += 1
        else:
            difference += sign * stack[j]
            j -= 1
        sign = -sign
    return difference
