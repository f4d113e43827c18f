"""The grader's own power: grade every catalogued wrong answer and correct alternative.

``tests/catalogue/wrong/<slug>/<mistake>.py`` holds one known mistake each and
``tests/catalogue/right/<slug>/<alternative>.py`` one correct variant each, laid
out like the formulation's module; the first line of the module docstring says
what it is. Each file is graded by the real suite in a fresh process, exactly
as ``make test F=<slug>`` would grade it. ``python -m coinrow.catalogue``
prints the whole catalogue as a table.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
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
    def description(self) -> str:
        doc = ast.get_docstring(ast.parse(self.path.read_text(encoding="utf-8"))) or ""
        return doc.splitlines()[0] if doc else self.name


@dataclass(frozen=True)
class Outcome:
    """What the grading suite said of one entry, and how long the run took."""

    entry: Entry
    status: str  # the summary's word for the formulation: "solved (…)", "FAILING (…)", …
    message: str  # the smallest failure's first line, or "" when solved
    seconds: float

    @property
    def as_expected(self) -> bool:
        """A wrong answer must be rejected; a correct alternative must be graded solved."""
        wanted = "FAILING" if self.entry.verdict == "wrong" else "solved"
        return self.status.startswith(wanted)


def entries(root: Path = CATALOGUE) -> list[Entry]:
    """Every catalogue file, wrong answers first, sorted by formulation and name."""
    found = []
    for verdict in ("wrong", "right"):
        for path in sorted((root / verdict).glob("*/[!_]*.py")):
            found.append(Entry(verdict, path.parent.name, path))
    return found


def _parse_summary(stdout: str, slug: str) -> tuple[str, str]:
    lines = stdout.splitlines()
    for k, line in enumerate(lines):
        if line.startswith(f"{slug} "):
            following = lines[k + 1] if k + 1 < len(lines) else ""
            message = following.strip() if following.startswith("    ") else ""
            return line[len(slug) :].strip(), message
    return "no summary (the run crashed?)", stdout.strip().splitlines()[-1] if stdout.strip() else ""


def grade(entry: Entry, call_limit: float = CATALOGUE_CALL_LIMIT) -> Outcome:
    """Grade one entry with the real suite, in a fresh process, as ``make test F=<slug>`` would."""
    with tempfile.TemporaryDirectory() as workspace:
        attempt = Path(workspace) / entry.slug / f"{entry.slug}.py"
        attempt.parent.mkdir()
        shutil.copyfile(entry.path, attempt)
        started = time.perf_counter()
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "tests/grade",
                "-q",
                "--tb=no",
                "-rN",
                "--no-header",
                f"--impl={workspace}",
                f"--formulation={entry.slug}",
                f"--call-limit={call_limit:g}",
            ],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        seconds = time.perf_counter() - started
    status, message = _parse_summary(run.stdout, entry.slug)
    return Outcome(entry, status, message, seconds)


def grade_all(chosen: Iterable[Entry], workers: int = 2) -> list[Outcome]:
    """Grade entries in parallel processes (one per core on this 2-core machine), in order."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(grade, chosen))


def power_line(outcomes: list[Outcome]) -> str:
    """``wrong answers caught: K of K, correct alternatives accepted: A of A``."""
    wrong = [o for o in outcomes if o.entry.verdict == "wrong"]
    right = [o for o in outcomes if o.entry.verdict == "right"]
    caught = sum(o.as_expected for o in wrong)
    accepted = sum(o.as_expected for o in right)
    return (
        f"wrong answers caught: {caught} of {len(wrong)}, "
        f"correct alternatives accepted: {accepted} of {len(right)}"
    )


def main() -> int:
    """Print the catalogue as a table with the power line; exit 1 if an entry is misjudged."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import track
    from rich.table import Table

    chosen = entries()
    outcomes: list[Outcome] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for outcome in track(pool.map(grade, chosen), total=len(chosen), description="grading the catalogue"):
            outcomes.append(outcome)
    table = Table(title="The grader's catalogue")
    for column in ("", "formulation", "entry", "graded", "smallest failing row", "s"):
        table.add_column(column)
    for o in outcomes:
        mark = "ok" if o.as_expected else "MISJUDGED"
        row = o.message or "—"
        cells = (mark, o.entry.slug, o.entry.description, o.status, row, f"{o.seconds:.1f}")
        table.add_row(*map(escape, cells))
    console = Console()
    console.print(table)
    console.print(power_line(outcomes))
    return 0 if all(o.as_expected for o in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
