"""The same reduction, finished by sorting the reduced row instead of taking ends.

On a falling-then-rising row the larger end is the largest value left.
So both players take the values in decreasing order, and the difference is the
alternating sum of the reduced row sorted from largest to smallest.
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    stack: list[int] = []
    for z in coins:
        while len(stack) >= 2 and stack[-2] <= stack[-1] >= z:
            y = stack.pop()
            z = stack.pop() - y + z
        stack.append(z)
    ordered = sorted(stack, reverse=True)
    return sum(ordered[0::2]) - sum(ordered[1::2])
