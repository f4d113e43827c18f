"""The grader's own power: grade every catalogued wrong answer and correct alternative.

``tests/catalogue/wrong/<slug>/<mistake>.py`` holds one known mistake each and
``tests/catalogue/right/<slug>/<alternative>.py`` one correct variant each, laid
out like the formulation's module; the first line of the module docstring says
what it is, and a wrong answer's docstring has a line ``Mistake: <id>`` (or
``Mistake: none``): the catalogued mistake the grader must name, if any. Each
file is graded through the grading entry point (``coinrow.grader.run.grade``) in a
process of its own, exactly as ``make test F=<slug>`` would grade it.
``coinrow dev catalogue`` grades the whole catalogue afresh and prints it as a table.

Each outcome is also kept in ``tests/catalogue/graded.json`` under a digest of
its entry and the fingerprint of everything grading depends on
(``coinrow.grader.records.fingerprint``: the game model, the grader, the suite, the
options, the versions of pytest, hypothesis and NumPy, but not Python's: the
verdicts, names and causes the checks read are the same on every supported
Python). The repository's own checks take an outcome from there only while both
are unchanged, and grade every other entry, so what the checks read of an outcome
taken is what grading would give again; a run that graded any entry writes the file anew.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from coinrow.dev.catalogue_entries import CATALOGUE, Entry, Outcome, entries
from coinrow.game.settings import WORKERS
from coinrow.grader import Result, fingerprint, grade

CATALOGUE_CALL_LIMIT = 1.5  # CPU seconds; the references need under 0.6 s per call
CATALOGUE_PROFILE = "catalogue"  # the hypothesis profile it is graded under (coinrow.grader.run.plugin)
RECORD = CATALOGUE / "graded.json"


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
    """The growth a failure's message names as measured, if it names one.

    >>> measured_order("x: right values, but the time grows like n³ (×8.1 per doubling, n = 250 → 1000)")
    'n³'
    >>> measured_order("measured on the row's first coins: the time grows exponentially (×2.0 per coin)")
    'exponential'
    >>> measured_order("on the first coins: the time grows at least like n² (×4.9 per doubling)")
    'n²'
    """
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


def _entry_digest(entry: Entry) -> str:
    return hashlib.sha256(entry.path.read_bytes()).hexdigest()


def _key(entry: Entry) -> str:
    return f"{entry.verdict}/{entry.slug}/{entry.path.name}"


def record_fingerprint() -> str:
    """The fingerprint the record is kept under: grading under the catalogue's options, on any Python."""
    return fingerprint(CATALOGUE_CALL_LIMIT, CATALOGUE_PROFILE, any_python=True)


def recorded(chosen: Iterable[Entry], record: Path = RECORD) -> dict[Entry, Outcome]:
    """The outcomes in ``record`` that grading would give again: same entry, same fingerprint."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        current = data["fingerprint"] == record_fingerprint()
        kept = data["entries"] if current else {}
    except (OSError, ValueError, KeyError, TypeError):
        return {}  # no record yet, or one unreadable: every entry is graded
    found = {}
    for entry in chosen:
        was = kept.get(_key(entry))
        if isinstance(was, dict) and was.get("digest") == _entry_digest(entry):
            fields = {
                k: was[k] for k in ("status", "message", "seconds", "hint", "mistake", "order") if k in was
            }
            found[entry] = Outcome(entry, **fields)
    return found


def write_record(outcomes: Iterable[Outcome], record: Path = RECORD) -> None:
    """Keep every outcome of a run that ended by itself, under its entry's digest and the fingerprint."""
    entries = {
        _key(o.entry): {
            "digest": _entry_digest(o.entry),
            "status": o.status,
            "message": o.message,
            "seconds": round(o.seconds, 2),
            "hint": o.hint,
            "mistake": o.mistake,
            "order": o.order,
        }
        for o in outcomes
        if not o.stopped
    }
    text = json.dumps({"fingerprint": record_fingerprint(), "entries": entries}, indent=1, sort_keys=True)
    with contextlib.suppress(OSError):  # a read-only clone: the outcomes are simply not kept
        record.write_text(text + "\n", encoding="utf-8")


def checked(chosen: Iterable[Entry], record: Path = RECORD) -> tuple[dict[Entry, Outcome], int]:
    """Every entry's outcome, taken from ``record`` where it still holds, graded otherwise.

    Returns:
        The outcomes by entry, and how many entries were graded in this call. When
        any was, ``record`` is written anew.
    """
    chosen = list(chosen)
    found = recorded(chosen, record)
    to_grade = [e for e in chosen if e not in found]
    found.update({o.entry: o for o in grade_all(to_grade)})
    if to_grade:
        write_record([found[e] for e in chosen], record)
    return {e: found[e] for e in chosen}, len(to_grade)


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
    write_record(outcomes)
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
