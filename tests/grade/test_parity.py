"""The parity strategy's own contract: bounds, odd rows refused, and its moves replayed."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pytest_parametrize_cases import Case, parametrize_cases

from coinrow.game.cases import GameCase, all_cases
from coinrow.game.game import optimal_totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.shown import show_row
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.messages import checks as messages
from tests.strategies import LONGER, LONGEST, check_each_row, coin, even_rows, shaped

SLUG = "parity_strategy"
pytestmark = pytest.mark.parametrize("slug", [SLUG])


@given(row=even_rows)
def test_guarantee_lies_between_half_and_optimum(grader: Grader, slug: str, row: list[int]) -> None:
    """sum/2 <= guarantee <= the optimal first total, on even rows."""
    guarantee = grader.call(slug, "parity_guarantee", tuple(row))
    optimum = totals_from_difference(row, exhaustive_difference(row)).first
    if not 2 * guarantee >= sum(row) or not guarantee <= optimum:
        message = messages.guarantee_out_of_bounds(slug, show_row(row), guarantee, sum(row) / 2, optimum)
        explain = grader.explain_value(slug, row, guarantee)
        raise WrongAnswer(slug, row, message, explain=explain, printed=grader.last_printed)


@given(row=even_rows)
def test_guarantee_is_the_larger_class_sum(grader: Grader, slug: str, row: list[int]) -> None:
    """On random even rows, exactly max(sum of the even-index coins, sum of the odd-index ones), an exact int:
    the bounds alone hold for any value between sum/2 and the optimum."""
    guarantee = max(sum(row[0::2]), sum(row[1::2]))
    grader.check_value(slug, tuple(row), totals_from_difference(row, exhaustive_difference(row)), guarantee)


def test_guarantee_is_the_larger_class_sum_on_longer_rows(grader: Grader, slug: str) -> None:
    """Even rows of 12 to 60 coins, each of one shape (``shaped``): exactly the larger class sum."""
    lengths = st.integers(min_value=LONGER // 2 + 1, max_value=LONGEST // 2).map(lambda half: 2 * half)

    def check(row: list[int]) -> None:
        guarantee = max(sum(row[0::2]), sum(row[1::2]))
        grader.check_value(slug, tuple(row), optimal_totals(row), guarantee)

    check_each_row(grader, shaped(lengths), 2 * (LONGER // 2 + 1), check)


@given(row=st.lists(coin, min_size=1, max_size=9).filter(lambda r: len(r) % 2 == 1))
def test_odd_rows_raise_value_error(grader: Grader, slug: str, row: list[int]) -> None:
    """Both functions refuse an odd number of coins with ValueError."""
    grader.check_raises_value_error(slug, "parity_guarantee", tuple(row))
    grader.check_raises_value_error(slug, "parity_move", tuple(row), 0, len(row) - 1)


def _worst_case_total(grader: Grader, slug: str, row: Sequence[int]) -> int:
    """The least the first player collects with parity_move against every line of the opponent."""

    def first_to_move(left: int, right: int) -> int:
        if left > right:
            return 0
        move = grader.call(slug, "parity_move", row, left, right)
        if move not in ("left", "right"):
            message = messages.not_a_parity_move(slug, show_row(row), left, right, move)
            explain = grader.explain_play(slug, "parity_move", row)
            raise WrongAnswer(slug, row, message, explain=explain, printed=grader.last_printed)
        if move == "left":
            return row[left] + second_to_move(left + 1, right)
        return row[right] + second_to_move(left, right - 1)

    def second_to_move(left: int, right: int) -> int:
        return min(first_to_move(left + 1, right), first_to_move(left, right - 1))

    return first_to_move(0, len(row) - 1)


@given(row=even_rows)
def test_moves_secure_the_guarantee(grader: Grader, slug: str, row: list[int]) -> None:
    """Replayed against every possible opponent (n <= 10), parity_move collects at least max(class sums)."""
    guarantee = max(sum(row[0::2]), sum(row[1::2]))  # the definition of the guarantee
    _check_replay(grader, slug, tuple(row), guarantee)


def _check_replay(grader: Grader, slug: str, row: tuple[int, ...], guarantee: int) -> None:
    collected = _worst_case_total(grader, slug, row)
    if collected < guarantee:
        message = messages.held_below_the_guarantee(slug, show_row(row), collected, guarantee)
        raise WrongAnswer(slug, row, message, explain=grader.explain_play(slug, "parity_move", row))


REPLAY_CASES = [c for c in all_cases() if len(c.row) % 2 == 0 and 2 <= len(c.row) <= 10]


@parametrize_cases(*(Case(case.label, case=case) for case in REPLAY_CASES))
def test_moves_secure_the_guarantee_on_case_rows(grader: Grader, slug: str, case: GameCase) -> None:
    """The case table's even rows (n <= 10), replayed against every possible opponent."""
    assert case.parity_guarantee is not None
    _check_replay(grader, slug, case.row, case.parity_guarantee)
