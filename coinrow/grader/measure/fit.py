"""The one estimator of an order of growth: a robust log-log slope and a distribution-free interval.

Within one round of timings (every size timed once) the exponent is the Theil-Sen slope of
log(seconds) against log(n): the median of the slopes between every pair of sizes, so one
slowed timing moves it little (Sen, "Estimates of the regression coefficient based on
Kendall's tau", JASA 1968). Across rounds the estimate is the median of the rounds' slopes,
and its interval is a pair of order statistics of them that covers the median with at
least the asked confidence whatever the noise's distribution, as long as the rounds are
independent (the sign test's interval; Conover, "Practical Nonparametric Statistics", 3.6).
The grader, ``make compare`` and ``make bench`` all read growth through ``theil_sen``.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Mapping, Sequence


def theil_sen(seconds: Mapping[int, float], per_coin: bool = False) -> float | None:
    """The median of the log-log slopes between every pair of sizes: time ~ n^slope; ``per_coin``, of the
    slopes of log(seconds) against n: time ~ e^(slope·n). None with fewer than two sizes, or where a time
    is not positive.

    Args:
        seconds: CPU seconds per call by size n (coins), n >= 1.
        per_coin: read exponential growth (the exhaustive oracle's) in place of a power.

    >>> theil_sen({100: 1.0, 200: 4.0, 400: 16.0})
    2.0
    >>> theil_sen({100: 1.0, 200: 9.0, 400: 16.0, 800: 64.0})  # one slowed timing barely moves it
    2.0
    >>> round(math.exp(theil_sen({10: 1.0, 12: 4.0, 14: 16.0, 16: 64.0, 18: 5e3}, per_coin=True)), 9)
    2.0
    """
    sizes = sorted(n for n, t in seconds.items() if t > 0)
    if len(sizes) < 2:
        return None
    slopes = [
        math.log(seconds[high] / seconds[low]) / (high - low if per_coin else math.log(high / low))
        for low, high in itertools.combinations(sizes, 2)
    ]
    return statistics.median(slopes)


def median_interval(estimates: Sequence[float], confidence: float) -> tuple[float, float]:
    """The narrowest pair of order statistics ``(x_(j), x_(r+1-j))`` of ``r`` independent estimates that
    covers their distribution's median with probability at least ``confidence``; the extremes when no
    pair does (few estimates: with r of them the extremes cover it with 1 - 2^(1-r)).

    Raises:
        ValueError: no estimates.

    >>> median_interval([2.1, 1.9, 2.0], 0.9)  # three rounds: the extremes cover with 0.75
    (1.9, 2.1)
    >>> median_interval([float(x) for x in range(1, 11)], 0.9)  # ten rounds: x_(2)..x_(9) cover 0.979
    (2.0, 9.0)
    """
    if not estimates:
        raise ValueError("no estimates to take an interval of")
    ordered, r = sorted(estimates), len(estimates)
    best = 1
    for j in range(1, (r + 1) // 2 + 1):
        if covers(r, j) >= confidence:
            best = j
    return ordered[best - 1], ordered[r - best]


def covers(r: int, j: int) -> float:
    """The probability that ``x_(j)`` and ``x_(r+1-j)`` of ``r`` independent draws straddle the median:
    1 - 2 P(Binomial(r, 1/2) < j).

    >>> covers(3, 1), covers(5, 1)
    (0.75, 0.9375)
    """
    below = sum(math.comb(r, i) for i in range(j)) / float(2**r)
    return 1.0 - 2.0 * below
