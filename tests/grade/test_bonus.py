"""The bonus katas' own contracts: rows that break known wrong answers, long rows, memory, overflow."""

import tracemalloc
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game import optimal_totals, totals_from_difference
from coinrow.grading import CallTimeout, Grader, WrongAnswer, show_call, time_limit
from coinrow.oracle import exhaustive_difference

INT64_MAX = 2**63 - 1
# Few distinct values, so ties and peaks x <= y >= z happen on almost every row.
tie_rows = st.lists(st.integers(min_value=0, max_value=3), max_size=14)
signed_rows = st.lists(st.integers(min_value=-6, max_value=6), max_size=13)


def check_difference(grader: Grader, slug: str, row: Sequence[int]) -> None:
    """Grade ``score_difference`` on a row short enough for the oracle."""
    grader.check_value(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))


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
    grader.call(slug, "score_difference", [1, 2])


@pytest.mark.parametrize("slug", ["linear_reduction"])
def test_linear_reduction_on_a_million_coins(grader: Grader, slug: str) -> None:
    """n = 10**6 within the per-call limit (an O(n^2) answer never finishes), on a row solved by hand."""
    skip_unless_attempted(grader, slug)
    row, expected = dominant_class_row(10**6, seed=486)
    got = grader.call(slug, "score_difference", row)
    if got != expected:
        raise WrongAnswer(
            slug, row, f"{slug}: {show_call('score_difference', row)} returned {got!r}, expected {expected}"
        )


@pytest.mark.parametrize("slug", ["brute_force"])
@settings(max_examples=8)
@given(row=st.lists(st.integers(min_value=-20, max_value=20), min_size=11, max_size=16))
def test_brute_force_up_to_sixteen_coins(grader: Grader, slug: str, row: list[int]) -> None:
    """The longest rows it is graded on, n = 11..16, against the game table (the oracle would take
    seconds per row while hypothesis shrinks a failure)."""
    grader.check_value(slug, tuple(row), optimal_totals(row))


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
    function = grader.module(slug).score_difference
    tracemalloc.start()
    try:
        with time_limit(TRACED_SECONDS):
            function(row)
    except CallTimeout:
        pass  # long enough to see the table
    except Exception as error:  # noqa: BLE001 - reported like every other learner error
        call = show_call("score_difference", row)
        raise WrongAnswer(slug, row, f"{slug}: {call} raised {type(error).__name__}: {error}") from None
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    if peak > MEMORY_BOUND:
        raise WrongAnswer(
            slug,
            row,
            f"{slug}: {show_call('score_difference', row)} used {peak / 2**20:.1f} MiB at its peak; "
            f"one rolling row needs well under {MEMORY_BOUND / 2**20:.0f} MiB (an n x n table needs 128 MB)",
        )


huge = st.integers(min_value=2**60, max_value=INT64_MAX) | st.integers(
    min_value=-INT64_MAX, max_value=-(2**60)
)


@pytest.mark.parametrize("slug", ["vectorised_dp"])
@pytest.mark.parametrize(
    "row",
    [
        pytest.param([2**62, -(2**62), 2**62], id="an-interval-difference-of-2-to-63"),
        pytest.param([INT64_MAX, -INT64_MAX], id="a-difference-of-2-to-64-minus-2"),
        pytest.param([-(2**62), 2**62, -(2**62), 2**62, 1], id="alternating-signs-wrap-int64"),
        pytest.param([2**62, 2**62, 2**62, 1], id="sum-beyond-int64-difference-fits"),
        pytest.param([2**63, 1, 2**64], id="coins-beyond-int64"),
    ],
)
def test_vectorised_dp_never_overflows(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows whose absolute sum exceeds 2**63 - 1: the exact difference, as a Python int."""
    check_difference(grader, slug, row)


@pytest.mark.parametrize("slug", ["vectorised_dp"])
@given(row=st.lists(huge, max_size=8))
def test_vectorised_dp_huge_coins(grader: Grader, slug: str, row: list[int]) -> None:
    """Random rows of coins above 2**60 in size: exact, whether or not the sum fits in int64."""
    check_difference(grader, slug, row)


@pytest.mark.parametrize("slug", ["optimal_moves"])
@given(row=tie_rows.filter(lambda r: len(r) <= 10))
def test_optimal_moves_with_ties(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows full of ties, replayed move by move (either end is accepted where they tie)."""
    grader.check_line(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)))
