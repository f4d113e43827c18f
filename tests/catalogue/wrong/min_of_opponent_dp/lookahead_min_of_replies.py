"""One round looked ahead: each player takes the end whose coin plus the least they are sure of next
(the larger end after the opponent's worst reply) is larger; no table.

Mistake: one-step-lookahead
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    def sure_next(lo: int, hi: int) -> int:
        if lo >= hi:
            return 0
        return min(max(coins[lo + 1], coins[hi]), max(coins[lo], coins[hi - 1]))

    i, j, totals, turn = 0, len(coins) - 1, [0, 0], 0
    while i <= j:
        if coins[i] + sure_next(i + 1, j) >= coins[j] + sure_next(i, j - 1):
            totals[turn] += coins[i]
            i += 1
        else:
            totals[turn] += coins[j]
            j -= 1
        turn = 1 - turn
    return totals[0]
