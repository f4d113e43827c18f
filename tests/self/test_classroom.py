"""make grade on a class of 32 submissions mixed from the catalogue: every file written and checked by
its platform's rules (Gradescope's schema, Jenkins' JUnit schema and junitparser, exercism's version
3), each kata graded as the catalogue says it must be, renamed uploads matched and said, a crash
confined to its own submission, and nothing written inside the class's folder. Then one student's
folder given as the class, and bad input: one line and exit status 2."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from junitparser import JUnitXml

from coinrow.game.registry import CORE, FORMULATIONS, IMPLS, REPO_ROOT, source_file
from coinrow.grader.executor.sandbox import UNSANDBOXED_VARIABLE, find_jail
from coinrow.tools.classroom.submissions import kata_of
from tests.self.commandline import coinrow, environment, make, own_stderr
from tests.self.platform_rules import exercism_problems, gradescope_problems, junit_problems

CATALOGUE = REPO_ROOT / "tests" / "catalogue"
# every test here on one worker, where the class is graded once: a module's fixture would be built on
# each worker, and again on one whose tests of this module are run between tests of others
pytestmark = pytest.mark.xdist_group("classroom")
CHEAP = ("--profile", "catalogue", "--limit", "1.5")  # how the catalogue is graded: fewer examples
SYNTAX_ERROR = "def score_difference(coins)\n    return 0\n"
RAISES_ON_IMPORT = 'raise RuntimeError("no network here")\n'
CRASHES_ON_IMPORT = "import os\nos._exit(7)\n"
# each kata's file: a catalogue entry (wrong/... or right/...), or one of the texts above
SYNTAX, RAISES, CRASHES, STUB, LINK_OUT = "syntax", "raises", "crashes", "stub", "link out"
TWICE = "two files"  # what a kata is when two files of a submission are for it
CLASS: dict[str, tuple[str, dict[str, str]]] = {
    # name: (shape, {slug: what its file is}); for "uploads", {the file's name as uploaded: what it is}
    "ada": ("problems", {"difference_dp": "right/difference_dp/copies_to_list.py"}),
    "ben": ("problems", {"difference_dp": "right/difference_dp/rolling_one_row.py"}),
    "cy": ("bare", {"difference_dp": "right/difference_dp/sentinel_padding.py"}),
    "dee": ("bare", {"min_of_opponent_dp": "right/min_of_opponent_dp/padded_table.py"}),
    "eli": ("clone", {"paired_tuple_dp": "right/paired_tuple_dp/opposite_tie_break.py"}),
    "fay": (
        "problems",
        {
            "difference_dp": "right/difference_dp/copies_to_list.py",
            "top_down_memo": "right/top_down_memo/dict_memo.py",
        },
    ),
    "gus": ("problems", {"difference_dp": "wrong/difference_dp/mutates_row.py"}),
    "hal": ("bare", {"difference_dp": "wrong/difference_dp/empty_row_raises.py"}),
    "ivy": ("clone", {"difference_dp": "wrong/difference_dp/empty_row_and_row_major.py"}),
    "jo": ("problems", {"difference_dp": "wrong/difference_dp/greedy.py"}),
    "kai": ("bare", {"difference_dp": "wrong/difference_dp/sign_flipped.py"}),
    "lu": ("problems", {"difference_dp": "wrong/difference_dp/plus_for_minus.py"}),
    "max": ("problems", {"top_down_memo": "wrong/top_down_memo/module_level_cache.py"}),
    "ned": ("bare", {"paired_tuple_dp": "wrong/paired_tuple_dp/greedy.py"}),
    "oz": ("problems", {"min_of_opponent_dp": "wrong/min_of_opponent_dp/greedy.py"}),
    "pia": ("problems", {"brute_force": "wrong/brute_force/min_for_max.py"}),
    "quin": ("problems", {"linear_reduction": "right/linear_reduction/sorted_finish.py"}),
    "ray": (
        "problems",
        {
            "difference_dp": "right/difference_dp/sentinel_padding.py",
            "top_down_memo": "wrong/top_down_memo/module_level_cache.py",
            "optimal_moves": "right/optimal_moves/right_end_on_ties.py",
        },
    ),
    "syd": ("problems", {"difference_dp": SYNTAX}),
    "tam": ("bare", {"difference_dp": RAISES}),
    "uma": (
        "problems",
        {"difference_dp": CRASHES, "min_of_opponent_dp": "wrong/min_of_opponent_dp/greedy.py"},
    ),
    "vic": ("problems", {"difference_dp": LINK_OUT}),
    "wes": ("problems", {}),
    "xia": ("problems", {"difference_dp": STUB}),
    "yan": ("bare", {"prefix_sum_dp": "wrong/prefix_sum_dp/whole_row_sum.py"}),
    "zed": ("problems", {"difference_dp": "wrong/difference_dp/returns_first.py"}),
    # single files, each named after its kata
    "difference_dp": ("file", {"difference_dp": "right/difference_dp/rolling_one_row.py"}),
    "min_of_opponent_dp": ("file", {"min_of_opponent_dp": "wrong/min_of_opponent_dp/one_step_lookahead.py"}),
    "paired_tuple_dp": ("file", {"paired_tuple_dp": "wrong/paired_tuple_dp/missing_base_case.py"}),
    "notes": ("file", {}),  # notes.py: named after no kata, nothing attempted
    # files as browsers and editors name them, beside one named after no kata
    "rae": (
        "uploads",
        {
            "difference_dp (1).py": "right/difference_dp/rolling_one_row.py",
            "Min_Of_Opponent_DP.py": "wrong/min_of_opponent_dp/greedy.py",
            "prefix_sum_dp-2.py": "right/prefix_sum_dp/memoised_with_manual_prefix.py",
            "rolling_array.py": "wrong/rolling_array/one_step_lookahead.py",  # a bonus kata failing
            "scratch.py": "right/difference_dp/copies_to_list.py",
        },
    ),
    "sam": (
        "uploads",
        {
            "difference_dp.py": "right/difference_dp/rolling_one_row.py",
            "difference_dp (1).py": "wrong/difference_dp/greedy.py",
        },
    ),
}
RENAMED = {"rae": ["difference_dp (1).py", "Min_Of_Opponent_DP.py", "prefix_sum_dp-2.py"]}


def katas(shape: str, files: dict[str, str]) -> dict[str, str]:
    """What each kata's file of a submission is (``TWICE`` when two files are for it)."""
    if shape != "uploads":
        return files
    found: dict[str, str] = {}
    for name, what in files.items():
        slug = kata_of(name)
        if slug is not None:
            found[slug] = TWICE if slug in found else what
    return found


