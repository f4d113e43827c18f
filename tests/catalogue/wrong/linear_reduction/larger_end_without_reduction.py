"""No reduction: both players take the larger end of the original row (greedy).

Fails on [1, 5, 233, 7]: the first player takes 7, the larger end, and the
second player takes 233.

Mistake: greedy
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    i, j, difference, sign = 0, len(coins) - 1, 0, 1
    while i <= j:
        if coins[i] >= coins[j]:
            difference += sign * coins[i]
            i += 1
        else:
            difference += sign * coins[j]
            j -= 1
        sign = -sign
    return difference
