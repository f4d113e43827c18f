"""One command line: ``coinrow <command>``, one parser class, the Makefile's targets calling it."""

from __future__ import annotations

import re
import tomllib

from coinrow.cli.main import COMMANDS, DEV_COMMANDS
from coinrow.game.registry import REPO_ROOT
from tests.self.commandline import coinrow, make


def test_help_lists_every_command() -> None:
    done = coinrow("--help")
    assert done.returncode == 0, done.stderr
    listed = re.findall(r"^    ([\w-]+)", done.stdout, flags=re.MULTILINE)
    assert listed == [*(c.name for c in COMMANDS), "dev"]
    for name in ("test", "next", "compare", "trace", "animate", "play", "bench", "reset", "hint", "dev"):
        assert name in listed


def test_the_maintainers_commands_stand_under_dev() -> None:
    done = coinrow("dev", "--help")
    assert done.returncode == 0, done.stderr
    assert re.findall(r"^    ([\w-]+)", done.stdout, flags=re.MULTILINE) == [c.name for c in DEV_COMMANDS]
    for command in DEV_COMMANDS:
        assert coinrow(command.name, "--help").returncode == 2  # not a learner's command
        assert coinrow("dev", command.name, "--help").stdout.startswith(f"usage: coinrow dev {command.name}")


def test_every_command_has_help_of_its_own() -> None:
    for command in COMMANDS:
        done = coinrow(command.name, "--help")
        assert done.returncode == 0, (command.name, done.stderr)
        assert done.stdout.startswith(f"usage: coinrow {command.name}")


def test_the_console_script_is_the_same_main() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"coinrow": "coinrow.cli.main:main"}


def test_make_help_lists_the_targets() -> None:
    done = make("help")
    assert done.returncode == 0, done.stderr
    for target in ("test", "next", "compare", "trace", "bench", "hint", "reset", "play", "animate", "mutate"):
        assert re.search(rf"^  make {target} ", done.stdout, flags=re.MULTILINE), target


def test_the_makefile_runs_the_tools_through_the_command_line() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    recipes = [line for line in makefile.splitlines() if line.startswith("\t")]
    assert sum("$(COINROW) " in line for line in recipes) >= 13
    assert [line.strip() for line in recipes if re.search(r"-m coinrow\.\w+", line)] == []


def test_one_parser_class() -> None:
    """Only coinrow/cli/main.py makes argparse parsers; the tools add options to the one it gives them."""
    makers = re.compile(r"ArgumentParser\(|class \w+\(argparse\.ArgumentParser\)")
    sources = sorted((REPO_ROOT / "coinrow").rglob("*.py"))
    found = [
        p.relative_to(REPO_ROOT).as_posix() for p in sources if makers.search(p.read_text(encoding="utf-8"))
    ]
    assert found == ["coinrow/cli/main.py"]


def test_a_tool_is_run_through_the_one_command() -> None:
    from tests.self.commandline import run_module

    done = run_module("coinrow", "bench", "--runs=0")
    assert (done.returncode, done.stderr) == (2, "coinrow bench: error: --runs=0: must be at least 1\n")