def expected_cell(what: str | None) -> str:
    """The catalogue's verdict (wrong: failing, right: solved), or what each special file must get."""
    if what is None or what == STUB:
        return "not attempted"
    if what in (LINK_OUT, TWICE):
        return "not graded"  # the file was refused, or both were
    if what in (SYNTAX, RAISES, CRASHES):
        return "failing"  # it does not import (a crash at import ends only its executor)
    return "solved" if what.startswith("right/") else "failing"


def hand_in(folder: Path, name: str, shape: str, files: dict[str, str], outside: Path, stubs: Path) -> None:
    """Write one submission into the class's ``folder`` in the shape given (``stubs``: as committed)."""
    for slug, what in files.items():
        place = {
            "problems": source_file(folder / name, slug),
            "clone": source_file(folder / name / "problems", slug),
            "bare": folder / name / f"{slug}.py",
            "uploads": folder / name / slug,  # the file's name as uploaded
            "file": folder / f"{slug}.py",
        }[shape]
        place.parent.mkdir(parents=True, exist_ok=True)
        if what == LINK_OUT:
            os.symlink(outside, place)
        elif what == STUB:
            shutil.copyfile(source_file(stubs, slug), place)
        else:
            texts = {SYNTAX: SYNTAX_ERROR, RAISES: RAISES_ON_IMPORT, CRASHES: CRASHES_ON_IMPORT}
            place.write_text(
                texts.get(what) or (CATALOGUE / what).read_text(encoding="utf-8"), encoding="utf-8"
            )
    if shape == "file" and not files:
        (folder / f"{name}.py").write_text("print('my notes')\n", encoding="utf-8")
    elif shape != "file":
        (folder / name).mkdir(parents=True, exist_ok=True)


