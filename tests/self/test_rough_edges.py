"""Rough edges a newcomer met, each checked through the real command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT
from coinrow.grader.judge import replies
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from tests.self.commandline import MAKE_FAILED, REFERENCES_COMPARED, coinrow, make, own_stderr, run_module

FAST = ("--sizes=16", "--oracle-sizes=4")  # one size each: growth is not the point here


def test_animating_the_parity_strategy_says_it_has_no_table() -> None:
    done = make("animate", "F=parity_strategy")
    assert done.returncode == MAKE_FAILED
    ours = own_stderr(done)
    with_tables = ", ".join(f.slug for f in FORMULATIONS if f.fills_table)
    assert ours == [
        "make animate: parity_strategy has no table to animate (it keeps no n x n interval "
        f"table); these do: {with_tables}"
    ]
    assert "difference_dp, min_of_opponent_dp" in with_tables  # the list is not empty


@REFERENCES_COMPARED
def test_piped_output_neither_wraps_nor_ends_lines_in_spaces(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with out.open("w", encoding="utf-8") as file:  # as `make compare ROW=… > out.txt`: not a terminal
        done = subprocess.run(
            [sys.executable, "-m", "coinrow", "compare", "--row=99999999999999999999999 1", *FAST],
            cwd=REPO_ROOT,
            stdout=file,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    # the oracle's difference on [99999999999999999999999, 1]: take the big coin, 10**23 - 1 - 1
    assert (
        "exhaustive oracle: first 99999999999999999999999, second 1, difference 99999999999999999999998"
        in lines
    )
    difference_dp = next(line for line in lines if line.lstrip().startswith("difference_dp "))
    assert difference_dp.split()[1:] == [
        "99999999999999999999998",
        "99999999999999999999999",
        "1",
        "99999999999999999999998",
        "agrees",
    ]
    assert [line for line in lines if line != line.rstrip()] == []


def test_a_syntax_error_shows_its_place_once_and_the_line_under_it(tmp_path: Path) -> None:
    (tmp_path / "difference_dp").mkdir()
    source = "def score_difference(coins):\n    best = max(coins[0], coins[-1]\n    return best\n"
    (tmp_path / "difference_dp" / "difference_dp.py").write_text(source, encoding="utf-8")
    run = run_module("coinrow", "test", f"--impl={tmp_path}", "--formulation=difference_dp", "--no-cache")
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    place = next(k for k, line in enumerate(lines) if "the file does not import" in line)
    assert lines[place].endswith("SyntaxError: '(' was never closed (at difference_dp.py:2)")
    assert lines[place + 1].strip() == "best = max(coins[0], coins[-1]"
    assert lines[place + 2].strip() == "^"  # under the bracket never closed
    assert lines[place + 2].index("^") == lines[place + 1].index("(")
    assert run.stdout.count("line 2") + run.stdout.count("difference_dp.py:2") == 1


def test_a_float_answer_is_named_a_float_in_compare(shipped_stubs: Path, tmp_path: Path) -> None:
    attempt = tmp_path / "problems"
    subprocess.run(["cp", "-r", str(shipped_stubs), str(attempt)], check=True)  # the stubs, never attempts
    reference = (IMPLS["solutions"] / "difference_dp" / "difference_dp.py").read_text(encoding="utf-8")
    floated = reference.replace("    return d[0][n - 1]", "    return float(d[0][n - 1])")
    assert floated != reference
    (attempt / "difference_dp" / "difference_dp.py").write_text(floated, encoding="utf-8")
    done = coinrow("compare", "--row=5 3 7 10", f"--impl={attempt}", *FAST)
    assert done.returncode == 0, done.stderr
    row = next(line for line in done.stdout.splitlines() if line.lstrip().startswith("difference_dp "))
    # [5, 3, 7, 10]: difference 5 (15 to 10), returned as 5.0
    assert row.split() == [
        "difference_dp",
        "5.0",
        "—",
        "—",
        "—",
        "differs:",
        "a",
        "float,",
        "not",
        "an",
        "int",
    ]


def test_the_growth_note_says_what_it_means() -> None:
    # n = 10**6 after n = 16: with one size measured, every series is predicted with the exponent 2, so
    # 62,500x the length takes about 4 * 10**9 times as long: over the 23 s budget even for a call of
    # 0.1 microseconds at n = 16 (the O(n) parity strategy on a fast machine), so none is timed there.
    done = coinrow("compare", "--row=5 3 7 10", "--sizes=16 1000000", "--oracle-sizes=4 6")
    assert done.returncode == 0, done.stderr
    notes = re.findall(
        r"^  (\w+): not timed from n = 1000000: one call there should take about ([\d,.]+) s, "
        r"and ([\d.]+) s of the table's 23 s budget is left$",
        done.stdout,
        flags=re.MULTILINE,
    )
    assert [slug for slug, _, _ in notes] == [f.slug for f in FORMULATIONS if not f.max_n]
    for _, predicted, left in notes:
        assert float(predicted.replace(",", "")) > float(left) > 0
    assert "about 0.0 s" not in done.stdout


def test_a_deleted_stub_says_how_to_bring_it_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's own file gone from problems/: the one command that restores it."""
    monkeypatch.setattr(replies, "PROBLEMS", tmp_path)
    grader = Grader(tmp_path, call_limit=0.5)
    with pytest.raises(WrongAnswer) as failure:
        grader.call("difference_dp", "score_difference", (1,))
    grader.close()
    assert str(failure.value) == (
        "difference_dp: the file difference_dp.py is missing: make reset F=difference_dp brings its stub back"
    )


