"""One-step look-ahead: each player takes the end that leaves the opponent the smaller end; no table.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    i, j, totals = 0, len(coins) - 1, [0, 0]
    turn = 0
    while i <= j:
        if i == j:
            take_left = True
        else:
            take_left = coins[i] - max(coins[i + 1], coins[j]) >= coins[j] - max(coins[i], coins[j - 1])
        if take_left:
            totals[turn] += coins[i]
            i += 1
        else:
            totals[turn] += coins[j]
            j -= 1
        turn = 1 - turn
    return totals[0]
