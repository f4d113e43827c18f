"""The game model and the oracle, against hand calculations and each other."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from coinrow.game.game import (
    Totals,
    difference_table,
    first_player_can_win,
    optimal_totals,
    totals_from_difference,
    winner,
)
from coinrow.game.line import optimal_line
from coinrow.game.oracle import ORACLE_MAX_N, exhaustive_difference
from coinrow.game.reduction import linear_difference, reduced_row
from tests.strategies import rows


def test_oracle_by_hand() -> None:
    """[5, 3, 7, 10]: take 10; the opponent takes 7 (or 5); we get 5 (or 7): 15 to 10, difference 5.

    Taking 5 instead leaves [3, 7, 10]: the opponent takes 10, we take 7, they take 3: 12 to 13.
    """
    assert exhaustive_difference([5, 3, 7, 10]) == 5
    assert exhaustive_difference([1, 5, 2]) == -2  # any first move leaves 5 for the opponent: 3 - 5
    assert exhaustive_difference([]) == 0
    assert exhaustive_difference([-4]) == -4


def test_oracle_refuses_long_rows() -> None:
    with pytest.raises(ValueError, match="over its limit") as raised:
        exhaustive_difference([0] * (ORACLE_MAX_N + 1))
    assert str(ORACLE_MAX_N + 1) in str(raised.value)


@given(row=rows)
def test_table_agrees_with_oracle(row: list[int]) -> None:
    """The game table, which the tools read, equals exhaustive search."""
    expected = exhaustive_difference(row)
    assert optimal_totals(row) == totals_from_difference(row, expected)
    if row:
        assert difference_table(row)[0, len(row) - 1].value == expected


@given(row=rows)
def test_the_linear_reduction_agrees_with_the_oracle(row: list[int]) -> None:
    """The O(n) reduction the growth check values its random rows with equals exhaustive search."""
    assert linear_difference(row) == exhaustive_difference(row)


@given(row=st.lists(st.integers(-(10**20), 10**20), max_size=60))
def test_the_linear_reduction_agrees_with_the_table_on_longer_rows(row: list[int]) -> None:
    assert linear_difference(row) == optimal_totals(row).difference


def test_the_reduction_by_hand() -> None:
    """[1, 5, 2, 8]: 1 <= 5 >= 2 is a peak, merged into 1 - 5 + 2 = -2; [-2, 8] has none, and the larger
    end goes first: 8 - (-2) = 10. By hand: take 8; whichever end the second takes (1 or 2), 5 is ours:
    13 to 3."""
    assert reduced_row([1, 5, 2, 8]) == [-2, 8]
    assert linear_difference([1, 5, 2, 8]) == exhaustive_difference([1, 5, 2, 8]) == 10


@given(row=rows)
def test_optimal_line_reaches_the_optimum(row: list[int]) -> None:
    """Replaying the line gives the optimal totals, and every move keeps the mover's optimal difference."""
    line = optimal_line(row)
    assert [m.player for m in line] == ["first", "second"] * (len(row) // 2) + ["first"] * (len(row) % 2)
    totals = [0, 0]
    for move in line:
        totals[move.player == "second"] += move.coin
    assert Totals(*totals) == totals_from_difference(row, exhaustive_difference(row))
    assert sorted(m.index for m in line) == list(range(len(row)))


def test_totals_from_difference_by_hand() -> None:
    assert totals_from_difference([8, 15, 3, 7], 11) == Totals(22, 11)  # (33 + 11) / 2 = 22
    with pytest.raises(ValueError, match="cannot come from a row summing to 33"):
        totals_from_difference([8, 15, 3, 7], 10)


def test_verdicts() -> None:
    assert winner(Totals(15, 10)) == "first"
    assert winner(Totals(3, 5)) == "second"
    assert winner(Totals(12, 12)) == "draw"
    assert first_player_can_win(Totals(12, 12))  # LeetCode 486: a tie counts for the first player
    assert not first_player_can_win(Totals(3, 5))
