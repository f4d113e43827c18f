"""One convention for every learner's target: how a failure ends make, how an error names what was typed,
and how make help lists the targets."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from coinrow.cli.main import MAKE_SETTINGS
from coinrow.game.registry import REPO_ROOT, source_file
from tests.self.commandline import MAKE_FAILED, coinrow, make, own_stderr

MAKEFILE = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
LEARNER = re.findall(r"^([a-z0-9-]+):[^\n]*[^#]## ", MAKEFILE, flags=re.MULTILINE)
OTHERS = re.findall(r"^([a-z0-9-]+):[^\n]*### ", MAKEFILE, flags=re.MULTILINE)


def _refused(*args: str) -> list[str]:
    """The one line of stderr of a make run that must fail without output, as a refused setting does."""
    done = make(*args)
    assert done.returncode == MAKE_FAILED
    assert done.stdout == ""
    return done.stderr.splitlines()


def _recipe(target: str) -> str:
    """The recipe lines of ``target``, joined."""
    found = re.search(rf"^{target}:[^\n]*\n((?:\t[^\n]*\n)*)", MAKEFILE, flags=re.MULTILINE)
    assert found is not None, target
    return found.group(1)


def test_make_help_lists_the_learners_targets_first_then_the_others_under_a_heading() -> None:
    done = make("help")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "The learner's targets:"
    heading = lines.index("The maintainers' and teachers' targets:")
    assert [line.split()[1] for line in lines[1:heading]] == LEARNER
    assert [line.split()[1] for line in lines[heading + 1 :]] == OTHERS
    assert LEARNER[:3] == ["help", "install", "test"]
    assert {"hint", "watch", "reset", "trace", "animate", "play", "interview"} <= set(LEARNER)
    assert {"check", "lint", "typecheck", "mutate", "e2e", "catalogue", "autograder", "grade"} <= set(OTHERS)
    assert max(len(line) for line in lines) <= 110  # no line cut by a terminal of the project's width
    hint = next(line for line in lines if line.startswith("  make hint "))
    assert hint.endswith("(ALL=1, RESET=1; in an interview: its own)")


@pytest.mark.parametrize("target", [t for t in LEARNER if t not in ("help", "install")])
def test_every_learners_target_ends_make_quietly_on_failure(target: str) -> None:
    assert _recipe(target).rstrip().endswith("$(ends_make_quietly)")
    assert "exit $$?" not in _recipe(target)


def test_each_make_variable_the_makefile_passes_is_the_one_an_error_names() -> None:
    others = ("npm ", "--output-file $(CONSTRAINTS)", "uv pip install")  # npm's, pip-compile's and uv's
    commands = "\n".join(line for line in MAKEFILE.splitlines() if not any(o in line for o in others))
    passed = re.findall(r"(--[a-z-]+)[= ]\"?\$\((?:or \$\((?:strip \$\()?)?([A-Z]+)\)", commands)
    assert len(passed) >= 12
    for option, variable in passed:
        assert MAKE_SETTINGS[option] == variable, option


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["play", "SEED=abc"], "make play: SEED=abc: invalid int value: 'abc'"),
        (["test", "LIMIT=0"], "make test: LIMIT=0: must be a number of seconds above 0 and at most 600"),
        (["trace", "ROW=5 x"], "make trace: ROW=5 x: 'x' is not an integer (ROW is coin values separated by"),
        (["bench", "IMPL=nope"], "make bench: IMPL=nope: no such folder"),
        (
            ["hint", "F=diference_dp"],
            "make hint: F=diference_dp: unknown formulation 'diference_dp'; did you",
        ),
        (
            ["hint", "F=difference_dp,rolling_array"],
            "make hint: F=difference_dp,rolling_array: one kata at a time here, not 2: F=difference_dp, say",
        ),
        (
            ["reset", "F=difference_dp rolling_array"],
            "make reset: F=difference_dp rolling_array: one kata at a time here, not 2",
        ),
        (
            ["trace", "F=diference_dp"],
            "make trace: F=diference_dp: unknown formulation 'diference_dp'; did you",
        ),
        (
            ["animate", "F=diference_dp"],
            "make animate: F=diference_dp: unknown formulation 'diference_dp'; did",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_an_error_under_make_names_the_variable_typed(args: list[str], line: str) -> None:
    done = make(*args)
    assert done.returncode == MAKE_FAILED
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr  # make adds no "*** Error" line
    assert done.stderr.startswith(line)
    if "diference_dp" in line:
        assert "did you mean difference_dp? known: " in done.stderr


def test_after_an_interview_ends_make_hint_speaks_as_make_hint(tmp_path: Path) -> None:
    env = {"COINROW_INTERVIEW": str(tmp_path / "interview")}
    assert make("interview", env=env).returncode == 0
    assert make("interview", "END=1", env=env).returncode == 0
    done = make("hint", env=env)
    assert done.returncode == MAKE_FAILED
    assert own_stderr(done) == [
        "make hint: the interview has ended: make interview NEW=1 starts another, make hint F=<slug> hints"
    ]


def test_the_command_exits_0_on_success_1_when_a_kata_fails_2_for_a_usage_error(tmp_path: Path) -> None:
    assert coinrow("next").returncode == 0
    assert coinrow("trace", "--row=5 3 7 10").returncode == 0
    folder = tmp_path / "problems"
    shutil.copytree(REPO_ROOT / "problems" / "difference_dp", folder / "difference_dp")
    wrong = REPO_ROOT / "tests" / "catalogue" / "wrong" / "difference_dp" / "greedy.py"
    shutil.copyfile(wrong, source_file(folder, "difference_dp"))
    failing = coinrow("test", f"--impl={folder}", "--formulation=difference_dp", "--no-cache", "--exit-first")
    assert failing.returncode == 1, failing.stderr
    for args in (["test", "--limit=0"], ["hint", "nope"], ["reset"], ["play", "--seed=x"], ["next", "--x"]):
        assert coinrow(*args).returncode == 2, args


TAKES_F = [t for t in LEARNER if "$(F)" in _recipe(t) or "$(GRADE_ARGS)" in _recipe(t)]
TAKES_NO_F = [t for t in LEARNER if t not in TAKES_F and t not in ("help", "install")]


def test_the_targets_that_take_f_are_the_ones_the_refusal_names() -> None:
    named = re.search(r"^F_TARGETS := (.*)$", MAKEFILE, flags=re.MULTILINE)
    assert named is not None
    assert sorted(re.split(r", | and ", named.group(1))) == sorted(TAKES_F)
    assert {"next", "play", "compare", "bench", "interview"} <= set(TAKES_NO_F)


@pytest.mark.parametrize("target", TAKES_NO_F)
def test_a_target_that_takes_no_f_refuses_one_instead_of_ignoring_it(target: str) -> None:
    assert _refused(target, "F=difference_dp") == [
        f"make {target}: F=difference_dp: make {target} takes no F=; F=<slug> picks a kata in make "
        + "test, watch, reset, hint, trace and animate"  # the targets the test above finds reading F
    ]


@pytest.mark.parametrize(
    ("value", "on"), [("1", True), ("yes", True), ("0", False), ("no", False), ("false", False)]
)
def test_a_switch_set_to_0_or_no_is_off(value: str, on: bool) -> None:
    done = make("-n", "hint", "F=difference_dp", f"ALL={value}")  # -n: the command, not run
    assert done.returncode == 0, done.stderr
    assert ("--all" in done.stdout) is on
    switches = re.findall(r"\$\(if \$\(call on,\$\(([A-Z]+)\)\)", MAKEFILE)
    assert {"FRESH", "ALL", "RESET", "HINT", "END", "NEW", "JSON", "SPOILERS"} <= set(switches)
    assert not re.search(r"\$\(if \$\((?:FRESH|ALL|RESET|HINT|END|NEW|JSON|SPOILERS|FULL|WRITE)\),", MAKEFILE)


@pytest.mark.parametrize("target", ["test", "next", "watch"])
def test_a_grading_target_refuses_an_impl_instead_of_ignoring_it(target: str) -> None:
    assert _refused(target, "IMPL=solutions") == [
        f"make {target}: IMPL=solutions: make {target} reads problems/ only; "
        "make solutions grades the references; make compare and make bench take IMPL="
    ]


@pytest.mark.parametrize(
    ("typed", "line"),
    [
        ("hitn", "make: no target 'hitn'; did you mean make hint? (make help lists them)"),
        ("tets", "make: no target 'tets'; did you mean make test? (make help lists them)"),
        ("zzzz", "make: no target 'zzzz' (make help lists them)"),
    ],
)
def test_a_mistyped_target_is_one_line_naming_the_nearest(typed: str, line: str) -> None:
    assert _refused(typed, "F=difference_dp") == [line]
