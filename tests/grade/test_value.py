"""Every formulation against the shared case table, smallest row first."""

import pytest
from pytest_parametrize_cases import Case, parametrize_cases

from coinrow.cases import GameCase, all_cases
from coinrow.grading import Grader
from coinrow.registry import FORMULATIONS

SLUGS = [f.slug for f in FORMULATIONS]


@parametrize_cases(*(Case(case.label, case=case) for case in all_cases()))
@pytest.mark.parametrize("slug", SLUGS)
def test_value(grader: Grader, slug: str, case: GameCase) -> None:
    """The graded function returns the optimal quantity (parity: its guarantee, or ValueError on odd n)."""
    grader.check_value(slug, case.row, case.totals, case.parity_guarantee)
