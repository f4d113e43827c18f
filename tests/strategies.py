"""Rows the grading suite draws: hypothesis strategies of short rows of small values (so ties, zeros and
negatives happen), longer rows of one shape each (``shaped``), and grading a row against the oracle."""

from collections.abc import Callable, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.game import totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import by_slug
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader

coin = st.integers(min_value=-20, max_value=20)
rows = st.lists(coin, max_size=10)
LONGER = 11  # the shortest of the longer rows: past the oracle's reach
LONGEST = 60


def shaped(lengths: st.SearchStrategy[int]) -> st.SearchStrategy[list[int]]:
    """Rows of the drawn lengths, each of one shape: coins of both signs, one coin repeated, every coin
    negative, every coin positive, or coins about 2**63, where fixed-width integers wrap (an answer right on
    most rows can be wrong on every row of one shape)."""
    return lengths.flatmap(
        lambda n: st.one_of(
            st.lists(coin, min_size=n, max_size=n),
            coin.map(lambda c: [c] * n),
            st.lists(st.integers(min_value=-20, max_value=-1), min_size=n, max_size=n),
            st.lists(st.integers(min_value=1, max_value=20), min_size=n, max_size=n),
            st.lists(st.integers(min_value=2**63 - 20, max_value=2**63 + 20), min_size=n, max_size=n),
        )
    )


longer_rows = shaped(st.integers(min_value=LONGER, max_value=LONGEST))  # odd and even
even_rows = st.lists(st.tuples(coin, coin), max_size=5).map(lambda pairs: [c for pair in pairs for c in pair])


def check_difference(grader: Grader, slug: str, row: Sequence[int]) -> None:
    """Grade ``score_difference`` on a row short enough for the oracle."""
    grader.check_value(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))


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
