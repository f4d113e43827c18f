"""Coins in a row, formulation 5: the parity strategy (a guarantee, not the optimum).

Task and hints: problems/parity_strategy/README.md.
"""

from collections.abc import Sequence
from typing import Literal


def parity_guarantee(coins: Sequence[int]) -> int:
    """Return the total the parity strategy guarantees the first player.

    With an even number of coins the first player can take every coin at an
    even index (0, 2, 4, ...) or every coin at an odd index, whichever class
    sums more: after each of their moves both ends belong to the other class.

    Args:
        coins: the row, an even number n of coins, 0 <= n <= 1000, any ints.
            It is not modified.

    Returns:
        max(sum of even-index coins, sum of odd-index coins). This is at
        least half the sum and at most the optimal ``first``; often less.

    Raises:
        ValueError: if the number of coins is odd.

    Source: the parity argument behind LeetCode 877 "Stone Game" and the
    coins-in-a-row puzzle in P. Winkler, "Mathematical Puzzles".

    >>> parity_guarantee([5, 3, 7, 10])
    13
    """
    _require_even(len(coins))
    return max(sum(coins[0::2]), sum(coins[1::2]))


def parity_move(coins: Sequence[int], left: int, right: int) -> Literal["left", "right"]:
    """Return the parity strategy's move on the remaining row ``coins[left..right]``.

    Args:
        coins: the whole original row, an even number of coins.
        left, right: inclusive indices of the coins still on the table, with
            an even number of coins left (it is the first player's turn),
            0 <= left < right < len(coins).

    Returns:
        "left" or "right": the end whose index is in the class (even or odd
        indices of the original row) that sums more; on a tie either class
        will do (both guarantee the same total).

    Raises:
        ValueError: if the row or the remaining interval has an odd number of
            coins, or the indices are out of range.

    >>> parity_move([5, 3, 7, 10], 0, 3)
    'right'
    """
    _require_even(len(coins))
    if not 0 <= left < right < len(coins) or (right - left + 1) % 2:
        raise ValueError(
            f"left={left}, right={right} must be inclusive indices of an even-length "
            f"part of a row of {len(coins)} coins"
        )
    chosen_parity = 0 if sum(coins[0::2]) >= sum(coins[1::2]) else 1
    return "left" if left % 2 == chosen_parity else "right"


def _require_even(n: int) -> None:
    if n % 2:
        raise ValueError(
            f"the parity strategy needs an even number of coins, got {n}: "
            "with an odd row the opponent can always choose the class"
        )
