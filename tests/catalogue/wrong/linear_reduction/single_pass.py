"""A single pass: `if` instead of `while`, so a merge that makes a new peak is missed.

Fails on [0, 1, 2, 3, 0, 0]: merging 2, 3, 0 into -1 makes the peak 0, 1, -1,
which is left standing.

Mistake: single-merge
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    stack: list[int] = []
    for z in coins:
        if len(stack) >= 2 and stack[-2] <= stack[-1] >= z:
            y = stack.pop()
            z = stack.pop() - y + z
        stack.append(z)
    i, j, difference, sign = 0, len(stack) - 1, 0, 1
    while i <= j:
        if stack[i] >= stack[j]:
            difference += sign * stack[i]
            i += 1
        else:
            difference += sign * stack[j]
            j -= 1
        sign = -sign
    return difference
