"""Every formulation against the shared case table, smallest row first."""

from __future__ import annotations

import pytest
from pytest_parametrize_cases import Case, parametrize_cases

from coinrow.game.cases import GameCase, all_cases
from coinrow.game.registry import FORMULATIONS, by_slug
from coinrow.grader.growth.check import growth_checked
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages.checks import beyond_the_graded_length, timed_in_the_growth_check

SLUGS = [f.slug for f in FORMULATIONS]
IN_THE_GROWTH_CHECK = (
    "random-1000"  # a random row of the task's largest size: the growth check calls such rows
)


@parametrize_cases(*(Case(case.label, case=case) for case in all_cases()))
@pytest.mark.parametrize("slug", SLUGS)
def test_value(grader: Grader, slug: str, case: GameCase) -> None:
    """The graded function returns the optimal quantity (parity: its guarantee, or ValueError on odd n)."""
    max_n = by_slug(slug).max_n
    if max_n is not None and len(case.row) > max_n:
        pytest.skip(beyond_the_graded_length(slug, max_n, len(case.row)))
    if case.label == IN_THE_GROWTH_CHECK and growth_checked(by_slug(slug)):
        pytest.skip(timed_in_the_growth_check(slug, case.label))
    grader.check_value(slug, case.row, case.totals, case.parity_guarantee)
