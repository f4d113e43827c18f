"""The exhaustive oracle: plain minimax over the whole game tree, no memo.

Every expected value in the tests comes from here, from the case table
(whose rows this oracle re-checks), or from a hand calculation. It is
exponential, about 2**n leaves, so it refuses rows longer than ``ORACLE_MAX_N``.
"""

from __future__ import annotations

from collections.abc import Sequence

ORACLE_MAX_N = 20  # 2**20 leaves: about a second in CPython


def exhaustive_difference(coins: Sequence[int]) -> int:
    """Optimal ``first - second`` by trying every line of play (negamax, no memo).

    Args:
        coins: the row, 0 <= n <= ORACLE_MAX_N, exact ints.

    Returns:
        The difference between the mover's and the other player's totals
        under optimal play; 0 for an empty row.

    Raises:
        ValueError: if the row is longer than ``ORACLE_MAX_N``.

    >>> exhaustive_difference([1, 5, 233, 7])
    222
    """
    if len(coins) > ORACLE_MAX_N:
        raise ValueError(
            f"the exhaustive oracle explores about 2**n lines; n = {len(coins)} "
            f"is over its limit of {ORACLE_MAX_N}"
        )
    row = tuple(coins)

    def negamax(i: int, j: int) -> int:
        if i > j:
            return 0
        return max(row[i] - negamax(i + 1, j), row[j] - negamax(i, j - 1))

    return negamax(0, len(row) - 1)
