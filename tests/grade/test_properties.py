"""Value formulations on random rows: short ones against the exhaustive oracle, longer ones against the
game table; inputs untouched."""

from __future__ import annotations

import pytest
from hypothesis import given

from coinrow.game.game import optimal_totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import FORMULATIONS
from coinrow.game.shown import show_call
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages.checks import changed_the_row
from tests.strategies import LONGER, check_each_row, longer_rows, rows

VALUE_SLUGS = [f.slug for f in FORMULATIONS if f.returns.key != "parity"]
ALL_SLUGS = [f.slug for f in FORMULATIONS]


@pytest.mark.parametrize("slug", VALUE_SLUGS)
@given(row=rows)
def test_agrees_with_oracle(grader: Grader, slug: str, row: list[int]) -> None:
    """Random rows (n <= 10, values -20..20) give the oracle's optimal totals."""
    totals = totals_from_difference(row, exhaustive_difference(row))
    grader.check_value(slug, tuple(row), totals)


@pytest.mark.parametrize("slug", [f.slug for f in FORMULATIONS if f.returns.key != "parity" and not f.max_n])
def test_agrees_with_the_game_table_on_longer_rows(grader: Grader, slug: str) -> None:
    """Random rows of 11 to 60 coins, odd and even, against the game table (itself checked by the oracle)."""
    check_each_row(
        grader, longer_rows, LONGER, lambda row: grader.check_value(slug, tuple(row), optimal_totals(row))
    )


@pytest.mark.parametrize("slug", ALL_SLUGS)
@given(row=rows)
def test_row_is_not_mutated(grader: Grader, slug: str, row: list[int]) -> None:
    """The caller's list is left exactly as it was."""
    if len(row) % 2:
        row.append(0)  # the parity strategy takes even rows only
    before = list(row)
    function = next(f for f in FORMULATIONS if f.slug == slug).value_function
    grader.call(slug, function, row)
    if row != before:
        message = changed_the_row(slug, show_call(function, before), row)
        raise WrongAnswer(slug, before, message, kind="mutated", printed=grader.last_printed)
