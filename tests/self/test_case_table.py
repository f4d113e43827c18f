"""The case table is right: every row re-checked against the oracle or the game table."""

import pytest
from pytest_parametrize_cases import Case, parametrize_cases

from coinrow.game.cases import GameCase, all_cases, seed_rows
from coinrow.game.game import optimal_totals, totals_from_difference
from coinrow.game.oracle import ORACLE_MAX_N, exhaustive_difference


@parametrize_cases(*(Case(case.label, case=case) for case in all_cases()))
def test_totals_are_optimal(case: GameCase) -> None:
    """Short rows agree with the exhaustive oracle, long ones with the game table (itself oracle-checked)."""
    if len(case.row) <= ORACLE_MAX_N:
        expected = totals_from_difference(case.row, exhaustive_difference(case.row))
    else:
        expected = optimal_totals(case.row)
    assert case.totals == expected
    assert case.totals.first + case.totals.second == sum(case.row)


@parametrize_cases(*(Case(case.label, case=case) for case in all_cases()))
def test_parity_guarantee_is_the_larger_class(case: GameCase) -> None:
    """Even rows carry max(sum of even-index coins, sum of odd-index coins); odd rows carry none."""
    if len(case.row) % 2:
        assert case.parity_guarantee is None
    else:
        assert case.parity_guarantee == max(sum(case.row[0::2]), sum(case.row[1::2]))


def test_rows_are_ordered_smallest_first() -> None:
    """The first failing case a learner sees is the smallest."""
    sizes = [(len(c.row), sum(abs(x) for x in c.row)) for c in all_cases()]
    assert sizes == sorted(sizes)


def test_labels_are_unique_kebab_case() -> None:
    labels = [c.label for c in all_cases()]
    assert len(labels) == len(set(labels))
    for label in labels:
        assert label == label.lower()
        assert " " not in label
        assert "_" not in label


@pytest.mark.parametrize(
    ("row", "first"),
    [
        ((5, 3, 7, 10), 15),  # the seed tutorial: 10, then 7 after the opponent takes 5 or 3 ... = 15
        ((8, 15, 3, 7), 22),  # take 7, the opponent takes 8 or 3, take 15: 22
        ((18, 20, 15, 30, 10, 14), 64),
    ],
)
def test_seed_examples_are_in_the_table(row: tuple[int, ...], first: int) -> None:
    """The seeds' worked examples are part of the table with their published totals."""
    assert row in seed_rows()
    assert next(c for c in all_cases() if c.row == row).totals.first == first
