"""``trace``: the table, how the answer is read, the optimal line of play and the verdicts."""

from __future__ import annotations

import pytest

from coinrow.game.cases import GameCase, all_cases
from coinrow.game.game import Totals
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import FORMULATIONS, Formulation, by_slug
from coinrow.grader.judge.verdict import expected_value
from coinrow.tools.trace.trace import parity_json, trace_json
from tests.self.commandline import coinrow, coinrow_json, make

TABLE_FORMULATIONS = [f for f in FORMULATIONS if f.returns.key != "parity"]
SMALL_ROWS = [c for c in all_cases() if c.kind == "value" and c.row]


def _case(row: tuple[int, ...]) -> Totals:
    return next(c.totals for c in all_cases() if c.row == row)


@pytest.mark.parametrize(("row", "ending"), [("5 3 7 10", "15 to 10"), ("8 15 3 7", "22 to 11")])
def test_make_trace_ends_with_the_optimal_totals(row: str, ending: str) -> None:
    done = make("trace", f"ROW={row}")
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())
    assert f"Final totals: first {ending.split()[0]}, second {ending.split()[-1]} ({ending})" in out
    assert "Optimal line of play" in out


def test_trace_text_shows_table_answer_recovery_and_verdicts() -> None:
    done = coinrow("trace", "--row=5 3 7 10")
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())  # the terminal width may wrap a line anywhere
    # Hand calculation: D[0][3] = max(5 - D[1][3], 10 - D[0][2]) = max(5 - 6, 10 - 5) = 5, from the right.
    assert "D[0][3]: take left -1, take right 5 → 5 →" in out
    assert "first = (sum + difference) / 2 = (25 + 5) / 2 = 15" in out
    assert "second = sum - first = 25 - 15 = 10" in out
    assert "Winner: the first player wins by 5." in out
    assert "LeetCode 486 verdict (a tie counts as a win for the first player): true." in out


@pytest.mark.parametrize("case", SMALL_ROWS, ids=lambda c: c.label)
def test_every_cell_of_the_difference_table_matches_the_oracle(case: GameCase) -> None:
    data = trace_json(by_slug("difference_dp"), case.row)
    cells = {(c["i"], c["j"]): c["value"] for c in data["table"]["cells"]}
    n = len(case.row)
    assert len(cells) == n * (n + 1) // 2
    for (i, j), value in cells.items():
        assert value == exhaustive_difference(case.row[i : j + 1]), (i, j)
    assert data["totals"]["first"] == case.totals.first
    assert data["line"][-1]["first"] == case.totals.first
    assert data["line"][-1]["second"] == case.totals.second


@pytest.mark.parametrize("formulation", TABLE_FORMULATIONS, ids=lambda f: f.slug)
@pytest.mark.parametrize("case", SMALL_ROWS, ids=lambda c: c.label)
def test_each_formulation_reads_its_own_answer(formulation: Formulation, case: GameCase) -> None:
    value = trace_json(formulation, case.row)["answer"]["value"]
    # a formulation that returns no table quantity (a line of moves) is traced on the difference table
    shown = (
        formulation
        if formulation.returns.key in ("difference", "first", "totals")
        else by_slug("difference_dp")
    )
    assert (tuple(value) if isinstance(value, list) else value) == expected_value(shown, case.totals, None)


def test_trace_json_through_the_command_line() -> None:
    data = coinrow_json("trace", "--row=8 15 3 7", "--formulation=min_of_opponent_dp")
    assert data["answer"] == {"cell": "F[0][3]", "value": 22, "read": "F[0][n-1] = first"}
    assert data["totals"] == {"first": 22, "second": 11, "difference": 11}  # case table, seed row


def test_line_of_play_takes_ends_keeps_running_totals_and_notes_ties() -> None:
    data = trace_json(by_slug("difference_dp"), (8, 15, 3, 7))
    # Hand calculation: after 7 is taken the second player faces [8, 15, 3]: taking 8 leaves D([15, 3]) = 12,
    # taking 3 leaves D([8, 15]) = 7, and 8 - 12 = 3 - 7 = -4: a tie.
    assert [(m["player"], m["coin"], m["tie"]) for m in data["line"]] == [
        ("first", 7, False),
        ("second", 8, True),
        ("first", 15, False),
        ("second", 3, False),
    ]
    assert [(m["first"], m["second"]) for m in data["line"]] == [(7, 0), (7, 8), (22, 8), (22, 11)]
    assert data["winner"] == "first"
    assert data["first_player_can_win"] is True


def test_a_losing_first_player_and_a_draw() -> None:
    loses = trace_json(by_slug("difference_dp"), (1, 5, 2))
    assert loses["totals"] == {"first": 3, "second": 5, "difference": -2}  # case table, seed row
    assert (loses["winner"], loses["first_player_can_win"]) == ("second", False)
    draw = trace_json(by_slug("difference_dp"), (1, 1))
    assert (draw["winner"], draw["first_player_can_win"]) == ("draw", True)  # LeetCode 486: a tie wins


def test_parity_trace_shows_class_guarantee_and_shortfall() -> None:
    data = parity_json(by_slug("parity_strategy"), (5, 3, 7, 10))
    # Hand calculation: even indices 5 + 7 = 12, odd indices 3 + 10 = 13: the odd class.
    assert data["classes"]["even"]["sum"] == 12
    assert (data["chosen"], data["guarantee"]) == ("odd", 13)
    assert data["parity_totals"]["first"] == 13
    optimum = _case((5, 3, 7, 10))
    assert data["totals"]["first"] == optimum.first
    assert data["shortfall"] == optimum.first - 13
    text = " ".join(coinrow("trace", "--row=5 3 7 10", "--formulation=parity_strategy").stdout.split())
    assert "falls short of the optimum by 2" in text


def test_other_table_views_hold_the_formulations_own_quantity() -> None:
    # F[i][j] is the mover's total: on the one-coin interval it is the coin, on [5, 3] it is 5.
    data = trace_json(by_slug("prefix_sum_dp"), (5, 3, 7, 10))
    cells = {(c["i"], c["j"]): c["value"] for c in data["table"]["cells"]}
    assert (cells[0, 0], cells[0, 1], cells[0, 3]) == (5, 5, 15)
    pairs = trace_json(by_slug("paired_tuple_dp"), (5, 3, 7, 10))
    assert pairs["answer"]["value"] == [15, 10]
