"""abs() in the recursion: every sub-row's difference is made non-negative.

Mistake: absolute-value
"""

from collections.abc import Sequence


def score_difference(coins: Sequence[int]) -> int:
    if not coins:
        return 0
    return abs(max(coins[0] - score_difference(coins[1:]), coins[-1] - score_difference(coins[:-1])))
