"""Where a kata's point lies at an edge: int64 katas at exactly 2**63, speed katas where the slow way fails.

The registry says which katas these are (``Formulation.int64``, ``Formulation.speed``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinrow.game.game import totals_from_difference
from coinrow.game.registry import FORMULATIONS, by_slug
from coinrow.game.rows import SPEED_SHAPES, speed_row
from coinrow.game.shown import show_call
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages import checks as messages
from coinrow.grader.messages.stops import with_printing_note
from tests.strategies import check_difference, skip_unless_attempted

INT64_MAX = 2**63 - 1
INT64_SLUGS = [f.slug for f in FORMULATIONS if f.int64]
SPEED_SLUGS = [f.slug for f in FORMULATIONS if f.speed]


@pytest.mark.parametrize("slug", INT64_SLUGS)
@pytest.mark.parametrize(
    "row",
    [
        pytest.param([INT64_MAX], id="one-coin-of-2**63-1"),
        pytest.param([2**62, 2**62 - 1], id="sum-2**63-1"),
        pytest.param([-(2**62), 2**62 - 1], id="abs-sum-2**63-1-mixed-signs"),
        pytest.param([2**63], id="one-coin-of-2**63"),
        pytest.param([-(2**63)], id="one-coin-of-minus-2**63"),
        pytest.param([2**62, 2**62], id="sum-2**63"),
        pytest.param([-(2**62), -(2**62)], id="sum-minus-2**63"),
        pytest.param([2**62, -(2**62)], id="difference-2**63"),
        pytest.param([-(2**62), 2**62], id="difference-2**63-from-the-right"),
        pytest.param([1, -INT64_MAX], id="one-take-worth-2**63"),
    ],
)
def test_exact_at_the_int64_edges(grader: Grader, slug: str, row: list[int]) -> None:
    """sum(|coins|) of exactly 2**63 - 1 (int64 holds every value) and 2**63 (one past): exact either way.

    Expected values come from the exhaustive oracle in Python ints; e.g. on
    [2**62, -(2**62)] the first player takes 2**62 and the second -(2**62), a
    difference of 2**63, which int64 wraps to -(2**63).
    """
    try:
        check_difference(grader, slug, row)
    except WrongAnswer as failure:
        if not failure.ran:
            raise  # never run: what the edge would tell is not known
        failure.diagnose()  # its likely mistake goes into the message this check reports instead
        message = messages.at_the_int64_edge(str(failure), sum(abs(c) for c in row))
        raise WrongAnswer(
            slug,
            row,
            message,
            kind=failure.kind,
            error=failure.error,
            mistake=failure.mistake,
            printed=failure.printed,
        ) from None


@pytest.mark.parametrize("slug", INT64_SLUGS)
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
def test_never_overflows(grader: Grader, slug: str, row: list[int]) -> None:
    """Rows whose absolute sum exceeds 2**63 - 1: the exact difference, as a Python int."""
    check_difference(grader, slug, row)


huge = st.integers(min_value=2**60, max_value=INT64_MAX) | st.integers(
    min_value=-INT64_MAX, max_value=-(2**60)
)


@pytest.mark.parametrize("slug", INT64_SLUGS)
@given(row=st.lists(huge, max_size=8))
def test_huge_coins(grader: Grader, slug: str, row: list[int]) -> None:
    """Random rows of coins above 2**60 in size: exact, whether or not the sum fits in int64."""
    check_difference(grader, slug, row)


def at_sum(row: list[int], total: int) -> tuple[list[int], int]:
    """A dominant-class row scaled up so that its coins sum to exactly ``total``, with its difference.

    Scaling every coin by k > 0 scales the optimal difference by k. The remainder
    goes to coin 0, an even-index coin, which then beats the odd-index coins by
    more still: the even class is still the n/2 largest coins, so the difference
    is still sum(a[0::2]) - sum(a[1::2]).
    """
    scaled = [total // sum(row) * c for c in row]
    scaled[0] += total - sum(scaled)
    return scaled, sum(scaled[0::2]) - sum(scaled[1::2])


SPEED_CASES = [
    pytest.param(slug, shape, False, id=f"{slug}-{shape.replace(' ', '-')}")
    for slug in SPEED_SLUGS
    for shape in SPEED_SHAPES
] + [
    pytest.param(slug, "zigzag", True, id=f"{slug}-coins-summing-to-2**63-1")
    for slug in SPEED_SLUGS
    if slug in INT64_SLUGS
]


@pytest.mark.parametrize(("slug", "shape", "at_the_int64_edge"), SPEED_CASES)
def test_fast_where_the_slow_way_fails(
    grader: Grader, slug: str, shape: str, at_the_int64_edge: bool
) -> None:
    """The right answer within the kata's CPU-time limit at its graded size (registry: ``speed``), on rows
    of each of ``rows.SPEED_SHAPES``.

    Each row is drawn afresh on every run, so no answer can know it ahead. The zigzag row is solved by hand
    (every even-index coin beats every odd-index coin), so its difference is known without running any DP;
    a mountain or a valley, where an O(n) reduction does the most work, is valued by the game model's
    reduction. An int64 kata is also
    timed on the zigzag row scaled to sum to exactly 2**63 - 1, where int64 still holds every value.
    """
    formulation = by_slug(slug)
    speed = formulation.speed
    assert speed is not None
    skip_unless_attempted(grader, slug)
    row, difference = speed_row(speed.n, shape, seed=random.SystemRandom().getrandbits(32))  # drawn fresh
    if at_the_int64_edge:
        row, difference = at_sum(row, INT64_MAX)
    call_text = show_call(formulation.value_function, row)
    function = formulation.value_function

    def shorter(k: int, rng: random.Random) -> list[int]:
        return speed_row(k, shape, seed=rng.getrandbits(32))[0]

    def growth() -> tuple[str, None] | None:  # none on the edge row: shorter rows sum far below 2**63 - 1
        return None if at_the_int64_edge else grader.growth_below(slug, function, row, (shape, shorter))

    try:
        grader.check_value(slug, row, totals_from_difference(row, difference))
    except WrongAnswer as failure:
        if failure.kind != "too-slow":
            raise
        message = messages.still_running(
            slug, speed.needs, grader.call_limit, speed.n, at_the_int64_edge, call_text
        )
        message = with_printing_note(message, grader.last_printed_bytes)
        raise WrongAnswer(slug, row, message, kind="too-slow", explain=growth) from None
    used = grader.last_cpu  # the call's CPU time in its executor, read from outside
    if used > speed.cpu_seconds:
        message = messages.too_slowly(
            slug, speed.needs, used, speed.n, at_the_int64_edge, speed.cpu_seconds, call_text
        )
        message = with_printing_note(message, grader.last_printed_bytes)
        raise WrongAnswer(slug, row, message, kind="too-slow", printed=grader.last_printed, explain=growth)
