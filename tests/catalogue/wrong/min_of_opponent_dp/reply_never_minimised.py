"""The opponent's reply is never minimised: F[i][j] = max(a[i] + F[i+2][j], a[j] + F[i][j-2]).

As if the opponent always took the same end as the mover. On [0, -1, 0] it
happens to give what a min-for-max table gives; the other probe rows tell the
two apart.

Mistake: reply-not-minimised
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)

    def f(i: int, j: int) -> int:
        return table[i][j] if i <= j else 0

    table = [[0] * n for _ in range(n)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            table[i][j] = max(coins[i] + f(i + 2, j), coins[j] + f(i, j - 2))
    return f(0, n - 1)
