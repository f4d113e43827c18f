"""Greedy pair: both players take the larger end every turn; (-1, 0) on [0, 2, 0, -2, 0, -1].

Not "the pair swapped": the optimum there is (0, -1), but greedy play gives
(-1, 0) by playing badly, not by swapping.

Mistake: greedy
"""

from collections.abc import Sequence


def player_totals(coins: Sequence[int]) -> tuple[int, int]:
    i, j, totals = 0, len(coins) - 1, [0, 0]
    for turn in range(len(coins)):
        if coins[i] >= coins[j]:
            totals[turn % 2] += coins[i]
            i += 1
        else:
            totals[turn % 2] += coins[j]
            j -= 1
    return (totals[0], totals[1])
