"""A memo of every interval: the right value, but the cache grows to n(n+1)/2 entries.

This is the top_down_memo reference handed in as rolling_array: top-down
memoisation is O(n^2) memory like the full table, only filled lazily.

Mistake: none
"""

from coinrow.registry import IMPLS, load_module

score_difference = load_module(IMPLS["solutions"], "top_down_memo").score_difference
