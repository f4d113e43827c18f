"""Greedy with a one-coin look-ahead: each player takes the end whose coin plus the smaller end it leaves
is larger, as if the opponent always left the smaller one; no table.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    i, j, totals, turn = 0, len(coins) - 1, [0, 0], 0
    while i <= j:
        if i < j and coins[i] + min(coins[i + 1], coins[j]) < coins[j] + min(coins[i], coins[j - 1]):
            totals[turn] += coins[j]
            j -= 1
        else:
            totals[turn] += coins[i]
            i += 1
        turn = 1 - turn
    return totals[0]
