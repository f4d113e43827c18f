"""make grade's files from results built by hand: the score, Gradescope's JSON, JUnit XML, GitHub
Classroom's JSON, exercism's results.json, class.csv, each checked by its platform's rules
(tests/self/platform_rules.py); and how a submission's kata files are found. Nothing is graded here."""

from __future__ import annotations

import csv
import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from junitparser import Error, Failure, JUnitXml, Skipped

from coinrow.game.registry import CORE, FORMULATIONS, IMPLS, by_slug
from coinrow.grader.records import results as results_module
from coinrow.grader.records.exercism import OUTPUT_LIMIT, exercism_report
from coinrow.grader.records.results import Record, Result
from coinrow.tools.classroom.formats import (
    class_csv,
    classroom_report,
    gradescope_report,
    junit_xml,
    points,
    teacher_summary,
)
from coinrow.tools.classroom.submissions import (
    class_submissions,
    kata_entries,
    kata_of,
    lay_out,
    read_submission,
)
from tests.self.platform_rules import (
    classroom_points,
    classroom_problems,
    classroom_table_score,
    exercism_problems,
    gradescope_problems,
    junit_problems,
)

WRONG_ROW = "difference_dp: score_difference((0, 1, 0, 0)) returned -1, expected 1"


def record(slug: str, check: str, outcome: str, seconds: float = 0.5, *, stub: bool = False) -> Record:
    failure = None
    if outcome == "failed":
        failure = results_module.Failure("wrong-value", 4, 1, True, WRONG_ROW, output=["printed 1"])
    return Record(slug, f"tests/grade/{check}[{slug}]", outcome, seconds, stub, failure)  # type: ignore[arg-type]


def a_class_of_results() -> dict[str, Result]:
    """difference_dp solved (2 checks), min_of_opponent_dp failing (1 of 2), top_down_memo stopped,
    parity_strategy a stub, brute_force (bonus) solved, rolling_array (bonus) failing (1 of 2); every
    other kata has no file."""
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
        "rolling_array": Result(
            "rolling_array",
            [
                record("rolling_array", "test_a.py::one", "passed"),
                record("rolling_array", "test_a.py::two", "failed"),
            ],
        ),
    }
    return {f.slug: given.get(f.slug, Result(f.slug, [])) for f in FORMULATIONS}


def test_a_core_kata_is_one_point_when_solved_and_a_bonus_kata_none() -> None:
    results = a_class_of_results()
    assert points(by_slug("difference_dp"), results["difference_dp"]) == (1.0, 1.0)
    assert points(by_slug("min_of_opponent_dp"), results["min_of_opponent_dp"]) == (0.0, 1.0)
    assert points(by_slug("parity_strategy"), results["parity_strategy"]) == (0.0, 1.0)
    assert points(by_slug("brute_force"), results["brute_force"]) == (0.0, 0.0)


def test_gradescope_report_follows_the_format_and_scores_the_solved_core_katas() -> None:
    notes = [
        "difference_dp (1).py: graded as difference_dp",
        "graded without a sandbox: bwrap is not installed",
    ]
    report = gradescope_report(a_class_of_results(), notes, {"difference_dp": "difference_dp (1).py"})
    assert gradescope_problems(report) == []
    assert report["score"] == 1.0  # difference_dp; brute_force is a bonus kata
    assert sum(t["max_score"] for t in report["tests"]) == len(CORE) == 6
    assert [t["name"] for t in report["tests"]][:2] == ["difference_dp", "min_of_opponent_dp"]
    assert report["tests"][6]["name"] == "brute_force (bonus, no points)"
    assert report["execution_time"] == 4.0  # eight records of 0.5 s (2 + 3 + 1 + 2) and a stub's 0.0
    assert WRONG_ROW in report["tests"][1]["output"]
    assert report["tests"][0]["output"].startswith("graded from difference_dp (1).py\ndifference_dp ")
    assert report["output"].splitlines() == ["Solved 1 of 6, bonus katas solved 1 of 5", *notes]


def test_a_gradescope_test_passes_only_when_its_kata_is_solved_a_bonus_kata_too() -> None:
    """Without ``status`` Gradescope shows a 0-of-0 test as passed: a failing bonus kata looked solved."""
    tests = {
        t["name"].removesuffix(" (bonus, no points)"): t
        for t in gradescope_report(a_class_of_results())["tests"]
    }
    passed = sorted(name for name, test in tests.items() if test["status"] == "passed")
    assert passed == ["brute_force", "difference_dp"]
    assert (tests["rolling_array"]["score"], tests["rolling_array"]["max_score"]) == (0.0, 0.0)
    assert tests["rolling_array"]["status"] == "failed"
    assert {test["status"] for test in tests.values()} == {"passed", "failed"}


