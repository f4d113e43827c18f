"""Every range sum recomputed from a slice, sum(coins[i + 1 : j + 1]): right values in O(n^3) time.

Each of the n^2/2 cells sums a slice of up to n coins, so the table costs n^3/6 additions
(in C, so it hides at small n: at n = 1000 it takes about 2 s where the reference takes 0.2 s). It is
too slow at n = 1000 under the catalogue's 1.5 s; on the shorter rows timed then, its growth lies
between n² and n³ (x5.5-7 per doubling), and which one it is nearer depends on the machine.

Mistake: none
Order: n³ or n²
"""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    if n == 0:
        return 0
    f = [[0] * n for _ in range(n)]
    for i in range(n):
        f[i][i] = coins[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            take_left = coins[i] + sum(coins[i + 1 : j + 1]) - f[i + 1][j]
            take_right = coins[j] + sum(coins[i:j]) - f[i][j - 1]
            f[i][j] = max(take_left, take_right)
    return f[0][n - 1]