def test_a_mistyped_kata_gets_the_closest_name_and_no_make_error_line() -> None:
    done = make("test", "F=diference_dp")
    assert done.returncode == MAKE_FAILED
    assert done.stderr.splitlines() == [
        "make test: F=diference_dp: unknown formulation 'diference_dp'; did you mean difference_dp? known: "
        + ", ".join(f.slug for f in FORMULATIONS)
    ]


def test_make_trace_without_a_row_traces_the_row_its_help_names() -> None:
    help_line = next(line for line in make("help").stdout.splitlines() if "make trace" in line)
    assert '(default "5 3 7 10"' in help_line
    done = make("trace", "JSON=1")
    assert done.returncode == 0, done.stderr
    traced = json.loads(done.stdout)
    assert traced["row"] == [5, 3, 7, 10]

    # by hand: the first player takes 10, the opponent 7, then 5 and 3: 15 to 10
    assert traced["totals"] == {"first": 15, "second": 10, "difference": 5}


def test_make_test_of_one_kata_shows_that_kata_and_one_line_of_counts() -> None:
    done = make("test", "F=difference_dp")
    lines = done.stdout[done.stdout.index("kata summary") :].splitlines()[1:]
    slugs = {f.slug for f in FORMULATIONS}
    assert [line.split()[0] for line in lines if line.split()[0] in slugs] == ["difference_dp"]
    assert len([line for line in lines if line.startswith("Solved ")]) == 1
    assert not any(line.startswith(("Bonus katas", "Next: ")) for line in lines)


def _graded_difference_dp(tmp_path: Path, attempt: str) -> subprocess.CompletedProcess[str]:
    """``make test F=difference_dp`` on ``attempt``, the source of difference_dp.py."""
    (tmp_path / "difference_dp").mkdir()
    (tmp_path / "difference_dp" / "difference_dp.py").write_text(attempt, encoding="utf-8")
    return run_module("coinrow", "test", f"--impl={tmp_path}", "--formulation=difference_dp", "--no-cache")


def _graded_leaving_out(tmp_path: Path, when: str) -> subprocess.CompletedProcess[str]:
    """``make test F=difference_dp`` on the reference that raises NotImplementedError ``when`` (a condition
    on ``coins``)."""
    reference = (IMPLS["solutions"] / "difference_dp" / "difference_dp.py").read_text(encoding="utf-8")
    attempt = reference.replace("def score_difference(", "def _right(") + (
        f"\n\ndef score_difference(coins):\n    if {when}:\n        raise NotImplementedError\n"
        "    return _right(coins)\n"
    )
    return _graded_difference_dp(tmp_path, attempt)


def test_a_smaller_probe_row_answered_wrong_is_the_row_shown(tmp_path: Path) -> None:
    """The larger class sum returned as the difference is right on a one-coin row of a coin >= 0, wrong on
    one of a negative coin: hand calculation, on (-3,) the first player takes -3 (difference -3), and
    max(-3, 0) = 0. The random rows first find it wrong on two coins; the probe row of one coin is smaller
    and is the row shown, so the line under it ("wrong already on a one-coin row") is true of it."""
    done = _graded_difference_dp(
        tmp_path, "def score_difference(coins):\n    return max(sum(coins[0::2]), sum(coins[1::2]))\n"
    )
    shown = re.search(r"score_difference\(\[?\(?(-?\d+)(,\))?\]?\) returned 0, expected (-\d+)", done.stdout)
    assert shown is not None, done.stdout
    assert shown.group(1) == shown.group(3)  # one negative coin: the difference is that coin
    assert "wrong already on a one-coin row" in done.stdout


