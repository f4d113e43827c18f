"""Greedy: both players take the larger end every turn; returns the first player's total.

Mistake: greedy
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    i, j, totals = 0, len(coins) - 1, [0, 0]
    for turn in range(len(coins)):
        if coins[i] >= coins[j]:
            totals[turn % 2] += coins[i]
            i += 1
        else:
            totals[turn % 2] += coins[j]
            j -= 1
    return totals[0]