def test_the_rules_catch_what_gradescope_rejects() -> None:
    """The checker itself: a report that breaks each rule is caught (so its silence means something)."""
    good = gradescope_report(a_class_of_results())
    assert gradescope_problems({**good, "score": 7.0}) == ["score 7.0 is over the tests' maxima, 6.0"]
    broken = {**good, "tests": [{**good["tests"][0], "visibility": "students", "number": 1}]}
    assert gradescope_problems(broken) == [
        "tests/0/number: 1 is not of type 'string'",
        "tests/0/visibility: 'students' is not one of "
        "['hidden', 'after_due_date', 'after_published', 'visible']",
    ]
    assert gradescope_problems({"tests": [{"name": "x", "status": "passed"}]}) == [
        "(top): {'tests': [{'name': 'x', 'status': 'passed'}]} is not valid under any of the given schemas"
    ]
    no_status = {key: value for key, value in good["tests"][0].items() if key != "status"}
    assert gradescope_problems({**good, "tests": [no_status], "grade": 1}) == [
        "(top): Additional properties are not allowed ('grade' was unexpected)",
        "tests/0: 'status' is a required property",
    ]


def test_exercism_results_follow_version_3() -> None:
    """exercism's interface: ``error`` only when no test ran, a message on every test that did not pass."""
    report = exercism_report(a_class_of_results())
    assert exercism_problems(report) == []
    assert (report["status"], report["message"]) == ("fail", None)  # tests ran; one kata was stopped
    stopped = {"top_down_memo": a_class_of_results()["top_down_memo"]}
    assert exercism_report(stopped)["status"] == "error"
    assert exercism_report(stopped)["message"] == "ended the interpreter early with exit status 3"
    assert exercism_problems(exercism_report(stopped)) == []


def test_exercism_output_is_cut_to_the_interfaces_500_characters() -> None:
    printed = [f"line {k}: " + "x" * 40 for k in range(30)]  # 30 lines of 48 or 49 characters
    failure = results_module.Failure("wrong-value", 4, 1, True, WRONG_ROW, output=printed)
    wrong = Record("difference_dp", "tests/grade/test_a.py::one", "failed", 0.1, failure=failure)
    (test,) = exercism_report({"difference_dp": Result("difference_dp", [wrong])})["tests"]
    assert len(test["output"]) == OUTPUT_LIMIT == 500
    assert test["output"].startswith("line 0: xxx")
    assert test["output"].endswith("output was truncated at 500 characters")


def test_the_rules_catch_what_exercism_rejects() -> None:
    good = exercism_report(a_class_of_results())
    ran = [k for k, test in enumerate(good["tests"]) if test["status"] != "error"]
    assert len(ran) == 13  # every test but top_down_memo's run
    assert exercism_problems({**good, "status": "error"}) == [
        "message: None is not of type 'string'",
        *[f"tests/{k}/status: 'error' was expected" for k in ran],
    ]
    silent = {
        **good,
        "tests": [{"name": "x", "status": "fail"}, {"name": "y", "status": "pass", "output": "z" * 501}],
    }
    assert exercism_problems(silent) == [
        "tests/0: 'message' is a required property",
        f"tests/1/output: {'z' * 501!r} is too long",
    ]


def test_junit_xml_has_a_testcase_per_graded_check() -> None:
    written = junit_xml("alice", a_class_of_results())
    assert junit_problems(written) == []
    xml = JUnitXml.fromstring(written.decode())
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
    assert stub.result[0].text == "not attempted"
    (no_file,) = suites["prefix_sum_dp"]  # never graded: one testcase, skipped, as exercism's one test
    assert (no_file.name, no_file.result[0].text) == (
        "not attempted",
        "not attempted: no file, or the stub as handed out",
    )
    never_graded = ["prefix_sum_dp", "paired_tuple_dp", "vectorised_dp", "linear_reduction", "optimal_moves"]
    assert [suite.skipped for suite in xml] == [0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]  # in the registry's order
    assert [
        name for name, suite in suites.items() if suite.skipped and name != "parity_strategy"
    ] == never_graded
    assert (xml.tests, xml.failures, xml.errors) == (2 + 2 + 1 + 1 + 1 + 2 + 5, 2, 1)
    assert xml.tests == len(exercism_report(a_class_of_results())["tests"])  # a testcase per exercism test


def test_the_xsd_catches_what_jenkins_rejects() -> None:
    """The schema itself: the two shapes Jenkins' schema refuses, which junit.xml once had (the stub
    parity_strategy, fifth in the registry, had the skipped check with a message)."""
    written = junit_xml("alice", a_class_of_results()).decode()
    old = written.replace('<testsuites name="alice"', '<testsuites name="alice" skipped="6"').replace(
        "<skipped>not attempted</skipped>", '<skipped message="not attempted" />'
    )
    assert junit_problems(old) == [
        "/testsuites: 'skipped' attribute not allowed for element",
        "/testsuites/testsuite[5]/testcase/skipped: 'message' attribute not allowed for element",
    ]


