"""make grade's files from results built by hand: the score, Gradescope's JSON, JUnit XML, GitHub
Classroom's JSON, class.csv; and how a submission's kata files are found. Nothing is graded here."""

from __future__ import annotations

import csv
import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from coinrow.game.registry import CORE, FORMULATIONS, by_slug
from coinrow.grader.records import results as results_module
from coinrow.grader.records.results import Record, Result
from coinrow.tools.classroom.formats import (
    class_csv,
    classroom_report,
    gradescope_report,
    junit_xml,
    points,
)
from coinrow.tools.classroom.submissions import class_submissions, lay_out, read_submission
from tests.self.platform_rules import classroom_points, classroom_table_score, gradescope_problems

WRONG_ROW = "difference_dp: score_difference((0, 1, 0, 0)) returned -1, expected 1"


def record(slug: str, check: str, outcome: str, seconds: float = 0.5, *, stub: bool = False) -> Record:
    failure = None
    if outcome == "failed":
        failure = results_module.Failure("wrong-value", 4, 1, True, WRONG_ROW, output=["printed 1"])
    return Record(slug, f"tests/grade/{check}[{slug}]", outcome, seconds, stub, failure)  # type: ignore[arg-type]


def a_class_of_results() -> dict[str, Result]:
    """difference_dp solved (2 checks), min_of_opponent_dp failing (1 of 2), top_down_memo stopped,
    parity_strategy a stub, brute_force (bonus) solved; every other kata has no file."""
    given = {
        "difference_dp": Result("difference_dp", [record("difference_dp", "test_a.py::one", "passed")] * 2),
        "min_of_opponent_dp": Result(
            "min_of_opponent_dp",
            [
                record("min_of_opponent_dp", "test_a.py::one", "passed"),
                record("min_of_opponent_dp", "test_a.py::two", "failed"),
                record("min_of_opponent_dp", "test_a.py::not_for_it", "skipped"),
            ],
        ),
        "top_down_memo": Result("top_down_memo", [], reason="ended the interpreter early with exit status 3"),
        "parity_strategy": Result(
            "parity_strategy", [record("parity_strategy", "test_p.py::one", "skipped", 0.0, stub=True)]
        ),
        "brute_force": Result("brute_force", [record("brute_force", "test_a.py::one", "passed")]),
    }
    return {f.slug: given.get(f.slug, Result(f.slug, [])) for f in FORMULATIONS}


def test_a_core_kata_is_one_point_when_solved_and_a_bonus_kata_none() -> None:
    results = a_class_of_results()
    assert points(by_slug("difference_dp"), results["difference_dp"]) == (1.0, 1.0)
    assert points(by_slug("min_of_opponent_dp"), results["min_of_opponent_dp"]) == (0.0, 1.0)
    assert points(by_slug("parity_strategy"), results["parity_strategy"]) == (0.0, 1.0)
    assert points(by_slug("brute_force"), results["brute_force"]) == (0.0, 0.0)


def test_gradescope_report_follows_the_format_and_scores_the_solved_core_katas() -> None:
    report = gradescope_report(a_class_of_results(), "graded without a sandbox: bwrap is not installed")
    assert gradescope_problems(report) == []
    assert report["score"] == 1.0  # difference_dp; brute_force is a bonus kata
    assert sum(t["max_score"] for t in report["tests"]) == len(CORE) == 6
    assert [t["name"] for t in report["tests"]][:2] == ["difference_dp", "min_of_opponent_dp"]
    assert report["tests"][6]["name"] == "brute_force (bonus, no points)"
    assert report["execution_time"] == 3.0  # six records of 0.5 s (2 + 3 + 1) and a stub's 0.0
    assert WRONG_ROW in report["tests"][1]["output"]
    assert report["output"].endswith("graded without a sandbox: bwrap is not installed")


def test_the_rules_catch_what_gradescope_rejects() -> None:
    """The checker itself: a report that breaks each rule is caught (so its silence means something)."""
    good = gradescope_report(a_class_of_results())
    assert gradescope_problems({**good, "score": 7.0}) == ["score 7.0 is over the tests' maxima, 6.0"]
    broken = {**good, "tests": [{**good["tests"][0], "visibility": "students", "number": 1}]}
    assert gradescope_problems(broken) == ["test 1: number is not text", "test 1: visibility 'students'"]
    assert gradescope_problems({"tests": [{"name": "x"}]}) == [
        "no score: neither at the top nor on every test"
    ]


def test_junit_xml_has_a_testcase_per_graded_check() -> None:
    xml = JUnitXml.fromstring(junit_xml("alice", a_class_of_results()).decode())
    suites = {suite.name: suite for suite in xml}
    assert list(suites) == [f.slug for f in FORMULATIONS]
    assert (suites["difference_dp"].tests, suites["difference_dp"].failures) == (2, 0)
    failing = suites["min_of_opponent_dp"]
    assert (failing.tests, failing.failures) == (2, 1)  # the check that does not apply is left out
    (case,) = [case for case in failing if case.result]
    assert case.classname == "min_of_opponent_dp"
    assert case.name == "test_a.py::two[min_of_opponent_dp]"
    (failure,) = case.result
    assert isinstance(failure, Failure)
    assert failure.message == WRONG_ROW
    assert failure.text == f"{WRONG_ROW}\nprinted 1"
    (stopped,) = suites["top_down_memo"]
    assert isinstance(stopped.result[0], Error)
    assert "exit status 3" in stopped.result[0].message
    (stub,) = suites["parity_strategy"]
    assert isinstance(stub.result[0], Skipped)
    assert suites["prefix_sum_dp"].tests == 0
    assert (xml.tests, xml.failures, xml.errors, xml.skipped) == (2 + 2 + 1 + 1 + 1, 1, 1, 1)


