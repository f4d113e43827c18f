"""Prefix sums built by hand, and the table filled by a dict keyed on (i, j)."""

from collections.abc import Sequence


def first_player_total(coins: Sequence[int]) -> int:
    n = len(coins)
    prefix = [0] * (n + 1)
    for k, coin in enumerate(coins):
        prefix[k + 1] = prefix[k] + coin
    f: dict[tuple[int, int], int] = {}
    for i in range(n - 1, -1, -1):
        f[i, i] = coins[i]
        for j in range(i + 1, n):
            rest = prefix[j + 1] - prefix[i]
            f[i, j] = max(rest - f[i + 1, j], rest - f[i, j - 1])
    return f[0, n - 1] if n else 0
