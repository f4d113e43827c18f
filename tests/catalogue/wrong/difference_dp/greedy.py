"""Greedy: both players take the larger end every turn.

Mistake: greedy
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    i, j, diff, sign = 0, len(coins) - 1, 0, 1
    while i <= j:
        if coins[i] >= coins[j]:
            diff += sign * coins[i]
            i += 1
        else:
            diff += sign * coins[j]
            j -= 1
        sign = -sign
    return diff
