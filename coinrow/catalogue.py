"""The grader's own power: grade every catalogued wrong answer and correct alternative.

``tests/catalogue/wrong/<slug>/<mistake>.py`` holds one known mistake each and
``tests/catalogue/right/<slug>/<alternative>.py`` one correct variant each, laid
out like the formulation's module; the first line of the module docstring says
what it is, and a wrong answer's docstring has a line ``Mistake: <id>`` (or
``Mistake: none``): the catalogued mistake the grader must name, if any. Each
file is graded by the real suite in a fresh process, exactly as ``make test
F=<slug>`` would grade it. ``python -m coinrow.catalogue``
prints the whole catalogue as a table.
"""

from __future__ import annotations

import ast
import itertools
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from coinrow.registry import REPO_ROOT

CATALOGUE = REPO_ROOT / "tests" / "catalogue"
CATALOGUE_CALL_LIMIT = 1.5  # CPU seconds; the references need under 0.6 s per call


@dataclass(frozen=True)
class Entry:
    """One catalogued answer: a known mistake (``wrong``) or a correct alternative (``right``)."""

    verdict: Literal["wrong", "right"]
    slug: str
    path: Path

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def docstring(self) -> str:
        return ast.get_docstring(ast.parse(self.path.read_text(encoding="utf-8"))) or ""

    @property
    def description(self) -> str:
        return self.docstring.splitlines()[0] if self.docstring else self.name

    @property
    def stated_mistake(self) -> str | None:
        """The ``Mistake:`` line of the docstring: an id, "none", or None when there is no such line."""
        found = re.search(r"^Mistake: (\S+)$", self.docstring, re.MULTILINE)
        return found.group(1) if found else None

    @property
    def expected_mistake(self) -> str | None:
        """The id the grader must name (None: it must name none)."""
        stated = self.stated_mistake
        return None if stated in (None, "none") else stated


@dataclass(frozen=True)
class Outcome:
    """What the grading suite said of one entry, and how long the run took."""

    entry: Entry
    status: str  # the summary's word for the formulation: "solved (…)", "FAILING (…)", …
    message: str  # the smallest failure's first line, or "" when solved
    seconds: float  # time the suite spent on this formulation
    hint: str = ""  # the "likely mistake" or "likely cause" line under the message, if any
    mistake: str | None = None  # the id in "likely mistake (<id>)", if the grader named one

    @property
    def as_expected(self) -> bool:
        """A wrong answer must be rejected; a correct alternative must be graded solved."""
        wanted = "FAILING" if self.entry.verdict == "wrong" else "solved"
        return self.status.startswith(wanted)

    @property
    def name_right(self) -> bool:
        """A wrong answer named with the mistake its docstring states."""
        return self.mistake is not None and self.mistake == self.entry.expected_mistake

    @property
    def name_wrong(self) -> bool:
        """A name given that is not the stated one (also: a name where none is stated)."""
        return self.mistake is not None and self.mistake != self.entry.expected_mistake


def entries(root: Path = CATALOGUE) -> list[Entry]:
    """Every catalogue file, wrong answers first, sorted by formulation and name."""
    found = []
    for verdict in ("wrong", "right"):
        for path in sorted((root / verdict).glob("*/[!_]*.py")):
            found.append(Entry(verdict, path.parent.name, path))
    return found


MISTAKE_ID = re.compile(r"likely mistake \(([a-z0-9-]+)\)")


def _parse_summary(stdout: str, slug: str) -> tuple[str, str, float, str, str | None]:
    """What the summary says of ``slug``: status, smallest failure, seconds, hint under it, mistake id."""
    lines = stdout.splitlines()
    for k, line in enumerate(lines):
        if line.startswith(f"{slug} "):
            below = list(itertools.takewhile(lambda x: x.startswith("    "), lines[k + 1 :]))
            indented = [x.strip() for x in below[:3]]  # this formulation's own lines only
            message = indented[0] if indented else ""
            hint = next((x for x in indented[1:] if "likely" in x), "")
            named = next((m.group(1) for x in indented[1:] if (m := MISTAKE_ID.search(x))), None)
            seconds = re.search(r"([\d.]+) s\)$", line)
            status = line[len(slug) :].strip()
            return status, message, float(seconds.group(1)) if seconds else 0.0, hint, named
    last = stdout.strip().splitlines()[-1] if stdout.strip() else ""
    return "no summary (the run crashed?)", last, 0.0, "", None


