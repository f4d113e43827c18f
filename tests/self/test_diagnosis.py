"""The diagnosis names a mistake only when it is verified, and otherwise states only what is certain."""

import itertools
from collections.abc import Sequence
from pathlib import Path

import pytest

from coinrow.game.game import Totals
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import FORMULATIONS, Formulation, by_slug
from coinrow.grader.diagnosis.diagnose import likely_mistake, play_mistake, probes_for
from coinrow.grader.diagnosis.mistakes import catalogued_mistakes
from coinrow.grader.diagnosis.mistakes_play import (
    GUARANTEE,
    LINE,
    MOVE,
    MOVE_MISTAKES,
    ODD_ROW_MISTAKES,
    REFUSED,
    play_mistakes,
    strategy_probes,
)
from coinrow.grader.diagnosis.models import greedy_totals
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.probes import PROBE_ROWS
from coinrow.grader.judge.verdict import Grader, expected_value

DIAGNOSED = [f for f in FORMULATIONS if catalogued_mistakes(f)]
Row = tuple[int, ...]


def oracle_answer(formulation: Formulation, row: Sequence[int]) -> object:
    """The right answer from the exhaustive oracle (parity: the larger class sum, by its definition)."""
    difference = exhaustive_difference(row)
    totals = Totals((sum(row) + difference) // 2, (sum(row) - difference) // 2)
    return expected_value(formulation, totals, max(sum(row[0::2]), sum(row[1::2])))


def test_the_probe_set_is_big_and_varied() -> None:
    assert len(PROBE_ROWS) >= 20
    assert {len(row) for row in PROBE_ROWS} == set(range(1, 11))  # odd and even n; n = 0 is graded apart
    assert any(0 in row for row in PROBE_ROWS)
    assert any(min(row) < 0 for row in PROBE_ROWS)
    assert any(len(row) > 1 and row[0] == row[-1] for row in PROBE_ROWS)  # the ends tie
    assert any(max(row) > 2**53 for row in PROBE_ROWS)  # floats are no longer exact
    assert len(set(PROBE_ROWS)) == len(PROBE_ROWS)


@pytest.mark.parametrize("formulation", DIAGNOSED, ids=[f.slug for f in DIAGNOSED])
def test_every_two_mistakes_are_told_apart_by_the_probe_rows(formulation: Formulation) -> None:
    probes = probes_for(formulation)
    replayed = [
        (mistake.id, k, [variant(row) for row in probes])
        for mistake in catalogued_mistakes(formulation)
        for k, variant in enumerate(mistake.variants)
    ]
    for (id1, k1, answers1), (id2, k2, answers2) in itertools.combinations(replayed, 2):
        assert id1 == id2 or answers1 != answers2, f"{id1}[{k1}] and {id2}[{k2}] agree on every probe row"


@pytest.mark.parametrize("formulation", DIAGNOSED, ids=[f.slug for f in DIAGNOSED])
def test_every_mistake_differs_from_optimal_play_on_some_probe_row(formulation: Formulation) -> None:
    right = [oracle_answer(formulation, row) for row in probes_for(formulation)]
    for mistake in catalogued_mistakes(formulation):
        for k, variant in enumerate(mistake.variants):
            assert [variant(row) for row in probes_for(formulation)] != right, f"{mistake.id}[{k}]"


# Each value calculated by hand from the mistake's rule.
HAND_CASES = [
    # plus-for-minus on [1, 2]: max(1 + 2, 2 + 1) = 3
    ("difference_dp", "plus-for-minus", 0, (1, 2), 3),
    # min-for-max on [1, 2]: min(1 - 2, 2 - 1) = -1
    ("difference_dp", "min-for-max", 0, (1, 2), -1),
    # missing base case on [5]: the one-coin cell stays 0
    ("difference_dp", "missing-base-case", 0, (5,), 0),
    # greedy on [18, 20, 15, 30, 10, 14]: first 18 + 30 + ... = 47, second 60
    ("difference_dp", "greedy", 0, (18, 20, 15, 30, 10, 14), 47 - 60),
    # the reply never minimised on [0, -1, 0]: max(0 + F[2][2], 0 + F[0][0]) = max(0, 0) = 0
    ("min_of_opponent_dp", "reply-not-minimised", 0, (0, -1, 0), 0),
    # the opponent helps on [3, 9, 1]: max(3 + max(F[2][2], F[1][1]), 1 + max(F[1][1], F[0][0])) = 12
    ("min_of_opponent_dp", "opponent-helps", 0, (3, 9, 1), 12),
    # the pair swapped on [1, 5, 233, 7]: first takes 1, then 233 whatever the second does: (234, 12)
    ("paired_tuple_dp", "pair-swapped", 0, (1, 5, 233, 7), (12, 234)),
    # the whole row's sum on [1, 2, 3]: F[0][1] = max(6 - 2, 6 - 1) = 5, F[1][2] = max(6 - 3, 6 - 2) = 4,
    # F[0][2] = max(6 - 4, 6 - 5) = 2
    ("prefix_sum_dp", "whole-row-sum", 0, (1, 2, 3), 2),
    # the larger class sum on [1, 0, 1, 2]: max(1 + 1, 0 + 2) = 2, while optimal play takes 3
    ("min_of_opponent_dp", "parity-for-optimum", 0, (1, 0, 1, 2), 2),
    # the absolute value of the answer on [1, 4, 2]: first 3, second 4, difference -1, abs() gives 1
    ("difference_dp", "absolute-value", 0, (1, 4, 2), 1),
    # a cell of the wrong interval on [2, 1]: taking 2 reads D[1][0], an empty interval, 0:
    # max(2 - 0, 1 - D[0][0]) = max(2, 1 - 2) = 2
    ("difference_dp", "wrong-cell", 0, (2, 1), 2),
    # the opponent takes the larger end on [0, 0, 0, 2, 1]: first takes 0, the opponent 1 (not 0),
    # first takes 2, then 0 and 0: first = 2, while optimal play gives first 1
    ("min_of_opponent_dp", "opponent-takes-larger-end", 0, (0, 0, 0, 2, 1), 2),
    # the opponent takes the other end on [1, 5, 233, 7]: first takes 7, the opponent 1, first 233,
    # the opponent 5: (240, 6)
    ("paired_tuple_dp", "opponent-takes-other-end", 0, (1, 5, 233, 7), (240, 6)),
    # F = S(i..j-1) - min(F[i+1][j], F[i][j-1]) on [1, 2, 3]: F[0][1] = 1 - min(2, 1) = 0,
    # F[1][2] = 2 - min(3, 2) = 0, F[0][2] = (1 + 2) - min(0, 0) = 3
    ("prefix_sum_dp", "off-by-one-range", 5, (1, 2, 3), 3),
    # F = S(i+1..j) - min(F[i+1][j], F[i][j-1]) on [3, 1, 2]: F[0][1] = 1 - min(1, 3) = 0,
    # F[1][2] = 2 - min(2, 1) = 1, F[0][2] = (1 + 2) - min(1, 0) = 3
    ("prefix_sum_dp", "off-by-one-range", 6, (3, 1, 2), 3),
    # j going down on [2, 0, 5]: D[1][2] = max(0 - 5, 5 - 0) = 5, then d[1] still holds a[1] = 0 where
    # D[0][1] = 2 belongs: max(2 - 5, 5 - 0) = 5
    ("rolling_array", "rolling-row-order", 0, (2, 0, 5), 5),
    # two coins answered with the left coin on [0, 1]: D[0][1] = a[0] = 0, where max(0 - 1, 1 - 0) = 1 belongs
    ("difference_dp", "two-coin-base-case", 0, (0, 1), 0),
    # the sums reach to the row's end on [0, 1]: taking 0 adds S(1..1) = 1 less F[1][1] = 1, so 0; taking 1
    # adds S(0..1) = 1 (to the end, where S(0..0) = 0 belongs) less F[0][0] = 0, so 2: max 2
    ("prefix_sum_dp", "whole-row-sum", 2, (0, 1), 2),
    # the whole row's sum, 3, for each range on [2, 1]: taking 2 gives 2 + 3 - F[1][1] = 4, taking 1 gives
    # 1 + 3 - F[0][0] = 2: max 4
    ("prefix_sum_dp", "whole-row-sum", 1, (2, 1), 4),
    # each half apart on [1, 2]: total 3, difference 1: int(1.5 + 0.5) = 2 and int(1.5 - 0.5) = 1, exact here
    ("paired_tuple_dp", "float-table", 4, (1, 2), (2, 1)),
    # the other player's total after taking the right coin read from P[1][1] on [0, 1]: taking 0 gives
    # (0 + 0, 1), taking 1 gives (1 + 0, P[1][1].mover = 1): (1, 1), where (1, 0) belongs
    ("paired_tuple_dp", "wrong-cell", 6, (0, 1), (1, 1)),
    # one round looked ahead on [3, 6, 4, 0, 2]: 3 + min(max(4, 2), max(6, 0)) = 7 beats
    # 2 + min(max(6, 0), max(3, 4)) = 6; the opponent 6 + 2 = 8 beats 2 + 4; then 4 + 0 beats 2 + 0; the
    # opponent 2 beats 0; the first player's last coin is 0: 3 + 4 + 0 = 7 (optimal play gives 8)
    ("min_of_opponent_dp", "one-step-lookahead", 8, (3, 6, 4, 0, 2), 7),
    # the peak 0 <= 1 >= 0 left standing on [0, 1, 0, 0], its 0 first on the stack: the larger end then,
    # the left on a tie: first 0, second 1, first 0, second 0: -1 (merged: [-1, 0], so 0 - (-1) = 1)
    ("linear_reduction", "end-peak", 0, (0, 1, 0, 0), -1),
    # the peak 0 <= 2 >= 1 left standing on [0, 0, 2, 1], its 1 the last coin: first 1, second 2, then
    # 0 and 0: -1 (merged: [0, -1], so 0 - (-1) = 1)
    ("linear_reduction", "end-peak", 1, (0, 0, 2, 1), -1),
]


@pytest.mark.parametrize(("slug", "mistake", "variant", "row", "value"), HAND_CASES)
def test_models_replay_the_mistake_as_calculated_by_hand(
    slug: str, mistake: str, variant: int, row: Row, value: object
) -> None:
    model = next(m for m in catalogued_mistakes(by_slug(slug)) if m.id == mistake)
    assert model.variants[variant](row) == value


def test_greedy_play_on_the_public_example() -> None:
    """Greedy play loses 47 to 60 on [18, 20, 15, 30, 10, 14]; optimal play wins 64 to 43."""
    assert greedy_totals((18, 20, 15, 30, 10, 14)) == Totals(47, 60)


# -- what is certain ---------------------------------------------------------------------------


# -- through the grader ---------------------------------------------------------------------------

CATALOGUE = Path(__file__).resolve().parents[1] / "catalogue" / "wrong"


def _grader(tmp_path: Path, slug: str, source: str) -> Grader:
    (tmp_path / slug).mkdir()
    (tmp_path / slug / f"{slug}.py").write_text(source, encoding="utf-8")
    return Grader(tmp_path, call_limit=1.0, diagnose=likely_mistake, diagnose_play=play_mistake)


def _catalogued(tmp_path: Path, slug: str, name: str) -> Grader:
    return _grader(tmp_path, slug, (CATALOGUE / slug / f"{name}.py").read_text(encoding="utf-8"))


def _failure(grader: Grader, slug: str, row: Row) -> WrongAnswer:
    """The failure of ``row``, diagnosed as the plugin diagnoses a reported failure."""
    difference = exhaustive_difference(row)
    with pytest.raises(WrongAnswer) as failure:
        grader.check_value(slug, row, Totals((sum(row) + difference) // 2, (sum(row) - difference) // 2))
    return failure.value.diagnose()


@pytest.mark.parametrize(
    ("slug", "name", "row", "mistake"),
    [
        # min-for-max gives the same value on this row; the probe rows tell them apart
        ("min_of_opponent_dp", "reply_never_minimised", (0, -1, 0), "reply-not-minimised"),
        # (0, 1) here is the optimum (1, 0) swapped, but the attempt plays greedily
        ("paired_tuple_dp", "greedy", (0, 1, 0, 0), "greedy"),
        # right on every row of small coins, wrong past 2**53: not a missing base case
        ("difference_dp", "float_table", (2**53 + 1, 2**53, 1), "float-table"),
    ],
)
def test_the_name_is_the_real_mistake_where_values_coincide(
    tmp_path: Path, slug: str, name: str, row: Row, mistake: str
) -> None:
    failure = _failure(_catalogued(tmp_path, slug, name), slug, row)
    assert failure.mistake == mistake
    assert f"likely mistake ({mistake}): " in str(failure)
    assert str(failure).count("likely mistake") == 1


GREEDY = """
def score_difference(coins):
    {guard}
    i, j, diff, sign = 0, len(coins) - 1, 0, 1
    while i <= j:
        if coins[i] >= coins[j]:
            diff, i = diff + sign * coins[i], i + 1
        else:
            diff, j = diff + sign * coins[j], j - 1
        sign = -sign
    return diff {tail}
"""


def test_no_name_when_a_probe_row_raises(tmp_path: Path) -> None:
    grader = _grader(tmp_path, "difference_dp", GREEDY.format(guard="assert len(coins) != 7", tail=""))
    failure = _failure(grader, "difference_dp", (18, 20, 15, 30, 10, 14))
    assert failure.mistake is None
    assert "likely mistake" not in str(failure)


def test_no_name_when_the_model_misses_the_failing_row(tmp_path: Path) -> None:
    """Greedy on every probe row, but not on longer rows: the failing row itself must fit too."""
    grader = _grader(tmp_path, "difference_dp", GREEDY.format(guard="", tail="+ (len(coins) > 10)"))
    failure = _failure(grader, "difference_dp", (1,) * 11)  # greedy and optimal play give 1; this gives 2
    assert failure.mistake is None
    assert str(failure).splitlines()[1] == (
        "  no catalogued mistake fits all probe rows and this row; "
        "right on every probe row of up to 3 coins, wrong on one of 4"
    )


def test_the_probe_rows_are_called_once_per_formulation(tmp_path: Path) -> None:
    source = GREEDY.format(guard="CALLS.append(1)", tail="").replace("def score", "CALLS = []\ndef score")
    source += "\n\ndef calls_made(coins):\n    return len(CALLS)\n"
    grader = _grader(tmp_path, "difference_dp", source)
    for row in ((1, 5, 233, 7), (18, 20, 15, 30, 10, 14)):
        assert "likely mistake (greedy)" in str(_failure(grader, "difference_dp", row))  # read: diagnosed
    assert grader.call("difference_dp", "calls_made", []) == 2 + len(PROBE_ROWS)


def test_an_empty_row_crash_does_not_hide_the_fault_behind_it(tmp_path: Path) -> None:
    grader = _catalogued(tmp_path, "difference_dp", "empty_row_and_row_major")
    failure = _failure(grader, "difference_dp", ())
    lines = str(failure).splitlines()
    assert failure.kind == "exception"
    assert lines[0].startswith("difference_dp: score_difference(()) raised IndexError")
    assert lines[1] == "  n = 0 is part of the task: the empty row's answer is 0 (no coins, nothing to take)"
    assert lines[2].startswith("  on rows with coins, likely mistake (row-major-fill): a wrong fill order")


def test_a_crash_on_every_row_is_not_told_as_an_empty_row_fault(tmp_path: Path) -> None:
    """The smallest failing row is the empty one, but every row with coins raises too: the empty row's
    answer is not the point, and the message says a row with coins fails too."""
    grader = _grader(
        tmp_path, "difference_dp", "def score_difference(coins):\n    raise ValueError('later')\n"
    )
    failure = _failure(grader, "difference_dp", ())
    assert "n = 0 is part of the task" not in str(failure)
    assert (
        str(failure).splitlines()[1]
        == "  a row with coins fails too, so the empty row is not the only one to mend"
    )


def test_the_empty_row_answer_is_given_in_the_formulation_s_own_form(tmp_path: Path) -> None:
    grader = _grader(tmp_path, "paired_tuple_dp", "def player_totals(coins):\n    return (coins[0], 0)\n")
    with pytest.raises(WrongAnswer) as failure:
        grader.check_value("paired_tuple_dp", (), Totals(0, 0))
    assert "n = 0 is part of the task: the empty row's answer is (0, 0)" in str(failure.value)


def test_a_wrong_exception_for_an_odd_row_is_an_exception(tmp_path: Path) -> None:
    grader = _grader(
        tmp_path, "parity_strategy", "def parity_guarantee(coins):\n    raise TypeError('odd')\n"
    )
    with pytest.raises(WrongAnswer) as failure:
        grader.check_raises_value_error("parity_strategy", "parity_guarantee", (1, 2, 3))
    assert failure.value.kind == "exception"


def test_state_kept_between_calls_has_its_id(tmp_path: Path) -> None:
    grader = _catalogued(tmp_path, "top_down_memo", "module_level_cache")
    grader.check_value("top_down_memo", (4, 2), Totals(4, 2))
    failure = _failure(grader, "top_down_memo", (9,))  # the cache still holds (0, 0) of the row before
    assert failure.mistake == "state-kept"
    assert "likely mistake (state-kept): this row alone, on a fresh import, gives the right" in str(failure)


WRONG_ON_ITS_FIRST_CALL = """\
import os

IMPORTED_IN = os.getpid()
CALLS = []


def score_difference(coins):
    CALLS.append(1)
    right = sum(coins) if len(coins) == 1 else 0
    return right + (len(CALLS) == 1 and os.getpid() == IMPORTED_IN)  # wrong once, as now and then
"""


def test_an_answer_right_when_called_again_is_not_named_state_kept(tmp_path: Path) -> None:
    """Right on a fresh import (a copy forked from a process that imported the file), but right again
    where it failed too: nothing kept fails it, so it is not named state kept between calls."""
    grader = _grader(tmp_path, "difference_dp", WRONG_ON_ITS_FIRST_CALL)
    failure = _failure(grader, "difference_dp", (9,))  # hand calculation: one coin, difference 9
    assert "returned 10, expected 9" in str(failure)
    assert failure.mistake != "state-kept"
    assert "state-kept" not in str(failure)


def test_the_chance_a_random_answer_is_named_state_kept_is_as_the_docstring_says() -> None:
    """p^2 (1 - p)^5 for ``STATE_AGAIN_CALLS`` = 2 and ``STATE_FRESH_CALLS`` = 5: largest at p = 2/7."""
    from coinrow.grader.judge.verdict import STATE_AGAIN_CALLS, STATE_FRESH_CALLS

    def named(p: float) -> float:
        return p**STATE_AGAIN_CALLS * (1 - p) ** STATE_FRESH_CALLS

    worst = max(range(1, 1000), key=lambda k: named(k / 1000)) / 1000
    assert abs(worst - 2 / 7) < 0.001
    assert round(100 * named(worst), 1) == 1.5
    assert round(100 * named(0.03), 2) == 0.08


def test_an_empty_row_crash_states_what_is_certain_beyond_it(tmp_path: Path) -> None:
    """Right on even n, one too many on odd n: no catalogued mistake, so only facts are stated."""
    source = (
        "def score_difference(coins):\n"
        "    coins[0]\n"
        "    n = len(coins)\n"
        "    d = [[0] * (n + 1) for _ in range(n + 1)]\n"
        "    for i in range(n - 1, -1, -1):\n"
        "        d[i][i] = coins[i]\n"
        "        for j in range(i + 1, n):\n"
        "            d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])\n"
        "    return d[0][n - 1] + n % 2\n"
    )
    failure = _failure(_grader(tmp_path, "difference_dp", source), "difference_dp", ())
    assert failure.mistake is None
    assert str(failure).splitlines()[2] == (
        "  on rows with coins: wrong already on a one-coin row; the wrong probe rows all have odd n"
    )


@pytest.mark.parametrize(("slug", "constant"), [("difference_dp", 0), ("paired_tuple_dp", (0, 0))])
def test_a_placeholder_answer_is_named_no_mistake(slug: str, constant: object) -> None:
    """``return 0`` fits every model that never fills the answer's cell: the same on every probe row,
    so no name is verified; what is certain is said instead."""
    formulation = by_slug(slug)
    answers = {row: constant for row in probes_for(formulation)}
    finding = likely_mistake(formulation, (1,), constant, answers)
    assert finding is not None
    assert finding.mistake is None
    assert finding.line == f"the same answer, {constant!r}, on all 30 probe rows"


def test_reading_a_failure_runs_no_diagnosis() -> None:
    """A diagnosis calls into the attempt: only ``diagnose`` runs it, once, never ``str()`` or ``mistake``."""
    ran: list[int] = []

    def explain() -> tuple[str, str | None]:
        ran.append(1)
        return "likely mistake (greedy): both players take the larger end", "greedy"

    wrong = WrongAnswer(
        "difference_dp", (1, 2), "difference_dp: score_difference((1, 2)) returned 3", explain=explain
    )
    assert (str(wrong), wrong.mistake, ran) == (
        "difference_dp: score_difference((1, 2)) returned 3",
        None,
        [],
    )
    assert wrong.diagnose() is wrong
    assert str(wrong).splitlines()[1] == "  likely mistake (greedy): both players take the larger end"
    assert (wrong.mistake, ran) == ("greedy", [1])
    wrong.diagnose()
    assert ran == [1]


# -- the parity strategy's moves and odd rows ---------------------------------------------------------

PLAY_PARTS = [(MOVE, False), (MOVE, True), (GUARANTEE, True)]


def right_strategy(function: str, row: Row, ends: tuple[int, ...]) -> object:
    """The parity strategy by its definition: odd rows refused; the larger class sum; the end whose index
    is in the larger class (the even one on a tie)."""
    if len(row) % 2:
        return REFUSED
    evens, odds = sum(row[0::2]), sum(row[1::2])
    if function == GUARANTEE:
        return max(evens, odds)
    return "left" if ends[0] % 2 == (0 if evens >= odds else 1) else "right"


@pytest.mark.parametrize(("function", "odd_rows"), PLAY_PARTS)
def test_every_two_play_mistakes_differ_and_each_from_the_strategy(function: str, odd_rows: bool) -> None:
    probes = strategy_probes(function, odd_rows)
    right = [right_strategy(*probe) for probe in probes]
    replayed = [
        (mistake.id, k, [variant(*probe) for probe in probes])
        for mistake in play_mistakes(function, odd_rows)
        for k, variant in enumerate(mistake.variants)
    ]
    assert replayed
    for mistake, k, answers in replayed:
        assert answers != right, f"{mistake}[{k}]"
    for (id1, k1, answers1), (id2, k2, answers2) in itertools.combinations(replayed, 2):
        assert answers1 != answers2, f"{id1}[{k1}] and {id2}[{k2}] agree on every probe"


def test_the_move_probes_are_every_even_part_of_every_even_probe_row() -> None:
    probes = strategy_probes(MOVE, False)
    # (1, 2): one part; (8, 15, 3, 7): 0..1, 1..2, 2..3 and 0..3
    assert (MOVE, (1, 2), (0, 1)) in probes
    assert [ends for _, row, ends in probes if row == (8, 15, 3, 7)] == [(0, 1), (1, 2), (2, 3), (0, 3)]
    assert all(len(row) % 2 == 0 and (r - left) % 2 == 1 for _, row, (left, r) in probes)


# Each move calculated by hand from the mistake's rule, on [8, 15, 3, 7] (even class 11, odd class 22).
PLAY_HAND_CASES = [
    ("class-flipped", 0, (MOVE, (8, 15, 3, 7), (0, 3)), "left"),  # the even class: coin 0
    ("one-class-always", 0, (MOVE, (8, 15, 3, 7), (1, 2)), "right"),  # the even class: coin 2
    ("greedy-move", 0, (MOVE, (8, 15, 3, 7), (0, 3)), "left"),  # 8 > 7
    ("end-for-class", 0, (MOVE, (8, 15, 3, 7), (0, 1)), "right"),  # the odd class: always the right end
    ("odd-row-accepted", 0, (GUARANTEE, (3, 9, 1), ()), 9),  # max(3 + 1, 9)
    ("odd-row-move", 0, (MOVE, (3, 9, 1), (0, 2)), REFUSED),  # three coins left: refused
    ("odd-row-move", 0, (MOVE, (3, 9, 1), (1, 2)), "left"),  # even class 4 < odd class 9: coin 1, the left
]


@pytest.mark.parametrize(("mistake", "variant", "probe", "answer"), PLAY_HAND_CASES)
def test_play_models_replay_the_mistake_as_calculated_by_hand(
    mistake: str, variant: int, probe: tuple[str, Row, tuple[int, ...]], answer: object
) -> None:
    model = next(m for m in (*MOVE_MISTAKES, *ODD_ROW_MISTAKES) if m.id == mistake)
    assert model.variants[variant](*probe) == answer


def test_a_losing_move_is_named_through_the_grader(tmp_path: Path) -> None:
    grader = _catalogued(tmp_path, "parity_strategy", "move_plays_smaller_class")
    with pytest.raises(WrongAnswer) as failure:
        raise WrongAnswer(
            "parity_strategy", (0, 1), "lost", explain=grader.explain_play("parity_strategy", MOVE, (0, 1))
        )
    assert failure.value.diagnose().mistake == "class-flipped"
    assert "likely mistake (class-flipped): parity_move plays the smaller class" in str(failure.value)


def test_a_move_with_one_unexplained_answer_is_named_nothing(tmp_path: Path) -> None:
    """The smaller class everywhere but on one part of one probe row: no model fits every probe."""
    source = (CATALOGUE / "parity_strategy" / "move_plays_smaller_class.py").read_text(encoding="utf-8")
    source = source.replace(
        "    evens, odds =",
        "    if list(coins) == [8, 15, 3, 7] and left == 1:\n        return 'left'\n    evens, odds =",
    )
    grader = _grader(tmp_path, "parity_strategy", source)
    assert grader.explain_play("parity_strategy", MOVE, (0, 1))() is None


def test_an_odd_row_answered_is_named_where_the_check_fails(tmp_path: Path) -> None:
    grader = _catalogued(tmp_path, "parity_strategy", "odd_row_accepted")
    with pytest.raises(WrongAnswer) as failure:
        grader.check_raises_value_error("parity_strategy", GUARANTEE, (5,))
    assert failure.value.diagnose().mistake == "odd-row-accepted"
    with pytest.raises(WrongAnswer) as failure:  # an even row's bad interval is a contract: no name
        grader.check_raises_value_error("parity_strategy", MOVE, (1, 2, 3, 4), 0, 2)
    assert failure.value.diagnose().mistake is None


def test_every_two_line_mistakes_differ_and_each_plays_a_move_that_is_not_optimal() -> None:
    probes = strategy_probes(LINE, False)
    assert [row for _, row, _ in probes] == list(probes_for(by_slug("optimal_moves")))
    replayed = [
        (mistake.id, k, [variant(*probe) for probe in probes])
        for mistake in play_mistakes(LINE, False)
        for k, variant in enumerate(mistake.variants)
    ]
    for (id1, k1, lines1), (id2, k2, lines2) in itertools.combinations(replayed, 2):
        assert id1 == id2 or lines1 != lines2, f"{id1}[{k1}] and {id2}[{k2}] agree on every probe row"
    for mistake, k, lines in replayed:
        assert any(not is_optimal_line(row, line) for (_, row, _), line in zip(probes, lines, strict=True)), (
            f"{mistake}[{k}]"
        )


def is_optimal_line(row: Row, line: object) -> bool:
    """Every move keeps the mover's best difference, by the exhaustive oracle on what is left."""
    i, j = 0, len(row) - 1
    for move in line:  # type: ignore[attr-defined]
        best = exhaustive_difference(row[i : j + 1])
        taken, rest = (row[i], row[i + 1 : j + 1]) if move == "left" else (row[j], row[i:j])
        if taken - exhaustive_difference(rest) != best:
            return False
        i, j = (i + 1, j) if move == "left" else (i, j - 1)
    return True


def test_a_greedy_line_is_named_through_the_grader(tmp_path: Path) -> None:
    grader = _catalogued(tmp_path, "optimal_moves", "greedy_larger_end")
    failure = _failure(grader, "optimal_moves", (0, 1, 0, 0))
    assert failure.mistake == "greedy"
    assert "likely mistake (greedy): both players take the larger end every turn" in str(failure)
