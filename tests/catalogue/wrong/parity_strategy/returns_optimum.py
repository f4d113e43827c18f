"""The optimal total returned as the parity guarantee, by an interval table of every (i, j), each cell
summing its slice of the row again: O(n^3) time where the task asks O(n).

The slices are summed in C: at n = 1000 it takes about 1.6 s. Every value it gives is wrong (the optimum,
not the guarantee), its timed calls' too, and the growth check judges a timed call's value before it reads
an order: no order is named, only the wrong value.

Mistake: optimal-total
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    n = len(coins)
    best = {(i, i - 1): 0 for i in range(n + 1)}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            rest = sum(coins[i : j + 1])
            best[i, j] = max(rest - best[i + 1, j], rest - best[i, j - 1])
    return best[0, n - 1] if n else 0


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    if len(coins) % 2:
        raise ValueError("the parity strategy needs an even number of coins")
    chosen = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen else "right"
