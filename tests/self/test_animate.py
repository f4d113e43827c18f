"""The animation's data (checked against the oracle) and its command line (checked through a subprocess).

The page itself is driven in a real browser by tests/e2e/test_animation.py.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.game.cases import GameCase, all_cases
from coinrow.tools.animate.animate import (
    DATA_MARK,
    TABLE_SLUGS,
    animation_data,
    animation_steps,
    embed_data,
    render_html,
)
from tests.self.animation_oracle import oracle_cell_text
from tests.self.commandline import run_module
from tests.strategies import coin

nonempty_rows = st.lists(coin, min_size=1, max_size=8)


@pytest.mark.parametrize("formulation", TABLE_SLUGS)
@settings(max_examples=50)  # x each table-filling formulation; every cell checked by the exponential oracle
@given(row=nonempty_rows)
def test_every_cell_is_the_oracles_value_filled_by_interval_length(formulation: str, row: list[int]) -> None:
    steps = animation_steps(row, formulation)
    n = len(row)
    assert [(s.i, s.j) for s in steps] == [(i, i + k) for k in range(n) for i in range(n - k)]
    for step in steps:
        assert step.value == oracle_cell_text(row, formulation, step.i, step.j)


@pytest.mark.parametrize("formulation", TABLE_SLUGS)
@settings(max_examples=50)  # x each table-filling formulation; every cell checked by the exponential oracle
@given(row=nonempty_rows)
def test_the_chosen_branch_gives_the_cells_value(formulation: str, row: list[int]) -> None:
    for step in animation_steps(row, formulation):
        if step.i == step.j:
            assert step.base
            assert (step.candidates, step.reads) == ([], [])
            continue
        assert [c.end for c in step.candidates] == ["left", "right"]
        assert any(c.chosen for c in step.candidates)
        for candidate in step.candidates:
            # The formula ends in the candidate's value: "... = 5" or, for pairs, "... = (15, 10)".
            result = candidate.formula.rsplit(" = ", 1)[1].strip("()")
            mover = int(result.split(", ")[0])
            best = int(step.value.split(", ")[0])
            assert (mover == best) == candidate.chosen, (step, candidate)
        assert all(step.i <= p <= q <= step.j and (p, q) != (step.i, step.j) for p, q in step.reads)


def test_seed_row_by_hand() -> None:
    # [5, 3, 7, 10]: D[1][3] = max(3 - D[2][3], 10 - D[1][2]) = max(3 - 3, 10 - 4) = 6 (take right);
    # D[0][3] = max(5 - 6, 10 - D[0][2]) = max(-1, 10 - 5) = 5 (take right).
    steps = {(s.i, s.j): s for s in animation_steps([5, 3, 7, 10])}
    assert steps[1, 3].value == "6"
    assert [c.formula for c in steps[0, 3].candidates] == [
        "a[0] − D[1][3] = 5 − 6 = -1",
        "a[3] − D[0][2] = 10 − 5 = 5",
    ]
    assert [c.chosen for c in steps[0, 3].candidates] == [False, True]
    assert steps[0, 3].reads == [(1, 3), (0, 2)]
    # Min-of-opponent reads three cells: F[0][3] = max(5 + min(F[2][3], F[1][2]), 10 + min(F[1][2], F[0][1])).
    min_steps = {(s.i, s.j): s for s in animation_steps([5, 3, 7, 10], "min_of_opponent_dp")}
    assert min_steps[0, 3].reads == [(0, 1), (1, 2), (2, 3)]
    assert min_steps[0, 3].candidates[1].formula.endswith("10 + min(7, 5) = 15")


def test_negative_operands_are_bracketed() -> None:
    # [1, -4]: D[0][1] = max(1 - (-4), -4 - 1) = 5.
    last = animation_steps([1, -4])[-1]
    assert last.candidates[0].formula == "a[0] − D[1][1] = 1 − (-4) = 5"


@pytest.mark.parametrize("case", [c for c in all_cases() if 0 < len(c.row) <= 20], ids=lambda c: c.label)
def test_answer_and_line_match_the_case_table(case: GameCase) -> None:
    data = animation_data(case.row)
    assert (data["first"], data["second"]) == (case.totals.first, case.totals.second)
    line = data["line"]
    assert isinstance(line, list)
    takes = {"first": 0, "second": 0}
    for move in line:
        takes[move["player"]] += move["coin"]
    assert (takes["first"], takes["second"]) == (case.totals.first, case.totals.second)


def test_the_page_is_self_contained_and_carries_the_data() -> None:
    page = render_html([5, 3, 7, 10])
    assert DATA_MARK not in page
    assert not re.search(r"""(src|href)\s*=|https?://|@import|url\(""", page), "the page must load nothing"
    embedded = re.search(r"const DATA = (.*);\n", page)
    assert embedded is not None
    assert json.loads(embedded.group(1))["first"] == 15


def test_a_script_end_tag_in_the_data_cannot_end_the_script() -> None:
    data: dict[str, object] = {"title": "</script><script>alert(1)</script>", "row": [1, 2]}
    page = embed_data(f"<script>\nconst DATA = {DATA_MARK};\n</script>\n", data)
    assert page.count("</script>") == 1, page  # the template's own, not one from the data
    embedded = re.search(r"const DATA = (.*);\n", page)
    assert embedded is not None
    assert json.loads(embedded.group(1)) == data  # "<\/" reads back as "</"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_module("coinrow", "animate", *args, cwd=cwd)


def test_command_line_writes_under_build_by_default(tmp_path: Path) -> None:
    done = _run("--row", "5 3 7 10", "-F", "prefix_sum_dp", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "build" / "animation.html").read_text(encoding="utf-8")
    assert "Prefix-sum DP" in page
    assert "build/animation.html" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--row", "5 x 7"], "'x' is not an integer"),
        (["--row", ""], "the row is empty"),
        (["--row", " ".join(["1"] * 31)], "31 coins is over this tool's limit of 30"),
        (["-F", "parity_strategy"], "parity_strategy has no table to animate"),
        (["-F", "nope"], "unknown formulation 'nope'"),
        (["--out", "a-file/animation.html"], "--out=a-file/animation.html: cannot write it"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    done = _run(*args, cwd=tmp_path)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""
