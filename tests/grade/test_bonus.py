"""The bonus katas' own contracts: rows that break known wrong answers, long rows, memory.

Overflow and speed, shared by every kata the registry marks, are graded in test_edges.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.game import optimal_totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import FORMULATIONS, by_slug
from coinrow.game.rows import fresh_row
from coinrow.game.shown import show_call
from coinrow.grader.judge.calls import WATCHED_SECONDS
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages import checks as messages
from coinrow.grader.messages.stops import with_printing_note
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
        pytest.param([0, 1, 0, 0], id="a-peak-at-the-left-end"),  # 0 <= 1 >= 0, its 0 first on the stack
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


@pytest.mark.parametrize("slug", [f.slug for f in FORMULATIONS if f.memory])
def test_rolling_array_memory(grader: Grader, slug: str) -> None:
    """Peak traced memory at the registry's size stays below its bound (``Formulation.memory``: 1 MiB at
    n = 4000, where an n x n table takes 128 MB or more), and so does the process tree's growth in resident
    memory over a whole untraced call, read by the kernel (16 MiB), which tracing cannot hide.

    The call is traced for its first ``traced_seconds`` of CPU only (or to its end): a table of n x n
    is allocated at the start or grows with the work done, so it shows by then.
    """
    memory = by_slug(slug).memory
    assert memory is not None
    skip_unless_attempted(grader, slug)
    row = fresh_row(memory.n, random.Random())  # a fresh row, as a timed call's: none an answer knows
    peak = grader.traced_peak(slug, "score_difference", row, memory.traced_seconds)
    if peak > memory.bytes:
        stopped_at = memory.traced_seconds if grader.last_trace_cut else None
        message = messages.too_much_memory(
            slug, show_call("score_difference", row), peak, memory.bytes, stopped_at
        )
        raise WrongAnswer(slug, row, with_printing_note(message, grader.last_printed_bytes, "memory"))
    grown = grader.resident_growth(slug, "score_difference", row)
    if grown > memory.resident_bytes:
        message = messages.too_much_resident(
            slug, show_call("score_difference", row), grown, memory.bytes, WATCHED_SECONDS
        )
        raise WrongAnswer(slug, row, with_printing_note(message, grader.last_printed_bytes, "memory"))


@pytest.mark.parametrize("slug", ["optimal_moves"])
@given(row=tie_rows.filter(lambda r: len(r) <= 10))
def test_optimal_moves_with_ties(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows full of ties, replayed move by move (either end is accepted where they tie)."""
    grader.check_line(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))
