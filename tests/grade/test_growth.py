"""Complexity is part of the verdict: the time and memory of each kata measured as n doubles, judged
against the order its task states (``coinrow.grader.growth.check``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coinrow.game.registry import FORMULATIONS
from coinrow.grader.growth.ahead import GrowthAhead
from coinrow.grader.growth.check import check_growth, growth_checked
from coinrow.grader.judge.failures import NotAttempted
from coinrow.grader.judge.verdict import Grader
from tests.strategies import skip_unless_attempted

GROWTH_SLUGS = [f.slug for f in FORMULATIONS if growth_checked(f)]


@pytest.mark.growth_check
@pytest.mark.parametrize("slug", GROWTH_SLUGS)
def test_grows_as_the_task_asks(
    grader: Grader,
    slug: str,
    record_property: Callable[[str, object], None],
    growth_ahead: dict[str, GrowthAhead],
) -> None:
    """Time and memory measured on rows of doubling length grow no faster than the task's order.

    The rows are solved by hand (``dominant_class_row``): every value is checked as it is timed.
    The orders measured go to the summary line of a solved kata. A check may have started ahead,
    beside the other checks (``coinrow.grader.growth.ahead``): it is judged here, alone.
    """
    if slug in growth_ahead:  # its first step called first: a failure it met (at import too) is its own
        try:
            measured = growth_ahead[slug].result()
        except NotAttempted:
            skip_unless_attempted(grader, slug)  # skipped, as any call of a stub is
            raise
    else:
        skip_unless_attempted(grader, slug)
        measured = check_growth(grader, slug)
    record_property("measured", measured.summary())