def test_the_parity_mistake_says_nothing_false_of_an_odd_row(tmp_path: Path) -> None:
    """|even-index sum - odd-index sum| is the parity model's difference (2 max - total), named on a row
    that may be odd, where the parity strategy gives no lower bound: the line says so."""
    done = _graded_difference_dp(
        tmp_path, "def score_difference(coins):\n    return abs(sum(coins[0::2]) - sum(coins[1::2]))\n"
    )
    assert "likely mistake (parity-for-optimum)" in done.stdout, done.stdout
    assert "only a lower bound there; an odd row has no such guarantee" in done.stdout


def test_an_int_too_long_to_print_fails_as_a_wrong_value_with_its_size(tmp_path: Path) -> None:
    """10**5000 on every row with coins: past Python's 4300-digit limit for str(), so every message that
    shows it says its size (16,610 bits times log10 2 is 5000.1: 5001 digits, as 10**5000 has), and the
    line under it names the same answer on every probe row; no message may fail to be written."""
    done = _graded_difference_dp(
        tmp_path, "def score_difference(coins):\n    return 10**5000 if coins else 0\n"
    )
    assert done.returncode == 1, done.stdout
    assert "difference_dp        FAILING" in done.stdout, done.stdout
    assert "returned <int of about 5001 digits>, expected " in done.stdout
    assert "the same answer, <int of about 5001 digits>, on all " in done.stdout
    assert "exit status" not in done.stdout


def test_an_attempts_text_can_neither_break_the_summary_nor_add_lines_to_it(tmp_path: Path) -> None:
    """An exception whose text holds a lone surrogate (no UTF-8 writer takes it) and line breaks before a
    forged summary line, and a returned object whose repr does the same: each is said on one line, its
    breaks and the surrogate written as escapes, and the summary's own lines are the only ones."""
    attempt = (
        "class Forged(Exception):\n"
        "    def __str__(self):\n"
        "        return 'x \\ud800\\ndifference_dp        solved (39 checks)\\u2028Solved 6 of 6'\n"
        "class Shown:\n"
        "    def __repr__(self):\n"
        "        return '5\\r\\ndifference_dp        solved (39 checks)'\n"
        "def score_difference(coins):\n"
        "    if len(coins) == 1:\n"
        "        return Shown()\n"
        "    raise Forged()\n"
    )
    done = _graded_difference_dp(tmp_path, attempt)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    said = "raised Forged: x \\ud800\\ndifference_dp        solved (39 checks)\\u2028Solved 6 of 6"
    assert said in done.stdout
    lines = done.stdout.splitlines()
    assert [line for line in lines if "solved" in line.split(":")[0]] == []  # no line starts as a solved one
    assert lines[-1].startswith("Solved 0 of the 1 graded")


def test_code_below_the_stubs_raise_line_is_said_to_never_run(tmp_path: Path, shipped_stubs: Path) -> None:
    """The learner wrote an answer under the stub's ``raise NotImplementedError``: the kata is still not
    attempted (the raise comes first), and the line says why, where the stub as handed out says no more."""
    stub = (shipped_stubs / "difference_dp" / "difference_dp.py").read_text(encoding="utf-8")
    raise_line = "    raise NotImplementedError\n"
    attempt = stub.replace(raise_line, raise_line + "    return 0\n", 1)
    assert attempt != stub
    done = _graded_difference_dp(tmp_path, attempt)
    assert done.returncode == 0, done.stdout
    assert (
        "difference_dp        not attempted: score_difference still begins with raise NotImplementedError, "
        "so the code below it never runs (delete that line)"
    ) in done.stdout


def test_a_row_left_unanswered_is_a_failure_said_in_words(tmp_path: Path) -> None:
    """An attempt that raises NotImplementedError only on rows longer than 60 coins answers rows of two:
    it is attempted, so a row it leaves out fails with the row and why, not with the grader's own words."""
    done = _graded_leaving_out(tmp_path, "len(coins) > 60")
    assert "difference_dp        FAILING" in done.stdout, done.stdout
    assert "raised NotImplementedError, though score_difference((1, 2)) is answered" in done.stdout
    assert "is not attempted yet" not in done.stdout


def test_a_row_too_short_left_unanswered_fails_too(tmp_path: Path) -> None:
    """NotImplementedError on the empty and one-coin rows only, every longer row answered: attempted, so
    the empty row fails, the smallest row left out."""
    done = _graded_leaving_out(tmp_path, "len(coins) < 2")
    assert done.returncode == 1, done.stdout
    assert (
        "difference_dp: score_difference(()) raised NotImplementedError, though score_difference((1, 2)) is "
        "answered: every row is part of the task"
    ) in done.stdout
