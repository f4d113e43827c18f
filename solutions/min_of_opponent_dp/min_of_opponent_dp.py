"""Coins in a row, formulation 2: the min-of-opponent DP.

Task and hints: problems/min_of_opponent_dp/README.md.
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    """Return ``first``, the first player's total when both play optimally.

    Args:
        coins: the row of coin values, 0 <= n <= 1000, any ints (negative,
            zero, beyond 2**63); a list or a tuple. It is not modified.

    Returns:
        The first player's optimal total; 0 for an empty row. Exact int.

    Source: the classic "Optimal Strategy for a Game" formulation
    (GeeksforGeeks): after your move the opponent, playing optimally, leaves
    you the smaller of the two intervals you can face next.

    >>> first_player_total([5, 3, 7, 10])
    15
    >>> first_player_total([8, 15, 3, 7])
    22
    """
    n = len(coins)

    # f(i, j): the mover's total on coins i..j; 0 for an empty interval (i > j).
    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    # F[i][j] = max(a[i] + min(F[i+2][j], F[i+1][j-1]),
    #               a[j] + min(F[i+1][j-1], F[i][j-2])), shorter intervals first.
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + min(f(i + 2, j), f(i + 1, j - 1))
            take_right = coins[j] + min(f(i + 1, j - 1), f(i, j - 2))
            table[i][j] = max(take_left, take_right)
    return f(0, n - 1)
