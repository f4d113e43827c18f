"""Complexity is part of the verdict: the time and memory of each kata measured as n doubles, judged
against the order its task states (``coinrow.grader.growth.check``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from coinrow.game.registry import FORMULATIONS, by_slug
from coinrow.grader.growth.ahead import GrowthAhead
from coinrow.grader.growth.check import check_growth, growth_checked
from coinrow.grader.judge.failures import NotAttempted
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.run.plugin import skip_or_left_out
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

    The timed rows are fresh random rows valued by the game model's O(n) reduction: every value is
    checked as it is timed. Memory is traced on fresh random rows too.
    The orders measured go to the summary line of a solved kata. A check may have started ahead,
    beside the other checks (``coinrow.grader.growth.ahead``): it is judged here, alone.
    """
    if slug not in growth_ahead:
        skip_unless_attempted(grader, slug)
    try:  # a check started ahead called first: a failure it met (at import too) is its own
        measured = growth_ahead[slug].result() if slug in growth_ahead else check_growth(grader, slug)
    except NotAttempted as error:  # skipped, as any call of a stub is; else a row left out
        skip_or_left_out(grader, slug, by_slug(slug).value_function, error)
    record_property("measured", measured.summary())
