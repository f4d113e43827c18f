"""One-step look-ahead: each player takes the end that leaves the opponent the smaller end, no recursion.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    i, j, diff, sign = 0, len(coins) - 1, 0, 1
    while i <= j:
        if i == j:
            take_left = True
        else:
            # my coin minus the best coin the opponent can take next
            after_left = coins[i] - max(coins[i + 1], coins[j])
            after_right = coins[j] - max(coins[i], coins[j - 1])
            take_left = after_left >= after_right
        if take_left:
            diff += sign * coins[i]
            i += 1
        else:
            diff += sign * coins[j]
            j -= 1
        sign = -sign
    return diff
