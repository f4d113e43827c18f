"""Value formulations against the exhaustive oracle on random short rows; inputs untouched."""

import pytest
from hypothesis import given

from coinrow.game import totals_from_difference
from coinrow.grading import Grader, show_call
from coinrow.oracle import exhaustive_difference
from coinrow.registry import FORMULATIONS
from tests.strategies import rows

VALUE_SLUGS = [f.slug for f in FORMULATIONS if f.returns != "parity"]
ALL_SLUGS = [f.slug for f in FORMULATIONS]


@pytest.mark.parametrize("slug", VALUE_SLUGS)
@given(row=rows)
def test_agrees_with_oracle(grader: Grader, slug: str, row: list[int]) -> None:
    """Random rows (n <= 10, values -20..20) give the oracle's optimal totals."""
    totals = totals_from_difference(row, exhaustive_difference(row))
    grader.check_value(slug, tuple(row), totals)


@pytest.mark.parametrize("slug", ALL_SLUGS)
@given(row=rows)
def test_row_is_not_mutated(grader: Grader, slug: str, row: list[int]) -> None:
    """The caller's list is left exactly as it was."""
    if len(row) % 2:
        row.append(0)  # the parity strategy takes even rows only
    before = list(row)
    function = next(f for f in FORMULATIONS if f.slug == slug).value_function
    grader.call(slug, function, row)
    assert row == before, f"{slug}: {show_call(function, before)} changed the row to {row}"