def test_classroom_report_scores_the_core_katas_as_the_reporter_reads_them() -> None:
    report = classroom_report(a_class_of_results())
    assert classroom_problems(report) == []
    assert report["version"] == 3
    assert report["max_score"] == 6.0
    assert [t["name"] for t in report["tests"]] == [f.slug for f in CORE]
    assert [t["status"] for t in report["tests"]] == ["pass", "fail", "fail", "fail", "fail", "error"]
    assert report["status"] == "fail"  # tests ran: exercism's error is for none run
    assert classroom_points(report) == (1.0, 6.0)
    assert classroom_table_score(report) == 1.0  # the reporter's table agrees with its points


def test_class_csv_has_a_row_per_submission_and_a_cell_per_kata() -> None:
    rows = list(csv.reader(io.StringIO(class_csv({"alice": a_class_of_results()}, "bubblewrap"))))
    header, alice = rows
    assert header == [
        "submission",
        *(f.slug for f in FORMULATIONS),
        *("solved", "bonus solved", "score", "of", "sandbox"),
    ]
    cells = dict(zip(header, alice, strict=True))
    assert cells["difference_dp"] == "solved"
    assert cells["min_of_opponent_dp"] == "failing"
    assert cells["top_down_memo"] == "not graded"
    assert cells["parity_strategy"] == "not attempted"
    assert cells["prefix_sum_dp"] == "not attempted"
    assert cells["brute_force"] == "solved"
    assert cells["rolling_array"] == "failing"
    assert (cells["solved"], cells["bonus solved"], cells["score"], cells["of"]) == ("1", "1", "1", "6")
    assert cells["sandbox"] == "bubblewrap"


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text() -> None:
    named = {name: a_class_of_results() for name in ('=HYPERLINK("http://x","ok")', "-1+1", "@sum", "bob")}
    rows = list(csv.reader(io.StringIO(class_csv(named, "bubblewrap"))))
    assert [row[0] for row in rows[1:]] == ['\'=HYPERLINK("http://x","ok")', "'-1+1", "'@sum", "bob"]


def test_the_teachers_summary_names_no_command_of_the_learners() -> None:
    """make test's summary ends by naming the learner's next command; a teacher's summary.txt does not."""
    summary = teacher_summary(a_class_of_results())
    assert summary[-2:] == ["Solved 1 of 6", "Bonus katas solved 1 of 5"]
    assert [line for line in summary if "make " in line] == []


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


def test_a_submission_that_is_a_link_to_the_references_is_not_graded(tmp_path: Path) -> None:
    """Laid out as the scratch folder copies it, a linked reference would be graded as the student's own."""
    linked = tmp_path / "class" / "mallory"
    linked.parent.mkdir()
    os.symlink(IMPLS["solutions"], linked)
    submission = read_submission(linked)
    assert submission.attempts == {}
    assert (
        submission.refused["difference_dp"]
        == "difference_dp/difference_dp.py is a link into solutions/: not graded"
    )
    assert set(submission.refused) == {f.slug for f in FORMULATIONS}


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
    """An escape sequence, a noncharacter or a lone surrogate in a message or in what the code printed is
    shown escaped: it can neither redraw the summary on a terminal nor make the JUnit file invalid XML."""
    wrong = "difference_dp: score_difference([1, 2]) raised ValueError: \x1b[2J\x1b[Hsolved\x1b[8m "
    wrong += "\ufffe\uffff\ud800"
    printed = ["\rdifference_dp        solved\x1b[1A", "x\u2028difference_dp        solved"]
    failure = results_module.Failure("exception", 2, 3, True, wrong, output=printed)
    record = Record("difference_dp", "tests/grade/test_value.py::test_value", "failed", 0.1, failure=failure)
    results = {f.slug: Result(f.slug, [record] if f.slug == "difference_dp" else []) for f in FORMULATIONS}
    lines = results_module.result_lines(results["difference_dp"])
    assert lines[1:] == [
        "    difference_dp: score_difference([1, 2]) raised ValueError: \\x1b[2J\\x1b[Hsolved\\x1b[8m "
        "\\ufffe\\uffff\\ud800",
        "      what your code printed during this call:",
        "      | \\rdifference_dp        solved\\x1b[1A",
        "      | x\\u2028difference_dp        solved",
    ]
    message = ET.fromstring(junit_xml("alice", results)).find(".//failure")
    assert message is not None
    assert message.get("message") == lines[1].strip()


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("difference_dp.py", "difference_dp"),
        ("Difference_DP.py", "difference_dp"),  # any case
        ("difference_dp (1).py", "difference_dp"),  # a browser's second download
        ("difference_dp (12).PY", "difference_dp"),
        ("difference_dp-2.py", "difference_dp"),  # an editor's or a browser's copy
        ("difference_dp_2.py", "difference_dp"),
        ("difference_dp copy.py", "difference_dp"),  # macOS Finder
        ("difference_dp - Copy (2).py", "difference_dp"),  # Windows Explorer
        ("brute_force copy 3.py", "brute_force"),
        ("difference_dp.py.txt", None),
        ("difference_dp.txt", None),
        ("difference_dpx.py", None),
        ("my difference_dp.py", None),
        ("dp.py", None),
        ("(1).py", None),
    ],
)
def test_a_file_is_matched_to_its_kata_as_people_name_uploads(name: str, slug: str | None) -> None:
    assert kata_of(name) == slug


