"""Every ``$ make …`` excerpt in docs/ is real output: the command is run and its output compared.

In an excerpt, a line ``...`` stands for lines left out; the pieces between must appear in the
real output in order, each as consecutive lines. ``compare`` is run with tiny growth sizes (its
answers and anatomy do not depend on them); an excerpt whose command says "timings vary" shows
measured times and is not compared. Piped answers to ``make play`` are read from the excerpt,
after each prompt's ``?``.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from coinrow.game.registry import REPO_ROOT
from tests.self.commandline import REFERENCES_COMPARED, coinrow, make_command, own_stderr

DOCS = sorted((REPO_ROOT / "docs").glob("*.md"))
FAST = ("--sizes=16 32", "--oracle-sizes=4 6")


@dataclass(frozen=True)
class Excerpt:
    """One ``$ make …`` line of a fenced block in a document and the output shown under it."""

    document: str
    command: str
    shown: list[str]


def excerpts(path: Path) -> list[Excerpt]:
    """The excerpts of ``path``, in order."""
    found: list[Excerpt] = []
    current: Excerpt | None = None  # the excerpt the next output line belongs to
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside, current = not inside, None
        elif inside and line.startswith("$ make "):
            current = Excerpt(path.name, line[2:], [])
            found.append(current)
        elif inside and line.startswith("$ "):
            raise AssertionError(f"{path.name}: only make commands are run: {line}")
        elif current is not None:
            current.shown.append(line)
    return found


def real_output(command: str, shown: list[str]) -> list[str]:
    """Run ``command`` (``make …``) as the excerpt says and return stdout and stderr as lines.

    ``IMPL=problems`` reads the stubs as committed, never the learner's attempts (tests/self/conftest.py).
    """
    words = shlex.split(command.split("#")[0])
    target = words[1]
    settings = dict(word.split("=", 1) for word in words[2:])
    if target == "compare":
        impl = settings.pop("IMPL", "solutions")
        done = coinrow("compare", f"--row={settings.pop('ROW', '')}", f"--impl={impl}", *FAST)
        assert not settings, f"not run here: {settings}"
    else:
        keys = "".join(f"{m[1]}\n" for line in shown if (m := re.search(r"\? (\S+)$", line)))
        done = subprocess.run(
            make_command(*words[1:]), cwd=REPO_ROOT, input=keys, capture_output=True, text=True, check=False
        )
    return done.stdout.splitlines() + own_stderr(done)


def pieces(shown: list[str]) -> list[list[str]]:
    """The excerpt split at its ``...`` lines; empty pieces dropped."""
    result: list[list[str]] = [[]]
    for line in shown:
        if line == "...":
            result.append([])
        else:
            result[-1].append(line)
    return [piece for piece in result if piece]


ALL = [e for path in DOCS for e in excerpts(path)]


def test_the_documents_have_excerpts() -> None:
    commands = {e.command.split()[1] for e in ALL}
    assert {"compare", "trace", "play"} <= commands


@REFERENCES_COMPARED
@pytest.mark.parametrize("excerpt", ALL, ids=[f"{e.document}: {e.command}" for e in ALL])
def test_the_excerpt_is_real_output(excerpt: Excerpt) -> None:
    if "timings vary" in excerpt.command:
        pytest.skip("measured times differ from run to run")
    real = real_output(excerpt.command, excerpt.shown)
    start = 0
    for piece in pieces(excerpt.shown):
        found = next(
            (k for k in range(start, len(real) - len(piece) + 1) if real[k : k + len(piece)] == piece), None
        )
        assert found is not None, "not in the real output:\n" + "\n".join(piece) + "\n---\n" + "\n".join(real)
        start = found + len(piece)