def test_classroom_report_scores_the_core_katas_as_the_reporter_reads_them() -> None:
    report = classroom_report(a_class_of_results())
    assert report["version"] == 3
    assert report["max_score"] == 6.0
    assert [t["name"] for t in report["tests"]] == [f.slug for f in CORE]
    assert [t["status"] for t in report["tests"]] == ["pass", "fail", "fail", "fail", "fail", "error"]
    assert report["status"] == "error"  # top_down_memo's run was stopped
    assert classroom_points(report) == (1.0, 6.0)
    assert classroom_table_score(report) == 1.0  # the reporter's table agrees with its points


def test_class_csv_has_a_row_per_submission_and_a_cell_per_kata() -> None:
    rows = list(csv.reader(io.StringIO(class_csv({"alice": a_class_of_results()}))))
    header, alice = rows
    assert header == ["submission", *(f.slug for f in FORMULATIONS), "solved", "bonus solved", "score", "of"]
    cells = dict(zip(header, alice, strict=True))
    assert cells["difference_dp"] == "solved"
    assert cells["min_of_opponent_dp"] == "failing"
    assert cells["top_down_memo"] == "not graded"
    assert cells["parity_strategy"] == "not attempted"
    assert cells["prefix_sum_dp"] == "not attempted"
    assert cells["brute_force"] == "solved"
    assert (cells["solved"], cells["bonus solved"], cells["score"], cells["of"]) == ("1", "1", "1", "6")


def write(path: Path, text: str = "x = 1\n") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_every_shape_of_submission_is_found(tmp_path: Path) -> None:
    handed_in = tmp_path / "class"
    write(handed_in / "alice" / "difference_dp" / "difference_dp.py")  # laid out like problems/
    write(handed_in / "bob" / "problems" / "top_down_memo" / "top_down_memo.py")  # a copy of the kata
    write(handed_in / "carol" / "prefix_sum_dp.py")  # bare files
    write(handed_in / "paired_tuple_dp.py")  # one file: one kata
    write(handed_in / "notes.py")  # named after no kata: nothing attempted
    write(handed_in / ".git" / "difference_dp.py")
    write(handed_in / "__pycache__" / "x.pyc")
    write(handed_in / "README.md")
    found = {s.name: sorted(s.attempts) for s in class_submissions(handed_in)}
    assert found == {
        "alice": ["difference_dp"],
        "bob": ["top_down_memo"],
        "carol": ["prefix_sum_dp"],
        "notes": [],
        "paired_tuple_dp": ["paired_tuple_dp"],
    }


def test_a_link_out_of_the_submission_is_not_graded(tmp_path: Path) -> None:
    outside = write(tmp_path / "elsewhere" / "difference_dp.py")
    student = tmp_path / "class" / "mallory"
    write(student / "shared.py")
    (student / "difference_dp").mkdir(parents=True)
    os.symlink(outside, student / "difference_dp" / "difference_dp.py")
    os.symlink(student / "shared.py", student / "top_down_memo.py")  # a link inside it: followed
    submission = read_submission(student)
    assert submission.attempts == {"top_down_memo": (student / "shared.py").resolve()}
    assert submission.refused == {
        "difference_dp": "difference_dp/difference_dp.py is a link out of the submission: not graded"
    }
    lay_out(submission, tmp_path / "scratch")
    assert sorted(
        p.relative_to(tmp_path / "scratch").as_posix() for p in (tmp_path / "scratch").rglob("*.py")
    ) == ["top_down_memo/top_down_memo.py"]
    assert not (tmp_path / "scratch" / "top_down_memo" / "top_down_memo.py").is_symlink()


def test_two_entries_of_one_name_are_refused(tmp_path: Path) -> None:
    write(tmp_path / "bob" / "difference_dp.py")
    write(tmp_path / "bob.py")
    with pytest.raises(ValueError, match="two entries are named 'bob'"):
        class_submissions(tmp_path)


def test_the_current_folder_as_a_submission_is_named_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path / "alice" / "difference_dp.py")
    monkeypatch.chdir(tmp_path / "alice")
    assert read_submission(Path(".")).name == "alice"


def test_control_characters_of_an_attempt_reach_neither_the_terminal_nor_the_xml() -> None:
    """An escape sequence in a message or in what the code printed is shown escaped: it can neither
    redraw the summary on a terminal nor make the JUnit file invalid XML."""
    wrong = "difference_dp: score_difference([1, 2]) raised ValueError: \x1b[2J\x1b[Hsolved\x1b[8m"
    printed = ["\rdifference_dp        solved\x1b[1A"]
    failure = results_module.Failure("exception", 2, 3, True, wrong, output=printed)
    record = Record("difference_dp", "tests/grade/test_value.py::test_value", "failed", 0.1, failure=failure)
    results = {f.slug: Result(f.slug, [record] if f.slug == "difference_dp" else []) for f in FORMULATIONS}
    lines = results_module.result_lines(results["difference_dp"])
    assert lines[1:] == [
        "    difference_dp: score_difference([1, 2]) raised ValueError: \\x1b[2J\\x1b[Hsolved\\x1b[8m",
        "      what your code printed during this call:",
        "      | \\rdifference_dp        solved\\x1b[1A",
    ]
    message = ET.fromstring(junit_xml("alice", results)).find(".//failure")
    assert message is not None
    assert message.get("message") == lines[1].strip()