def test_renamed_uploads_are_graded_as_their_katas_and_said(tmp_path: Path) -> None:
    upload = tmp_path / "submission"
    write(upload / "difference_dp (1).py")
    write(upload / "Min_Of_Opponent_DP.py")
    write(upload / "prefix_sum_dp-2.py")
    write(upload / "top_down_memo.py")  # its own name: nothing to say
    write(upload / "notes.py")
    write(upload / "paired_tuple_dp.txt")
    write(upload / "README.md")  # no attempt at anything: not listed
    submission = read_submission(upload)
    assert sorted(submission.attempts) == [
        "difference_dp",
        "min_of_opponent_dp",
        "prefix_sum_dp",
        "top_down_memo",
    ]
    assert submission.attempts["difference_dp"] == (upload / "difference_dp (1).py").resolve()
    assert submission.handed_in_lines() == [
        "difference_dp (1).py: graded as difference_dp",
        "Min_Of_Opponent_DP.py: graded as min_of_opponent_dp",
        "prefix_sum_dp-2.py: graded as prefix_sum_dp",
        "notes.py: ignored, named after no kata (expected a kata's own name, e.g. difference_dp.py)",
        "paired_tuple_dp.txt: ignored, not a .py file (expected paired_tuple_dp.py)",
    ]


def test_two_files_for_one_kata_grade_neither_and_say_so(tmp_path: Path) -> None:
    upload = tmp_path / "submission"
    write(upload / "difference_dp.py")
    write(upload / "difference_dp (1).py")
    write(upload / "top_down_memo" / "top_down_memo.py")
    write(upload / "problems" / "top_down_memo" / "top_down_memo.py")
    submission = read_submission(upload)
    assert submission.attempts == {}
    assert submission.refused == {
        "difference_dp": "2 files for difference_dp, none graded: difference_dp (1).py, difference_dp.py",
        "top_down_memo": "2 files for top_down_memo, none graded: "
        "top_down_memo/top_down_memo.py, problems/top_down_memo/top_down_memo.py",
    }


def test_a_single_renamed_file_in_a_class_is_its_katas(tmp_path: Path) -> None:
    write(tmp_path / "class" / "Difference_DP (1).py")
    write(tmp_path / "class" / "ann" / "difference_dp.py")
    only, _ = class_submissions(tmp_path / "class")
    assert (only.name, sorted(only.attempts), only.renamed) == (
        "Difference_DP (1)",
        ["difference_dp"],
        {"difference_dp": "Difference_DP (1).py"},
    )


def test_one_students_folder_is_told_from_a_class(tmp_path: Path) -> None:
    """A folder holding a kata's folder, a copy of the kata, or kata files and no student's folder is
    one submission."""
    alice = tmp_path / "alice"
    write(alice / "difference_dp" / "difference_dp.py")
    write(alice / "rolling_array.py")
    assert kata_entries(alice) == ["difference_dp/"]
    write(tmp_path / "bob" / "problems" / "top_down_memo" / "top_down_memo.py")
    assert kata_entries(tmp_path / "bob") == ["problems/"]
    write(tmp_path / "cy" / "difference_dp (1).py")
    write(tmp_path / "cy" / "top_down_memo.py")
    write(tmp_path / "cy" / "notes.py")
    write(tmp_path / "cy" / "old" / "readme.txt")  # a folder, but no student's: it holds no kata file
    assert kata_entries(tmp_path / "cy") == ["difference_dp (1).py", "top_down_memo.py"]
    classroom = tmp_path / "class"
    write(classroom / "dee" / "difference_dp.py")
    write(classroom / "difference_dp.py")  # a single-file submission beside a student's folder
    assert kata_entries(classroom) == []
    (tmp_path / "empty").mkdir()
    assert kata_entries(tmp_path / "empty") == []
