"""One grading entry point, ``coinrow.grader.run.grade.grade``: make test, the catalogue, make mutate and
compare all grade through it, and compare speaks of the one ``Status`` the grader gives."""

from __future__ import annotations

import importlib
import re
import shutil
from pathlib import Path
from typing import Any, get_args

import pytest

import coinrow.dev.catalogue
import coinrow.dev.mutate
import coinrow.grader as face
import coinrow.grader.run.grade
import coinrow.tools.compare.answers
from coinrow.dev.catalogue import CATALOGUE_CALL_LIMIT, grade_all
from coinrow.dev.catalogue_entries import entries
from coinrow.dev.mutants import mutants
from coinrow.dev.mutate import grade_mutants
from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT
from coinrow.game.settings import CALL_LIMIT
from coinrow.grader.records.results import Result, Status
from coinrow.grader.run.child import Job
from coinrow.grader.run.grade import grade
from coinrow.tools.compare.answers import graded_statuses, status_word
from coinrow.tools.compare.compare import build
from tests.self.commandline import REFERENCES_COMPARED

Calls = list[tuple[dict[Path, list[str]], dict[str, Any]]]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every call of the entry point by the catalogue, make mutate and compare, passed on to it."""
    seen: Calls = []
    real = coinrow.grader.run.grade.grade

    def spy(attempts: dict[Path, list[str]], **options: Any) -> Any:
        seen.append(({folder: list(slugs) for folder, slugs in attempts.items()}, options))
        return real(attempts, **options)

    for module in (coinrow.dev.catalogue, coinrow.dev.mutate, coinrow.tools.compare.answers):
        assert module.grade is real, f"{module.__name__} grades through something else"
        monkeypatch.setattr(module, "grade", spy)
    return seen


def test_only_the_entry_point_starts_the_driver_and_coinrow_test_is_started_only_to_be_timed() -> None:
    importers, spawners = [], []
    for path in sorted((REPO_ROOT / "coinrow").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(REPO_ROOT).as_posix()
        if re.search(r"^(from|import) coinrow\.grader\.run\.driver\b", text, re.M):
            importers.append(name)
        if re.search(r"\"coinrow\",\s*\"test\"", text):
            spawners.append(name)
    # spawned.py: the entry point's way of running the driver in a fresh process, for a caller with threads
    assert importers == ["coinrow/grader/run/grade.py", "coinrow/grader/run/spawned.py"]
    # measured.py times the command itself, as a learner starts it (its start-up is part of the figure);
    # it grades nothing whose verdict is read
    assert spawners == ["coinrow/dev/measured.py"]


def test_the_catalogue_grades_through_the_entry_point(calls: Calls) -> None:
    right = next(e for e in entries() if e.verdict == "right" and e.slug == "difference_dp")
    wrong = next(e for e in entries() if e.verdict == "wrong" and e.slug == "difference_dp")
    outcomes = list(grade_all([right, wrong], workers=2))
    assert [o.status.split(" ")[0] for o in outcomes] == ["solved", "FAILING"]
    ((attempts, options),) = calls
    assert sorted(attempts.values()) == [["difference_dp"], ["difference_dp"]]
    assert options == {
        "call_limit": CATALOGUE_CALL_LIMIT,
        "profile": "catalogue",
        "jobs": 2,
        "cache": "off",
        "on_done": options["on_done"],
    }


def test_mutants_are_graded_through_the_entry_point(calls: Calls) -> None:
    made = mutants("difference_dp")
    bad = next(m for m in made if m.after.startswith("d[i][j] = max(coins[i] +"))
    assert grade_mutants([bad], workers=1) == [True]
    ((attempts, options),) = calls
    assert list(attempts.values()) == [["difference_dp"]]
    assert options == {
        "call_limit": CALL_LIMIT,
        "profile": "kata",
        "exit_first": True,
        "jobs": 1,
        "cache": "off",
    }


def test_compare_grades_a_learners_attempts_through_the_entry_point(
    calls: Calls, shipped_stubs: Path, tmp_path: Path
) -> None:
    folder = shutil.copytree(shipped_stubs, tmp_path / "problems")
    statuses = graded_statuses(folder)
    assert calls == [({folder: []}, {})]  # every formulation, as make test grades it, cache in use
    not_attempted = ("not attempted", "a function still raises NotImplementedError")
    assert statuses == {f.slug: not_attempted for f in FORMULATIONS}


@REFERENCES_COMPARED
def test_compare_grades_the_references_through_the_entry_point(calls: Calls) -> None:
    comparison = build([(8, 15, 3, 7)], "solutions", IMPLS["solutions"], sizes=(16,), oracle_sizes=(4,))
    assert {slug: status for slug, (status, _) in comparison.statuses.items()} == {
        f.slug: "solved" for f in FORMULATIONS
    }
    # a solved kata's note is the orders grading measured; brute force's exponential order is not checked,
    # a time is not stated when every call timed was too short to read (NumPy's, at n <= 1000), and on a
    # busy machine a time may be "not told apart" from the next order up, and NumPy's n calls may grow less
    # than n² at the sizes timed (said so, not decided)
    said = {slug: note for slug, (_, note) in comparison.statuses.items()}
    assert said.pop("brute_force") == ""
    stated = r"(time (~|not told apart|grew ×|hardly grows|grows less than)|memory ~)"
    assert all(re.match(stated, note) for note in said.values()), said
    ((attempts, options),) = calls
    assert [folder.name for folder in attempts] == ["solutions"]
    assert (list(attempts.values()), options) == ([[]], {})


def test_compare_names_each_of_the_graders_statuses_in_its_own_words() -> None:
    words: dict[Status, str] = {status: status_word(status) for status in get_args(Status)}
    assert words == {
        "solved": "ok",
        "failing": "failing",
        "in progress": "not attempted",
        "not attempted": "not attempted",
        "stopped": "failing",
        "not graded": "failing",
    }


def test_a_part_that_never_reported_is_shown_as_the_driver_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A driver that ended without reporting each child (the fresh interpreter killed) still returns a
    result for every part: grading shows it, joined, and asks no part that is not there."""
    folder = tmp_path / "problems"
    (folder / "difference_dp").mkdir(parents=True)
    (folder / "difference_dp" / "difference_dp.py").write_text("def score_difference(coins):\n    return 0\n")

    def ended(jobs: list[Job], workers: int, *rest: object) -> dict[str, Result]:  # either runner
        return {job.key: Result(job.slug, [], "the grading process ended before grading it") for job in jobs}

    monkeypatch.setattr(coinrow.grader.run.grade, "run_jobs", ended)
    monkeypatch.setattr(coinrow.grader.run.grade, "run_jobs_spawned", ended)
    result = grade({folder: ["difference_dp"]}, jobs=2, cache="off")[folder]["difference_dp"]
    assert (result.status, result.reason) == ("stopped", "the grading process ended before grading it")


def test_the_graders_face_gives_each_name_from_its_room() -> None:
    """``coinrow.grader`` names what the layers above use; each is the room's own object, loaded on demand."""
    assert sorted(face.__all__) == sorted(face._FACE)  # the order is the linter's (constants first)
    for name, room in face._FACE.items():
        assert getattr(face, name) is getattr(importlib.import_module(f"coinrow.grader.{room}"), name)
    with pytest.raises(AttributeError):
        face.no_such_name  # noqa: B018