class Graded(NamedTuple):
    """The class graded once: OUT, the run, and the class's folder before and after it (``snapshot``)."""

    out: Path
    run: subprocess.CompletedProcess[str]
    before: dict[str, tuple[bytes, int]]
    after: dict[str, tuple[bytes, int]]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every path below ``folder`` with its content (a link: its target) and modification time."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        content = (
            os.readlink(path).encode() if path.is_symlink() else path.read_bytes() if path.is_file() else b""
        )
        seen[path.relative_to(folder).as_posix()] = (content, info.st_mtime_ns)
    return seen


@pytest.fixture(scope="session")
def graded_class(tmp_path_factory: pytest.TempPathFactory, shipped_stubs: Path) -> Graded:
    """The class handed in, graded once by the real command line: (class folder, OUT, the run).

    Slow (the longest setup of make check, about 40 s of a worker): 32 submissions, each kata of each
    graded by the grading driver as make grade grades a class; once per session, for every test here."""
    root = tmp_path_factory.mktemp("classroom")
    handed_in, out = root / "class", root / "out"
    outside = source_file(IMPLS["solutions"], "difference_dp")  # a link to the reference itself
    for name, (shape, files) in CLASS.items():
        hand_in(handed_in, name, shape, files, outside, shipped_stubs)
    before = snapshot(handed_in)
    done = subprocess.run(
        # --unsandboxed: the same run on a machine where bubblewrap cannot run
        [
            sys.executable,
            "-m",
            "coinrow",
            "grade",
            f"--submissions={handed_in}",
            f"--out={out}",
            *CHEAP,
            "--unsandboxed",
        ],
        cwd=REPO_ROOT,
        env=environment(REPO_ROOT),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    return Graded(out, done, before, snapshot(handed_in))


def said(out: Path, name: str) -> str:
    """What the grading said of ``name``'s katas (its summary), for a failing assertion to show why."""
    return f"{name}:\n" + (out / name / "summary.txt").read_text(encoding="utf-8")


def test_the_class_is_graded_and_every_file_is_written(graded_class: Graded) -> None:
    out, done = graded_class.out, graded_class.run
    assert done.returncode == 0, done.stderr
    assert len(CLASS) == 32
    assert sorted(p.name for p in out.iterdir()) == sorted([*CLASS, "class.csv"])
    for name in CLASS:
        files = sorted(p.name for p in (out / name).iterdir())
        assert files == ["gradescope.json", "junit.xml", "results.json", "summary.txt"], name
    sandbox = "bubblewrap" if find_jail()[0] is not None else "none"
    for name in CLASS:  # each row ends with the sandbox that graded it
        (row,) = [line for line in done.stdout.splitlines() if line.startswith((f"│ {name} ", f"| {name} "))]
        assert row.rstrip("│| ").endswith(f" {sandbox}"), row


def test_nothing_is_written_inside_the_class_folder(graded_class: Graded) -> None:
    assert graded_class.after == graded_class.before


def test_class_csv_says_what_the_catalogue_says_of_each_kata(graded_class: Graded) -> None:
    """Each kata's cell, the counts, and the sandbox: bubblewrap where it runs (--unsandboxed only allows
    grading without one), none where it does not."""
    out = graded_class.out
    sandbox = "bubblewrap" if find_jail()[0] is not None else "none"
    with (out / "class.csv").open(encoding="utf-8") as table:
        rows = {row["submission"]: row for row in csv.DictReader(table)}
    assert list(rows) == sorted(CLASS)
    for name, (shape, files) in CLASS.items():
        given = katas(shape, files)
        cells = {f.slug: rows[name][f.slug] for f in FORMULATIONS}
        assert cells == {f.slug: expected_cell(given.get(f.slug)) for f in FORMULATIONS}, said(out, name)
        core_solved = sum(expected_cell(given.get(f.slug)) == "solved" for f in CORE)
        assert (rows[name]["solved"], rows[name]["score"], rows[name]["of"]) == (
            str(core_solved),
            str(core_solved),
            "6",
        )
        assert rows[name]["sandbox"] == sandbox


def test_every_file_follows_its_platforms_rules(graded_class: Graded) -> None:
    """Gradescope's schema, Jenkins' JUnit schema and exercism's version 3: 0 problems in 96 files."""
    out = graded_class.out
    problems: dict[str, list[str]] = {}
    for name in CLASS:
        folder = out / name
        found = {
            "gradescope.json": gradescope_problems(
                json.loads((folder / "gradescope.json").read_text("utf-8"))
            ),
            "junit.xml": junit_problems((folder / "junit.xml").read_bytes()),
            "results.json": exercism_problems(json.loads((folder / "results.json").read_text("utf-8"))),
        }
        problems |= {f"{name}/{file}": said for file, said in found.items() if said}
    assert len(CLASS) * 3 == 96
    assert problems == {}


def test_gradescope_json_scores_the_core_katas_and_passes_only_the_solved(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (shape, files) in CLASS.items():
        given = katas(shape, files)
        report = json.loads((out / name / "gradescope.json").read_text(encoding="utf-8"))
        solved = sum(expected_cell(given.get(f.slug)) == "solved" for f in CORE)
        assert report["score"] == solved, said(out, name)
        assert [t["score"] for t in report["tests"]] == [
            float(not f.bonus and expected_cell(given.get(f.slug)) == "solved") for f in FORMULATIONS
        ]
        assert [t["status"] for t in report["tests"]] == [
            "passed" if expected_cell(given.get(f.slug)) == "solved" else "failed" for f in FORMULATIONS
        ], name
    bonus = {t["name"]: t for t in json.loads((out / "pia" / "gradescope.json").read_text())["tests"]}
    failing = bonus["brute_force (bonus, no points)"]  # worth 0 of 0, shown failed
    assert (failing["score"], failing["max_score"], failing["status"]) == (0.0, 0.0, "failed")


def test_junit_xml_reads_as_junit_with_a_testcase_per_graded_check(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (shape, files) in CLASS.items():
        given = katas(shape, files)
        xml = JUnitXml.fromfile(str(out / name / "junit.xml"))
        exercism = json.loads((out / name / "results.json").read_text(encoding="utf-8"))
        suites = {suite.name: suite for suite in xml}
        assert list(suites) == [f.slug for f in FORMULATIONS]
        for slug, suite in suites.items():
            cell = expected_cell(given.get(slug))
            never_graded = slug not in given or given[slug] == STUB  # no file, or the stub as shipped
            if never_graded:  # one testcase, skipped, as exercism's one test "<slug>: not attempted"
                assert (suite.tests, suite.skipped, [case.name for case in suite]) == (
                    1,
                    1,
                    ["not attempted"],
                )
            if cell == "failing":
                assert suite.failures > 0, (name, slug)
            if cell == "solved":
                assert (suite.failures, suite.errors, suite.skipped) == (0, 0, 0), said(out, name)
            if cell == "not graded":
                assert suite.errors == 1, (name, slug)
        assert len(exercism["tests"]) == xml.tests  # one testcase per test in results.json


def test_summary_txt_is_what_make_test_prints_less_the_learners_commands(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (shape, files) in CLASS.items():
        given = katas(shape, files)
        lines = (out / name / "summary.txt").read_text(encoding="utf-8").splitlines()
        solved = sum(expected_cell(given.get(f.slug)) == "solved" for f in CORE)
        assert lines[0] == f"kata summary: {name}"
        assert f"Solved {solved} of {len(CORE)}" in lines
        gradescope = json.loads((out / name / "gradescope.json").read_text(encoding="utf-8"))
        shown = [*lines, gradescope["output"], *(t["output"] for t in gradescope["tests"])]
        assert [line for line in shown if "make " in line] == [], name
    crashed = (out / "uma" / "summary.txt").read_text(encoding="utf-8")
    assert (
        "difference_dp: the file does not import: importing it ended the interpreter early with exit status 7"
        in crashed
    )


def test_renamed_uploads_are_graded_as_their_katas_and_said(graded_class: Graded) -> None:
    out = graded_class.out
    summary = (out / "rae" / "summary.txt").read_text(encoding="utf-8").splitlines()
    said = [f"{upload}: graded as {kata_of(upload)}" for upload in RENAMED["rae"]]
    ignored = "scratch.py: ignored, named after no kata (expected a kata's own name, e.g. difference_dp.py)"
    assert [line for line in summary if ": graded as " in line or ": ignored, " in line] == [*said, ignored]
    gradescope = json.loads((out / "rae" / "gradescope.json").read_text(encoding="utf-8"))
    assert gradescope["output"].splitlines()[1:3] == said[:2]
    assert gradescope["tests"][0]["output"].startswith("graded from difference_dp (1).py\ndifference_dp ")
    twice = (out / "sam" / "summary.txt").read_text(encoding="utf-8")
    assert (
        "difference_dp        STOPPED: 2 files for difference_dp, none graded: "
        "difference_dp (1).py, difference_dp.py" in twice.splitlines()
    )


def test_one_students_folder_given_as_the_class_is_graded_as_one_and_said(
    tmp_path: Path, shipped_stubs: Path
) -> None:
    """``make grade SUBMISSIONS=class/alice``: one line says it is one submission, and why."""
    alice = tmp_path / "class" / "alice"
    (alice / "difference_dp").mkdir(parents=True)
    shutil.copyfile(source_file(shipped_stubs, "difference_dp"), source_file(alice, "difference_dp"))
    shutil.copyfile(source_file(shipped_stubs, "rolling_array"), alice / "rolling_array.py")  # stubs: fast
    done = coinrow("grade", f"--submissions={alice}", f"--out={tmp_path / 'out'}", "--unsandboxed")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        f"make grade: SUBMISSIONS={alice} holds kata files itself (difference_dp/), not a submission per "
        "entry: graded as one submission, alice"
    ]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["alice", "class.csv"]


def test_without_a_sandbox_it_refuses_in_one_line_unless_told(tmp_path: Path) -> None:
    (tmp_path / "class" / "wes").mkdir(parents=True)  # nothing attempted: nothing to grade
    args = ["grade", f"--submissions={tmp_path / 'class'}", f"--out={tmp_path / 'out'}"]
    env = environment(REPO_ROOT, {UNSANDBOXED_VARIABLE: "1"})  # as if no sandbox could run
    refused = subprocess.run(
        [sys.executable, "-m", "coinrow", *args], env=env, capture_output=True, text=True, check=False
    )
    assert refused.returncode == 2
    assert refused.stdout == ""
    assert refused.stderr.splitlines() == [
        "coinrow grade: error: no sandbox to grade in (COINROW_UNSANDBOXED=1): install bubblewrap, "
        "or grade without one with --unsandboxed (make grade UNSANDBOXED=1)"
    ]
    assert not (tmp_path / "out").exists()
    allowed = subprocess.run(
        [sys.executable, "-m", "coinrow", *args, "--unsandboxed"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert allowed.returncode == 0, allowed.stderr
    assert (
        "graded without a sandbox: COINROW_UNSANDBOXED=1"
        in (tmp_path / "out" / "wes" / "summary.txt").read_text()
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["grade"], "name the class: make grade SUBMISSIONS=<folder> OUT=<folder>"),
        (["grade", "--submissions=no/such/class", "--out=x"], "SUBMISSIONS=no/such/class: no such folder"),
        (
            ["grade", "--submission=no/such.py", "--out=x"],
            "--submission no/such.py: no such folder or .py file",
        ),
        (
            ["grade", "--submissions=tests", "--out=tests/self/out"],
            "the results would be written inside the submissions",
        ),
        (
            ["grade", "--submissions=tests", "--out=x", "--format=classroom"],
            "--format classroom grades one submission",
        ),
        (
            ["grade", "--submissions=tests", "--jobs=0", "--out=x"],
            "--jobs=0: must be a whole number of at least 1",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], says: str) -> None:
    done = coinrow(*args)
    assert (done.returncode, done.stdout) == (2, "")
    (line,) = done.stderr.splitlines()
    assert line.startswith("coinrow grade: ")
    assert says in line


def test_make_grade_names_what_it_needs() -> None:
    done = make("grade")
    assert done.returncode == 2
    assert own_stderr(done) == ["make grade: name the class: make grade SUBMISSIONS=<folder> OUT=<folder>"]


def test_a_submission_named_as_the_class_table_is_refused_before_grading(tmp_path: Path) -> None:
    """Its results' folder would be ``OUT/class.csv``, where the class table is written: refused in one line,
    nothing graded or written."""
    for name in ("class.csv", "zoe"):
        (tmp_path / "class" / name).mkdir(parents=True)
    done = coinrow(
        "grade", f"--submissions={tmp_path / 'class'}", f"--out={tmp_path / 'out'}", "--unsandboxed"
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        f"coinrow grade: error: {tmp_path / 'class'}: a submission is named class.csv, as the class table "
        "is: rename it"
    ]
    assert not (tmp_path / "out").exists()
