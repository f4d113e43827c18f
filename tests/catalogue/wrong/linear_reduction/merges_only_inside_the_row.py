"""Merges only strictly inside the row: peaks touching either end of the row are kept.

Fails on [0, 0, 2, 1]: the peak 0, 2, 1 ends the row, is never merged, and the
larger-end finish gives -1 instead of 1.

Mistake: end-peak
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    stack: list[int] = []
    last = len(coins) - 1
    for k, z in enumerate(coins):
        # wrong: x must not be the row's first value, nor z its last
        while len(stack) >= 3 and k < last and stack[-2] <= stack[-1] >= z:
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
