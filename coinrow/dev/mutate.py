"""Mutation testing of the references: how much of each one the grading suite really pins down.

Each reference in ``solutions/`` is changed one small step at a time by
cosmic-ray's mutation operators (a comparison flipped, an operator or a number
changed, a loop made to run zero times, a decorator removed). Every mutant is
laid out like ``problems/`` in a scratch folder and graded through the grading
entry point (``coinrow.grader.run.grade``), each in a child process of its own; a
mutant the suite fails is killed. A mutant that survives must be listed in
``tests/mutation/equivalent.toml`` with the reason it changes nothing the kata
asks for; an unlisted survivor fails the run.

``coinrow dev mutate`` grades a fixed-seed sample of each reference's
mutants, spread over the lines they change; ``--full`` grades every one.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.dev.mutants import EQUIVALENTS, SAMPLE, Mutant, load_equivalents, mutants, sample
from coinrow.game.registry import FORMULATIONS, REPO_ROOT, source_file
from coinrow.game.rowarg import UsageError, formulation_slugs
from coinrow.game.settings import CALL_LIMIT, WORKERS
from coinrow.grader import digest, failed, fingerprint, grade

MUTANT_CALL_LIMIT, MUTANT_PROFILE = CALL_LIMIT, "kata"  # a learner's options; each stops at a failure


def grade_mutants(chosen: Sequence[Mutant], workers: int = WORKERS) -> list[bool]:
    """Whether each mutant is killed: the grading suite fails it, graded like an attempt.

    Each mutant is laid out like ``problems/`` in a scratch folder of its own and graded through
    the grading entry point as ``make test F=<slug>`` grades an attempt, stopping at the first
    failure, ``workers`` at a time. A run the driver had to stop (its CPU, memory or output cap)
    counts as killed: the suite never passes it.
    """
    with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
        attempts: dict[Path, list[str]] = {}
        for number, mutant in enumerate(chosen):
            folder = Path(scratch) / str(number)
            attempt = source_file(folder, mutant.slug)
            attempt.parent.mkdir(parents=True)
            attempt.write_text(mutant.source, encoding="utf-8")
            attempts[folder] = [mutant.slug]
        return _killed(attempts, workers)


def grade_mutant(impl_dir: Path, slug: str) -> bool:
    """True when grading fails the attempt in ``impl_dir/<slug>/<slug>.py``, as a mutant is graded."""
    (killed,) = _killed({impl_dir: [slug]}, workers=1)
    return killed


def _killed(attempts: dict[Path, list[str]], workers: int) -> list[bool]:
    """Grade each folder's one mutant under the mutants' options; whether each failed, in order."""
    results = grade(
        attempts,
        call_limit=MUTANT_CALL_LIMIT,
        profile=MUTANT_PROFILE,
        exit_first=True,
        jobs=workers,
        cache="off",
    )
    return [failed(results[folder].values()) for folder in attempts]


def is_killed(mutant: Mutant) -> bool:
    """Grade one mutant, copied into a scratch folder laid out like problems/."""
    (killed,) = grade_mutants([mutant], workers=1)
    return killed


@dataclass
class Score:
    """What became of one reference's graded mutants."""

    slug: str
    made: int
    graded: int = 0
    killed: int = 0
    equivalent: int = 0
    unlisted: list[Mutant] = field(default_factory=list)  # survivors with no reason listed: suite misses them
    wrongly_listed: list[Mutant] = field(default_factory=list)  # listed as equivalent, yet killed
    seconds: float = 0.0

    @property
    def percent(self) -> float:
        """Killed, of the graded mutants that are not equivalent."""
        real = self.graded - self.equivalent
        return 100.0 * self.killed / real if real else 100.0


