"""The model of quantities and tables: each kind of return value, the table walk, costs."""

from __future__ import annotations

import pytest
from hypothesis import given

from coinrow.game.cost import Cost, Order
from coinrow.game.game import Totals, difference_table, fill_steps, optimal_totals
from coinrow.game.quantity import DIFFERENCE, FIRST, LINE, PARITY, TOTALS, Quantity
from coinrow.game.registry import FORMULATIONS
from tests.strategies import rows

QUANTITIES = (DIFFERENCE, FIRST, TOTALS, PARITY, LINE)


def test_every_formulation_returns_one_of_the_quantities_and_its_table_holds_it() -> None:
    assert {f.returns for f in FORMULATIONS} == set(QUANTITIES)
    assert len({q.key for q in QUANTITIES}) == len(QUANTITIES)
    for f in FORMULATIONS:
        if f.table is not None:
            assert f.table.quantity is f.returns, f.slug


@pytest.mark.parametrize("quantity", QUANTITIES, ids=str)
def test_the_value_expected_stands_for_the_optimal_totals(quantity: Quantity) -> None:
    row, optimum = (5, 3, 7, 10), Totals(15, 10)
    if quantity is LINE:  # several lines can be optimal: graded move by move, no single value
        assert quantity.graded_move_by_move
        with pytest.raises(ValueError, match="no single expected value"):
            quantity.expected(optimum, 13)
        assert quantity.judge(row, ["right", "right", "left", "left"], optimum).verdict == "agrees"
        return
    expected = quantity.expected(optimum, 13)
    assert quantity.is_exact(quantity.normalise(expected))
    judged = quantity.judge(row, expected, optimum)
    if quantity.is_guarantee:  # max(5 + 7, 3 + 10) = 13, two short of the optimal 15
        assert (expected, judged.totals, judged.shortfall) == (13, None, 2)
        assert judged.verdict == "falls short by 2"
    else:
        assert (judged.totals, judged.verdict) == (optimum, "agrees")


def test_a_wrong_shape_is_named_and_stands_for_no_totals() -> None:
    assert DIFFERENCE.judge((5, 3, 7, 10), 5.0, Totals(15, 10)).message == "a float, not an int"
    assert DIFFERENCE.totals_of((5, 3, 7, 10), 4) is None  # 25 + 4 is odd: no totals differ by 4
    assert TOTALS.shape_problem((15, 10.0)) == "the pair holds float, expected two exact ints"
    assert TOTALS.totals_of((5, 3, 7, 10), [15, 10]) == Totals(15, 10)
    assert LINE.judge((5, 3), ["up", "left"], Totals(5, 3)).message == ""
    assert LINE.show(["left", "right"]) == "L R"
    assert PARITY.defined_on((1, 2))
    assert not PARITY.defined_on((1, 2, 3))
    assert [q.empty_row_answer for q in QUANTITIES] == [0, 0, (0, 0), 0, []]


@given(row=rows)
def test_the_table_walk_fills_by_interval_length_and_keeps_the_chosen_end(row: list[int]) -> None:
    steps = list(fill_steps(row))
    assert [(s.i, s.j) for s in steps] == list(difference_table(row))
    for step in steps:
        part = row[step.i : step.j + 1]
        assert step.totals == optimal_totals(part)
        assert [c.end for c in step.candidates] == ([] if step.i == step.j else ["left", "right"])
        for candidate in step.candidates:
            assert candidate.chosen == (candidate.totals == step.totals) == (candidate.end in step.ends)


def test_min_of_opponent_reads_the_three_cells_the_reply_can_leave() -> None:
    last = list(fill_steps([5, 3, 7, 10], "min_of_opponent"))[-1]
    assert last.reads == ((0, 1), (1, 2), (2, 3))
    assert list(fill_steps([5, 3, 7, 10]))[-1].reads == ((1, 3), (0, 2))


def test_costs_are_an_order_and_a_shown_detail() -> None:
    assert Cost(Order.QUADRATIC, "pairs").text == "O(n^2) pairs"
    linear = [f.slug for f in FORMULATIONS if f.time.at_most_linear]
    assert linear == ["parity_strategy", "linear_reduction"]
