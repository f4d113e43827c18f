"""abs() of the answer: the reduction is right, but the difference comes back as a distance.

Mistake: absolute-value
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    stack: list[int] = []
    for z in coins:
        while len(stack) >= 2 and stack[-2] <= stack[-1] >= z:
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
    return abs(difference)
