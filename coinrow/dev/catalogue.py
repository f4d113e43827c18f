"""The grader's own power: grade every catalogued wrong answer and correct alternative.

``tests/catalogue/wrong/<slug>/<mistake>.py`` holds one known mistake each and
``tests/catalogue/right/<slug>/<alternative>.py`` one correct variant each, laid
out like the formulation's module; the first line of the module docstring says
what it is, and a wrong answer's docstring has a line ``Mistake: <id>`` (or
``Mistake: none``): the catalogued mistake the grader must name, if any. Each
file is graded through the grading entry point (``coinrow.grader.run.grade``) in a
process of its own, exactly as ``make test F=<slug>`` would grade it.
``coinrow dev catalogue`` grades the whole catalogue afresh and prints it as a table.

What the repository's checks read of each outcome is kept in ``tests/catalogue/graded.json``
(``coinrow.dev.records``, renewed by ``make records``); this command writes nothing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from coinrow.dev.catalogue_entries import Entry, Outcome, Recorded, entries
from coinrow.game.settings import WORKERS
from coinrow.grader import Result, grade

CATALOGUE_CALL_LIMIT = 1.5  # CPU seconds; the references need under 0.6 s per call
CATALOGUE_PROFILE = "catalogue"  # the hypothesis profile it is graded under (coinrow.grader.run.plugin)


def outcome(entry: Entry, result: Result) -> Outcome:
    """What grading said of ``entry``, in the catalogue's words."""
    failures = result.failures()
    lines = failures[0].message.splitlines() if failures else []
    below = [x.strip() for f in failures for x in f.message.splitlines()[1:]]
    hint = next((x for x in below if x.startswith("likely")), "")
    # the name belongs to the wrong value, which an empty-row crash may precede
    mistake = next((f.mistake for f in failures if f.mistake), None)
    status = result.status_line()
    stopped = result.status == "stopped"
    if stopped:
        status = f"FAILING ({status})"  # a run the grader had to stop is a rejected answer too
    order = next((found for f in failures if (found := measured_order(f.message))), None)
    return Outcome(entry, status, lines[0] if lines else "", result.seconds, hint, mistake, order, stopped)


def measured_order(message: str) -> str | None:
    """The growth a failure's message names as measured, or the memory cap it names as reached, if any.

    >>> measured_order("x: right values, but the time grows like n³ (×8.1 per doubling, n = 250 → 1000)")
    'n³'
    >>> measured_order("measured on the row's first coins: the time grows exponentially (×2.0 per coin)")
    'exponential'
    >>> measured_order("on the first coins: the time grows at least like n² (×4.9 per doubling)")
    'n²'
    >>> measured_order("x: stopped: the attempt held more than 2048 MiB across its processes (resident, …)")
    'the memory cap'
    """
    if re.search(r"held more than \d+ MiB across its processes", message):
        return "the memory cap"
    found = re.search(r"grows (?:(?:at least )?like (\S+)|faster than (\S+)|(exponentially))", message)
    if found is None:
        return None
    like, faster, _ = found.groups()
    return like or (f"faster than {faster}" if faster else "exponential")


def grade_all(
    chosen: Iterable[Entry], workers: int | None = None, on_done: Callable[[], None] | None = None
) -> Iterator[Outcome]:
    """Grade every entry exactly as ``make test F=<slug>`` would, each in a process of its own.

    Each entry is laid out as ``<slug>/<slug>.py`` in a scratch folder of its own;
    ``workers`` processes run at a time (all the cores by default).
    """
    chosen = list(chosen)
    with tempfile.TemporaryDirectory() as workspace:
        folders = []
        for number, entry in enumerate(chosen):
            folder = Path(workspace) / str(number)
            attempt = folder / entry.slug / f"{entry.slug}.py"
            attempt.parent.mkdir(parents=True)
            shutil.copyfile(entry.path, attempt)
            folders.append(folder)
        results = grade(
            {folder: [entry.slug] for folder, entry in zip(folders, chosen, strict=True)},
            call_limit=CATALOGUE_CALL_LIMIT,
            profile=CATALOGUE_PROFILE,
            jobs=workers or WORKERS,
            cache="off",
            on_done=lambda folder, result: on_done and on_done(),
        )
    for folder, entry in zip(folders, chosen, strict=True):
        yield outcome(entry, results[folder][entry.slug])


def power_line(outcomes: list[Recorded]) -> str:
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``coinrow catalogue`` has no options."""


def run(args: argparse.Namespace) -> int:
    """``coinrow catalogue``: the catalogue as a table with the power line; 1 if an entry is misjudged."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress
    from rich.table import Table

    chosen = entries()
    # refreshed by hand: a refresh thread must not be running when the driver forks
    with Progress(auto_refresh=False, transient=True) as progress:
        task = progress.add_task("grading the catalogue", total=len(chosen))

        def advance() -> None:
            progress.advance(task)
            progress.refresh()

        outcomes = list(grade_all(chosen, on_done=advance))
    table = Table(title="The grader's catalogue")
    for column in ("", "formulation", "entry", "graded", "smallest failing row", "named", "s"):
        table.add_column(column)
    kept = [o.recorded() for o in outcomes]
    judged = [k.as_expected and not k.name_wrong for k in kept]
    for o, right in zip(outcomes, judged, strict=True):
        mark = "ok" if right else "MISJUDGED"
        row = o.message or "—"
        named = o.mistake or "—"
        cells = (mark, o.entry.slug, o.entry.description, o.status, row, named, f"{o.seconds:.1f}")
        table.add_row(*map(escape, cells))
    console = Console()
    console.print(table)
    console.print(power_line(kept))
    return 0 if all(judged) else 1