def batches(chosen: Iterable[Entry]) -> list[list[Entry]]:
    """Group entries so that no batch holds two of the same formulation (one run grades a batch)."""
    grouped: list[list[Entry]] = []
    for entry in chosen:
        batch = next((b for b in grouped if all(e.slug != entry.slug for e in b)), None)
        if batch is None:
            grouped.append([entry])
        else:
            batch.append(entry)
    return grouped


def grade_batch(batch: Sequence[Entry], call_limit: float = CATALOGUE_CALL_LIMIT) -> list[Outcome]:
    """Grade entries of different formulations in one run of the real suite, in a fresh process.

    Each entry is laid out as ``<slug>/<slug>.py`` in a scratch folder and graded
    exactly as ``make test F=<slug>`` would grade it; the seconds are those the
    summary gives for that formulation.
    """
    with tempfile.TemporaryDirectory() as workspace:
        for entry in batch:
            attempt = Path(workspace) / entry.slug / f"{entry.slug}.py"
            attempt.parent.mkdir()
            shutil.copyfile(entry.path, attempt)
        slugs = ",".join(entry.slug for entry in batch)
        pytest_args = ["tests/grade", "-q", "--tb=no", "-rN", "--no-header", f"--impl={workspace}"]
        pytest_args += [
            f"--formulation={slugs}",
            f"--call-limit={call_limit:g}",
            "--hypothesis-profile=catalogue",
        ]
        run = subprocess.run(
            [sys.executable, "-m", "pytest", *pytest_args],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
    return [Outcome(entry, *_parse_summary(run.stdout, entry.slug)) for entry in batch]


def grade_all(chosen: Iterable[Entry], workers: int = 2) -> Iterator[Outcome]:
    """Grade every entry, a batch per process, ``workers`` processes at a time (2 cores here)."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for outcomes in pool.map(grade_batch, batches(chosen)):
            yield from outcomes


def power_line(outcomes: list[Outcome]) -> str:
    """``wrong answers caught: K of K, correct alternatives accepted: A of A, names: R right, W wrong``."""
    wrong = [o for o in outcomes if o.entry.verdict == "wrong"]
    right = [o for o in outcomes if o.entry.verdict == "right"]
    caught = sum(o.as_expected for o in wrong)
    accepted = sum(o.as_expected for o in right)
    named_right = sum(o.name_right for o in wrong)
    named_wrong = sum(o.name_wrong for o in outcomes)
    return (
        f"wrong answers caught: {caught} of {len(wrong)}, "
        f"correct alternatives accepted: {accepted} of {len(right)}, "
        f"names: {named_right} right, {named_wrong} wrong"
    )


def main() -> int:
    """Print the catalogue as a table with the power line; exit 1 if an entry is misjudged."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import track
    from rich.table import Table

    chosen = entries()
    outcomes = list(track(grade_all(chosen), total=len(chosen), description="grading the catalogue"))
    table = Table(title="The grader's catalogue")
    for column in ("", "formulation", "entry", "graded", "smallest failing row", "named", "s"):
        table.add_column(column)
    for o in outcomes:
        mark = "ok" if o.as_expected and not o.name_wrong else "MISJUDGED"
        row = o.message or "—"
        named = o.mistake or "—"
        cells = (mark, o.entry.slug, o.entry.description, o.status, row, named, f"{o.seconds:.1f}")
        table.add_row(*map(escape, cells))
    console = Console()
    console.print(table)
    console.print(power_line(outcomes))
    return 0 if all(o.as_expected and not o.name_wrong for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
