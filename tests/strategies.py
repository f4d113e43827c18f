"""Rows the grading suite draws: hypothesis strategies of short rows of small values (so ties, zeros and
negatives happen), long rows solved by hand, and grading a row against the oracle."""

from collections.abc import Callable, Sequence

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.game import totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import by_slug
from coinrow.grader.failures import WrongAnswer
from coinrow.grader.grading import Grader

coin = st.integers(min_value=-20, max_value=20)
rows = st.lists(coin, max_size=10)
LONGER = 11  # the shortest of the longer rows: past the oracle's reach
longer_rows = st.lists(coin, min_size=LONGER, max_size=60)  # odd and even
even_rows = st.lists(st.tuples(coin, coin), max_size=5).map(lambda pairs: [c for pair in pairs for c in pair])


def check_difference(grader: Grader, slug: str, row: Sequence[int]) -> None:
    """Grade ``score_difference`` on a row short enough for the oracle."""
    grader.check_value(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))


def dominant_class_row(n: int, seed: int) -> tuple[list[int], int]:
    """An even row whose optimal difference is known by hand, with its difference.

    Every even-index coin (700..999) beats every odd-index coin (0..699). The
    first player can take all the even-index coins (the parity strategy), and
    no n/2 coins sum to more than the n/2 largest, so first = sum(a[0::2]) is
    optimal and the difference is sum(a[0::2]) - sum(a[1::2]).
    """
    rng = np.random.default_rng(seed)  # NumPy: a million coins in milliseconds, not half a second
    high, low = rng.integers(700, 1000, size=n), rng.integers(0, 700, size=n)
    row: list[int] = np.where(np.arange(n) % 2 == 0, high, low).tolist()
    return row, sum(row[0::2]) - sum(row[1::2])


def skip_unless_attempted(grader: Grader, slug: str) -> None:
    """Call on two coins first: a stub is skipped and a broken attempt reported before a long row is built."""
    grader.call(slug, by_slug(slug).value_function, [1, 2])


def check_each_row(
    grader: Grader,
    rows: st.SearchStrategy[list[int]],
    shortest: int,
    check: Callable[[list[int]], None],
    with_settings: settings | None = None,
) -> None:
    """Run ``check`` on rows drawn by hypothesis, none shorter than ``shortest`` coins.

    A failure the summary could never show (the same kind already failed on a
    shorter row) is not shrunk: the first such row fails the check as found,
    and the rows after it are drawn but not run. Any other failure is shrunk
    as usual. Shrinking is most of what a failing run costs. ``with_settings``
    overrides the hypothesis profile's, as ``@settings`` does on a test.
    """
    outranked: list[WrongAnswer] = []

    @given(row=rows)
    def each(row: list[int]) -> None:
        if outranked:
            return
        try:
            check(row)
        except WrongAnswer as failure:
            if not grader.outranked(failure, shortest):
                raise
            outranked.append(failure)

    (with_settings(each) if with_settings else each)()
    if outranked:
        raise outranked[0].unshrunk()
