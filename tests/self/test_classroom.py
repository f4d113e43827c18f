"""make grade on a class of 30 submissions mixed from the catalogue: every file written, each format
followed, each kata graded as the catalogue says it must be, a crash confined to its own submission,
and nothing written inside the class's folder. Then its bad input: one line and exit status 2."""

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
from coinrow.grader.executor.sandbox import UNSANDBOXED_VARIABLE
from tests.self.commandline import coinrow, environment, make, own_stderr
from tests.self.platform_rules import gradescope_problems

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
CLASS: dict[str, tuple[str, dict[str, str]]] = {
    # name: (shape, {slug: what its file is})
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
}


def expected_cell(what: str | None) -> str:
    """The catalogue's verdict (wrong: failing, right: solved), or what each special file must get."""
    if what is None or what == STUB:
        return "not attempted"
    if what == LINK_OUT:
        return "not graded"  # the file was refused
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
    """The class handed in, graded once by the real command line: (class folder, OUT, the run)."""
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


def test_the_class_is_graded_and_every_file_is_written(graded_class: Graded) -> None:
    out, done = graded_class.out, graded_class.run
    assert done.returncode == 0, done.stderr
    assert len(CLASS) == 30
    assert sorted(p.name for p in out.iterdir()) == sorted([*CLASS, "class.csv"])
    for name in CLASS:
        files = sorted(p.name for p in (out / name).iterdir())
        assert files == ["gradescope.json", "junit.xml", "results.json", "summary.txt"], name
    for name in CLASS:
        assert f"│ {name} " in done.stdout or f"| {name} " in done.stdout


def test_nothing_is_written_inside_the_class_folder(graded_class: Graded) -> None:
    assert graded_class.after == graded_class.before


def test_class_csv_says_what_the_catalogue_says_of_each_kata(graded_class: Graded) -> None:
    out = graded_class.out
    with (out / "class.csv").open(encoding="utf-8") as table:
        rows = {row["submission"]: row for row in csv.DictReader(table)}
    assert list(rows) == sorted(CLASS)
    for name, (_, files) in CLASS.items():
        cells = {f.slug: rows[name][f.slug] for f in FORMULATIONS}
        assert cells == {f.slug: expected_cell(files.get(f.slug)) for f in FORMULATIONS}, name
        core_solved = sum(expected_cell(files.get(f.slug)) == "solved" for f in CORE)
        assert (rows[name]["solved"], rows[name]["score"], rows[name]["of"]) == (
            str(core_solved),
            str(core_solved),
            "6",
        )


def test_gradescope_json_follows_the_format_and_scores_the_core_katas(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (_, files) in CLASS.items():
        report = json.loads((out / name / "gradescope.json").read_text(encoding="utf-8"))
        assert gradescope_problems(report) == [], name
        solved = sum(expected_cell(files.get(f.slug)) == "solved" for f in CORE)
        assert report["score"] == solved, name
        assert [t["score"] for t in report["tests"]] == [
            float(not f.bonus and expected_cell(files.get(f.slug)) == "solved") for f in FORMULATIONS
        ]


def test_junit_xml_reads_as_junit_with_a_testcase_per_graded_check(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (_, files) in CLASS.items():
        xml = JUnitXml.fromfile(str(out / name / "junit.xml"))
        exercism = json.loads((out / name / "results.json").read_text(encoding="utf-8"))
        assert exercism["version"] == 3
        assert exercism["status"] in ("pass", "fail", "error")
        suites = {suite.name: suite for suite in xml}
        assert list(suites) == [f.slug for f in FORMULATIONS]
        for slug, suite in suites.items():
            cell = expected_cell(files.get(slug))
            never_graded = slug not in files or files[slug] == STUB  # no file, or the stub as shipped
            assert (suite.tests == 0) == never_graded, (name, slug)  # an empty suite
            if cell == "failing":
                assert suite.failures > 0, (name, slug)
            if cell == "solved":
                assert (suite.failures, suite.errors, suite.skipped) == (0, 0, 0), (name, slug)
            if cell == "not graded":
                assert suite.errors == 1, (name, slug)
        checks = [t for t in exercism["tests"] if not t["name"].endswith((": run", ": not attempted"))]
        assert len(checks) == xml.tests - xml.errors  # one testcase per check in results.json


def test_summary_txt_is_what_make_test_prints(graded_class: Graded) -> None:
    out = graded_class.out
    for name, (_, files) in CLASS.items():
        lines = (out / name / "summary.txt").read_text(encoding="utf-8").splitlines()
        solved = sum(expected_cell(files.get(f.slug)) == "solved" for f in CORE)
        assert lines[0] == f"kata summary: {name}"
        assert f"Solved {solved} of {len(CORE)}" in lines
    crashed = (out / "uma" / "summary.txt").read_text(encoding="utf-8")
    assert (
        "difference_dp: the file does not import: importing it ended the interpreter early with exit status 7"
        in crashed
    )


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
            "JOBS must be a whole number of at least 1",
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
    assert own_stderr(done) == [
        "coinrow grade: error: name the class: make grade SUBMISSIONS=<folder> OUT=<folder>"
    ]
