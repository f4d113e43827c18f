"""Strict comparisons: merges only peaks x < y > z, so ties are left unmerged.

Fails on [0, 1, 1, 1, 0, 0]: nothing merges, and the larger-end finish on a
row that is not yet falling-then-rising gives -1 instead of 1.

Mistake: strict-peak
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    stack: list[int] = []
    for z in coins:
        while len(stack) >= 2 and stack[-2] < stack[-1] > z:
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
