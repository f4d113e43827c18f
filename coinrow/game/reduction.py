"""The optimal difference of any row in O(n): the exact reduction of T. Idziaszek.

The growth check times rows no one solved by hand; their values come from here, in linear time
(the interval table costs n², the oracle 2^n). The repository's own tests check it against both.
"""

from __future__ import annotations

from collections.abc import Sequence


def reduced_row(coins: Sequence[int]) -> list[int]:
    """``coins`` with every peak merged: three neighbours ``x <= y >= z`` become the one value
    ``x - y + z``, which leaves the game's value unchanged, until no peak is left inside the row.

    Source: T. Idziaszek, "An Optimal Algorithm for Calculating the Profit in the Coins in a Row Game".
    The row left falls, then rises (a valley); a peak at either end is not merged.

    >>> reduced_row([1, 5, 2, 8])  # 1 <= 5 >= 2: merged into 1 - 5 + 2 = -2
    [-2, 8]
    """
    kept: list[int] = []
    for coin in coins:
        value = coin
        while len(kept) >= 2 and kept[-2] <= kept[-1] >= value:
            middle = kept.pop()
            value = kept.pop() - middle + value
        kept.append(value)
    return kept


def linear_difference(coins: Sequence[int]) -> int:
    """The optimal ``first - second`` of ``coins`` (any length, any ints) in O(n) time and memory.

    On a reduced row (``reduced_row``) the larger end is always the best move, so both players take
    its values from the largest down: the first player gets the 1st, 3rd, … of them.

    >>> linear_difference([5, 3, 7, 10]), linear_difference([]), linear_difference([0, 1, 2, 3, 0])
    (5, 0, -2)
    """
    descending = sorted(reduced_row(coins), reverse=True)
    return sum(descending[0::2]) - sum(descending[1::2])
