"""The terminal game, driven through the real command line with scripted input."""

from __future__ import annotations

import re
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.cases import all_cases
from coinrow.game.game import End, difference_table
from coinrow.game.oracle import exhaustive_difference
from coinrow.tools.play import move_regret
from tests.self.commandline import run_module
from tests.strategies import coin

EIGHT_FIFTEEN = next(c for c in all_cases() if c.label == "seed-eight-fifteen")  # [8, 15, 3, 7]: 22 to 11


def _play(*args: str, keys: str) -> subprocess.CompletedProcess[str]:
    return run_module("coinrow", "play", *args, keys=keys)


def test_optimal_play_ends_22_to_11_with_zero_regret() -> None:
    assert EIGHT_FIFTEEN.row == (8, 15, 3, 7)
    done = _play("--row", "8 15 3 7", keys="r\nl\n")  # take 7, the opponent takes 8, take 15
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(": optimal") == 2
    totals = EIGHT_FIFTEEN.totals
    assert f"Final totals: you {totals.first}, opponent {totals.second}." in done.stdout
    assert "Final totals: you 22, opponent 11." in done.stdout
    assert f"Optimal result for this row: first {totals.first}, second {totals.second}" in done.stdout
    assert "Your total regret: 0 points of difference." in done.stdout


def test_taking_8_first_reports_the_points_given_away() -> None:
    # By hand: D[8,15,3,7] = 11. After 8, the opponent faces [15, 3, 7] with D = max(15 - 4, 7 - 12) = 11,
    # so taking 8 leads to 8 - 11 = -3: it gives away 11 - (-3) = 14. The opponent then takes 15;
    # on [3, 7] taking 7 is optimal (D = max(3 - 7, 7 - 3) = 4). Totals 8 + 7 = 15 to 15 + 3 = 18.
    done = _play("--row", "8 15 3 7", keys="l\nr\n")
    assert done.returncode == 0, done.stderr
    assert "You take 8: not optimal, it gave away 14 points of difference" in done.stdout
    assert "The opponent takes 15 from the left." in done.stdout
    assert "You take 7: optimal" in done.stdout
    assert "Final totals: you 15, opponent 18." in done.stdout
    assert "Your total regret: 14 points of difference." in done.stdout


def test_anything_else_gets_a_hint_and_q_quits() -> None:
    done = _play("--row", "8 15 3 7", keys="x\n\nlf\n7\nq\n")
    assert done.returncode == 0, done.stderr
    hint = "Type l (or left) to take the left coin, r (or right) to take the right coin, or q to quit."
    assert done.stdout.count(hint) == 4
    assert "You quit." in done.stdout
    assert "Totals after 0 moves: you 0, opponent 0." in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize("keys", ["left\nright\n", "LEFT\nRight\n", "L\nr\n"])
def test_words_and_letters_in_any_case_finish_the_game(keys: str) -> None:
    # As in test_taking_8_first_…: 8, then 7 after the opponent's 15; the opponent takes the last coin, 3.
    done = _play("--row", "8 15 3 7", keys=keys)
    assert done.returncode == 0, done.stderr
    assert "Type l" not in done.stdout
    assert "Final totals: you 15, opponent 18." in done.stdout
    for answer in keys.split():  # piped answers are echoed after their prompt, as a terminal shows them
        assert f"? {answer}\n" in done.stdout


def test_the_last_forced_coin_is_taken_for_the_player() -> None:
    # [1, 5, 2], odd: you take 1 (optimal: D = max(1 - 3, 2 - 4) = -2 either way), the opponent takes 5,
    # and the last coin, 2, is yours with no question asked. Totals 3 to 5, as optimal play gives.
    done = _play("--row", "1 5 2", keys="l\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("? ") == 1
    assert "You take the last coin, 2." in done.stdout
    assert "Final totals: you 3, opponent 5." in done.stdout
    assert "Input ended" not in done.stdout


def test_end_of_input_ends_cleanly() -> None:
    done = _play("--row", "8 15 3 7", keys="r\n")
    assert done.returncode == 0
    assert "Input ended; the game stops here." in done.stdout
    assert "Totals after 2 moves: you 7, opponent 8." in done.stdout  # 7 taken, the opponent took 8
    assert "Traceback" not in done.stdout + done.stderr


def _rows_shown(stdout: str) -> list[str]:
    return re.findall(r"^Row: (.*?)    You", stdout, flags=re.MULTILINE)


def test_random_row_prints_its_seed_and_the_seed_replays_it() -> None:
    first = _play(keys="")
    seed = re.search(r"Random row from seed (\d+) \(make play SEED=\1 replays it\)", first.stdout)
    assert seed is not None, first.stdout
    again = _play("--seed", seed.group(1), keys="")
    assert _rows_shown(first.stdout)[0] == _rows_shown(again.stdout)[0]
    coins = _rows_shown(first.stdout)[0].split()
    assert len(coins) == 8
    assert all(1 <= int(c) <= 20 for c in coins)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--row", "8 15 x"], "--row=8 15 x: 'x' is not an integer"),
        (["--row", " "], "--row= : the row is empty"),
        (["--seed", "abc"], "coinrow play: error: --seed=abc: invalid int value: 'abc'"),
        (["--row", "1 2", "--seed", "3"], "not allowed with argument"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    done = _play(*args, keys="")
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_regrets_add_up_to_the_lost_difference_through_the_command() -> None:
    case = next(c for c in all_cases() if c.label == "greedy-loses-six")
    done = _play("--row", " ".join(map(str, case.row)), keys="l\n" * len(case.row))
    final = re.search(r"Final totals: you (-?\d+), opponent (-?\d+)\.", done.stdout)
    regret = re.search(r"Your total regret: (\d+) points", done.stdout)
    assert final is not None
    assert regret is not None
    # Against an optimal opponent: achieved difference = optimal difference - total regret.
    assert int(final[1]) - int(final[2]) == case.totals.difference - int(regret[1])
    assert int(final[1]) + int(final[2]) == sum(case.row)


@settings(max_examples=60)
@given(row=st.lists(coin, min_size=1, max_size=9), data=st.data())
def test_move_regret_is_what_the_oracle_says(row: list[int], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(row) - 1))
    j = data.draw(st.integers(i, len(row) - 1))
    end: End = data.draw(st.sampled_from(["left", "right"]))
    coin_taken, rest = (row[i], row[i + 1 : j + 1]) if end == "left" else (row[j], row[i:j])
    expected = exhaustive_difference(row[i : j + 1]) - (coin_taken - exhaustive_difference(rest))
    assert move_regret(difference_table(row), i, j, end) == expected >= 0