def score(slug: str, chosen: Iterable[Mutant], made: int, listed: set[tuple[str, str, str]]) -> Score:
    """Grade ``chosen``, ``WORKERS`` at a time, and sort the survivors into equivalent and unlisted."""
    start = time.monotonic()  # reported only, never judged: wall time of the run
    chosen = list(chosen)
    result = Score(slug, made, graded=len(chosen))
    for mutant, killed in zip(chosen, grade_mutants(chosen), strict=True):
        equivalent = mutant.key in listed
        result.killed += killed
        result.equivalent += not killed and equivalent
        if killed and equivalent:
            result.wrongly_listed.append(mutant)
        elif not killed and not equivalent:
            result.unlisted.append(mutant)
    result.seconds = time.monotonic() - start
    return result


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow mutate``."""
    parser.add_argument("--formulation", default="", help="slugs, separated by commas (default: every one)")
    parser.add_argument("--full", action="store_true", help="grade every mutant, not a sample")
    parser.add_argument(
        "--sample", type=int, default=SAMPLE, help=f"mutants per reference (default {SAMPLE})"
    )
    parser.add_argument(
        "--stale",
        action="store_true",
        help="exit 1 if the grader, the suite or a reference changed since the last pass",
    )


CHECKED = REPO_ROOT / "tests" / "mutation" / "checked.sha256"  # what the last passing run of all saw


def record_digest() -> str:
    """A hash of what a mutation score depends on, as it is now (64 hex digits): the fingerprint of
    grading under the mutants' options (``coinrow.grader.records.fingerprint``), the references and the
    equivalents list."""
    files = [*REPO_ROOT.glob("solutions/*/*.py"), EQUIVALENTS]
    return digest(REPO_ROOT, files, fingerprint(MUTANT_CALL_LIMIT, MUTANT_PROFILE, exit_first=True))


def _report(result: Score) -> list[str]:
    """One line per survivor that is not listed, and per listed mutant that was killed."""
    lines = [
        f"survived: {m.slug}.py:{m.line} ({m.operator})\n  before: {m.before}\n  after:  {m.after}\n"
        "  strengthen tests/grade, or list it in tests/mutation/equivalent.toml with its reason"
        for m in result.unlisted
    ]
    lines += [
        f"listed as equivalent but killed: {m.slug}.py:{m.line}: {m.before} -> {m.after}; remove the entry"
        for m in result.wrongly_listed
    ]
    return lines


def run(args: argparse.Namespace) -> int:
    """``coinrow mutate``: grade the mutants, print the scores; 1 if a survivor is not listed as equivalent.

    Raises:
        UsageError: an unknown slug in ``--formulation``.
    """
    from rich.console import Console
    from rich.table import Table

    try:
        slugs = formulation_slugs(args.formulation) or [f.slug for f in FORMULATIONS]
    except UsageError as error:
        raise UsageError(f"--formulation: {error}") from None
    if args.stale:
        fresh = CHECKED.is_file() and CHECKED.read_text(encoding="utf-8").strip() == record_digest()
        print(
            "the mutation score is up to date"
            if fresh
            else "the grader, the suite or a reference changed: make mutate"
        )
        return 0 if fresh else 1
    listed = {e.key for e in load_equivalents()}
    console = Console(highlight=False)
    table = Table(title=f"Mutation score of the references ({'every mutant' if args.full else 'a sample'})")
    table.add_column("formulation", no_wrap=True)
    for column in ("made", "graded", "killed", "equivalent", "survived", "score", "s"):
        table.add_column(column, justify="right")
    failed = False
    for slug in slugs:
        made = mutants(slug)
        chosen = made if args.full else sample(made, args.sample, seed=slug)
        result = score(slug, chosen, len(made), listed)
        console.print(f"{slug}: {result.killed} of {result.graded} mutants killed ({result.seconds:.0f} s)")
        for line in _report(result):
            failed = True
            console.print(line, markup=False)
        cells = (slug, result.made, result.graded, result.killed, result.equivalent, len(result.unlisted))
        table.add_row(*map(str, cells), f"{result.percent:.0f}%", f"{result.seconds:.0f}")
    console.print(table)
    console.print("score: killed, of the graded mutants that are not listed as equivalent")
    if not failed and set(slugs) == {f.slug for f in FORMULATIONS}:
        CHECKED.write_text(record_digest() + "\n", encoding="utf-8")  # commit it: CI then skips the run
    return 1 if failed else 0
