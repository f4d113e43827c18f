"""The optimal total returned as the parity guarantee, by an interval table of every (i, j), each cell's
coins summed from prefix sums: O(n^2) time where the task asks O(n).

At n = 1000 it takes about 0.3 s, well within the catalogue's 1.5 s (an earlier version summed each
cell's slice again, O(n^3) and about 1.6 s there, so whether it ran out of time depended on the machine).
Every value it gives is wrong (the optimum, not the guarantee), its timed calls' too, and the growth
check judges a timed call's value before it reads an order: no order is named, only the wrong value.

Mistake: optimal-total
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    n = len(coins)
    prefix = [0]
    for coin in coins:
        prefix.append(prefix[-1] + coin)
    best = {(i, i - 1): 0 for i in range(n + 1)}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            rest = prefix[j + 1] - prefix[i]
            best[i, j] = max(rest - best[i + 1, j], rest - best[i, j - 1])
    return best[0, n - 1] if n else 0


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    chosen = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen else "right"
