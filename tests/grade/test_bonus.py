"""The bonus katas' own contracts: rows that break known wrong answers, long rows, memory.

Overflow and speed, shared by every kata the registry marks, are graded in test_edges.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.game import optimal_totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.rows import dominant_class_row
from coinrow.game.shown import show_call
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages import checks as messages
from tests.strategies import check_difference, check_each_row, skip_unless_attempted

# Few distinct values, so ties and peaks x <= y >= z happen on almost every row.
tie_rows = st.lists(st.integers(min_value=0, max_value=3), max_size=14)
signed_rows = st.lists(st.integers(min_value=-6, max_value=6), max_size=13)


@pytest.mark.parametrize("slug", ["linear_reduction"])
@pytest.mark.parametrize(
    "row",
    [
        pytest.param([0, 1, 1, 1, 0, 0], id="ties-break-strict-comparisons"),
        pytest.param([0, 0, 2, 2, 2, 1], id="ties-inside-a-peak"),
        pytest.param([0, 1, 2, 3, 0], id="a-merge-makes-a-new-peak"),
        pytest.param([0, 1, 2, 3, 0, 0], id="a-merge-makes-a-new-peak-even-n"),
        pytest.param([0, 0, 2, 1], id="a-peak-at-the-right-end"),
        pytest.param([2, 1, 3], id="a-peak-at-the-left-end"),
    ],
)
def test_linear_reduction_known_traps(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows on which strict comparisons, a single pass or merging only inside the row go wrong."""
    check_difference(grader, slug, row)


@pytest.mark.parametrize("slug", ["linear_reduction"])
@settings(max_examples=150)
@given(row=st.one_of(tie_rows, signed_rows))
def test_linear_reduction_agrees_with_oracle(grader: Grader, slug: str, row: list[int]) -> None:
    """Odd and even n up to 14, ties, zeros and negatives: the oracle's difference."""
    check_difference(grader, slug, row)


@pytest.mark.parametrize("slug", ["brute_force"])
def test_brute_force_up_to_sixteen_coins(grader: Grader, slug: str) -> None:
    """The longest rows it is graded on, n = 11..16, against the game table (the oracle would take
    seconds per row while hypothesis shrinks a failure)."""
    rows = st.lists(st.integers(min_value=-20, max_value=20), min_size=11, max_size=16)

    def check(row: list[int]) -> None:
        grader.check_value(slug, tuple(row), optimal_totals(row))

    check_each_row(grader, rows, 11, check, settings(max_examples=8))


# Measured at n = 4000 on this row: the reference peaks at 0.19 MB (one row of
# ints and a copy of the coins); an n x n table at 135 MB (4000 lists of 4000
# pointers alone are 128 MB); top_down_memo's cache reaches 2.7 MB in the first
# 2 s. The bound lies between: room for a few rows, no room for a table.
MEMORY_N = 4000
MEMORY_BOUND = 2**20
TRACED_SECONDS = 1.0  # tracing makes this loop ~40x slower (0.8 s -> 30 s or more): watch the start


@pytest.mark.parametrize("slug", ["rolling_array"])
def test_rolling_array_memory(grader: Grader, slug: str) -> None:
    """Peak traced memory at n = 4000 stays below 1 MiB (an n x n table takes 128 MB or more).

    The call is traced for its first second only (or to its end): a table of n x n
    is allocated at the start or grows with the work done, so it shows by then.
    """
    skip_unless_attempted(grader, slug)
    row, _ = dominant_class_row(MEMORY_N, seed=4000)
    peak = grader.traced_peak(slug, "score_difference", row, TRACED_SECONDS)
    if peak > MEMORY_BOUND:
        message = messages.too_much_memory(slug, show_call("score_difference", row), peak, MEMORY_BOUND)
        raise WrongAnswer(slug, row, message)


@pytest.mark.parametrize("slug", ["optimal_moves"])
@given(row=tie_rows.filter(lambda r: len(r) <= 10))
def test_optimal_moves_with_ties(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows full of ties, replayed move by move (either end is accepted where they tie)."""
    grader.check_line(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))
