"""Grading results: one record per graded test, summed up per formulation, and the summary text.

The grading suite writes a ``Record`` for every test it runs (``tests/conftest.py``);
the grading driver reads them back from each child process, and the summary,
the exit status and the JSON report are all computed from them, so the three
always agree. A formulation whose child ended early gets a ``reason``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from coinrow.game.registry import CORE, FORMULATIONS, Formulation

Status = Literal["solved", "failing", "in progress", "not attempted", "stopped", "not graded"]
FailureKind = Literal[
    "wrong-value",  # a value that is not the optimum (or a move that is not optimal)
    "wrong-type",  # not an exact int, not a pair, not a list of moves
    "exception",  # the learner's code raised
    "too-slow",  # ran out of CPU time
    "waited",  # stopped after waiting without computing (sleep, input, a lock, a join)
    "not-run",  # not made: a call on a row no longer could not answer (``judge.unanswered``)
    "recursion",  # RecursionError
    "mutated",  # changed the caller's row
    "import",  # the file does not import, or lacks the function
    "exit",  # called sys.exit
    "stray-process",  # a call left a process running (a fork, which may have answered in its place)
    "too-many-processes",  # the attempt's processes ran more processes and threads at once than the cap
    "too-much-memory",  # the attempt's processes held more resident memory, summed, than the cap
    "wrote-too-much",  # filled a capped filesystem (ENOSPC, in the sandbox) or a file past its cap (EFBIG)
    "growth",  # right values, but the time or memory grows faster than the task asks
    "grader",  # the grader itself stumbled (never an attempt's failure)
]
MAX_KINDS_SHOWN = 3  # distinct kinds of failure listed per formulation
TIMED_OUT: frozenset[FailureKind] = frozenset({"too-slow", "waited"})  # stopped calls, no value given


def row_size(row: Sequence[int]) -> tuple[int, int]:
    """A row's length and the sum of its |coins|: a failure's place in the summary's order (``Failure``)."""
    return len(row), sum(abs(coin) for coin in row)


@dataclass(frozen=True)
class Failure:
    """One failed check: what kind of failure, on which row, and the one-glance message."""

    kind: FailureKind
    n: int  # the row's length
    size: int  # sum of |coins|: among rows of one length, the smaller is shown
    ran: bool  # False: not made, as a call on a row no longer could not answer (``judge.unanswered``)
    message: str
    mistake: str | None = None  # a catalogued mistake id, verified by the grader
    output: list[str] = field(
        default_factory=list
    )  # the first characters the code printed in the call, by line
    more_output: int = 0  # characters printed past those kept

    @property
    def order(self) -> tuple[int, int, int]:
        """Smallest first: a row that ran before one not run, then by length, then by size."""
        return (0 if self.ran else 1, self.n, self.size)


@dataclass(frozen=True)
class Record:
    """One graded test of one formulation."""

    slug: str
    test: str  # the pytest node id
    outcome: Literal["passed", "failed", "skipped"]
    seconds: float
    not_attempted: bool = False
    failure: Failure | None = None
    measured: str | None = None  # the orders of growth the growth check measured, e.g. "time ~n²"
    printed: int = 0  # bytes the attempt printed in the calls made since the record before (``take_printed``)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        failure = data.get("failure")
        return cls(**{**data, "failure": Failure(**failure) if failure else None})


@dataclass
class Result:
    """What grading said of one formulation."""

    slug: str
    records: list[Record]
    reason: str | None = None  # why its run ended before it finished, if it did
    cached: bool = False  # shown from the progress cache, not graded in this run
    stale: bool = False  # not graded in this run, and changed since it was last graded
    wall: float | None = None  # seconds the learner waited for it (its child's life), where one was timed
    below_raise: tuple[str, ...] = ()  # functions with code under a first ``raise NotImplementedError``

    @property
    def passed(self) -> int:
        return sum(r.outcome == "passed" for r in self.records)

    @property
    def failed(self) -> int:
        return sum(r.outcome == "failed" for r in self.records)

    @property
    def seconds(self) -> float:
        """CPU seconds its checks took in the judge (what the catalogue and the reports count)."""
        return sum(r.seconds for r in self.records)

    @property
    def waited(self) -> float:
        """Seconds the summary says it took: the wall time the learner waited for it where it is known
        (a kata that runs into its limits waits on its attempt, not in the judge), else ``seconds``."""
        return self.wall if self.wall is not None else self.seconds

    @property
    def printed(self) -> int:
        """Bytes the attempt printed in every call its grading made."""
        return sum(r.printed for r in self.records)

    @property
    def measured(self) -> str | None:
        """The orders of growth measured, when the growth check passed (``time ~n², memory ~n²``)."""
        return next((r.measured for r in self.records if r.measured and r.outcome == "passed"), None)

    @property
    def status(self) -> Status:
        if self.stale:
            return "not graded"
        if self.reason is not None:
            return "stopped"
        if self.failed:
            return "failing"
        not_attempted = any(r.not_attempted for r in self.records)
        if not_attempted:
            return "in progress" if self.passed else "not attempted"
        return "solved" if self.passed else "not attempted"

    def failures(self) -> list[Failure]:
        """The smallest failure of each distinct kind, smallest first, at most ``MAX_KINDS_SHOWN``; calls
        not run (after one on a row no longer could not answer) only where no failure ran: a failing kata
        is never shown without a reason."""
        found = [record.failure for record in self.records if record.failure is not None]
        smallest: dict[str, Failure] = {}
        for failure in [f for f in found if f.ran] or found:
            best = smallest.get(failure.kind)
            if best is None or failure.order < best.order:
                smallest[failure.kind] = failure
        return sorted(smallest.values(), key=lambda f: f.order)[:MAX_KINDS_SHOWN]

    def status_line(self) -> str:
        cached = "cached, " if self.cached else ""
        match self.status:
            case "solved":
                measured = f"; {self.measured}" if self.measured else ""
                return f"solved ({cached}{self.passed} checks, {self.waited:.1f} s{measured})"
            case "failing":
                return f"FAILING ({cached}{self.failed} failed, {self.passed} passed, {self.waited:.1f} s)"
            case "stopped":
                return f"STOPPED: {self.reason}"
            case "in progress":
                return f"in progress ({cached}some functions not attempted){self._below_raise()}"
            case "not graded":
                return "not graded in its present form yet (make test grades it)"
        return f"not attempted{' (cached)' if self.cached else ''}{self._below_raise()}"

    def _below_raise(self) -> str:
        """What follows "not attempted" when code was written under a function's first raise line."""
        if not self.below_raise:
            return ""
        names, one = " and ".join(self.below_raise), len(self.below_raise) == 1
        return (
            f": {names} still begin{'s' if one else ''} with raise NotImplementedError, so the code below it "
            "never runs (delete that line)"
        )


def results_by_slug(records: Iterable[Record]) -> dict[str, Result]:
    """Records grouped into one ``Result`` per formulation."""
    grouped: dict[str, Result] = {}
    for record in records:
        grouped.setdefault(record.slug, Result(record.slug, [])).records.append(record)
    return grouped


def failed(results: Iterable[Result]) -> bool:
    """True when any formulation failed or was stopped: the run's exit status is then 1."""
    return any(r.status in ("failing", "stopped") for r in results)


def next_kata(results: dict[str, Result]) -> Formulation | None:
    """The first kata in the registry's order not yet solved (core katas before bonus ones)."""
    for formulation in FORMULATIONS:
        result = results.get(formulation.slug)
        if result is None or result.status != "solved":
            return formulation
    return None


def next_line(upcoming: Formulation | None, folder: str | None = None) -> str:
    """Where to go next: the kata and the command that grades it, in ``folder`` when the attempts graded
    were not the learner's own ``problems/`` (``make test`` grades that one alone).

    >>> from coinrow.game.registry import by_slug
    >>> next_line(by_slug("top_down_memo"), "mine").split("; ")[1]
    'grade it with coinrow test --impl=mine --formulation=top_down_memo'
    """
    if upcoming is None:
        return "Every kata solved: compare them side by side with make compare"
    slug = upcoming.slug
    command = (
        f"make test F={slug}" if folder is None else f"coinrow test --impl={folder} --formulation={slug}"
    )
    return f"Next: {slug}: the task is in problems/{slug}/README.md; grade it with {command}"


def printable(text: str) -> str:
    """``text`` with every control or format character but the line break and the tab, every line or
    paragraph separator, every surrogate and every noncharacter or unassigned code point shown as an escape
    (``\\x1b``, ``\\u2028``, ``\\ufffe``).

    A failure's message and what the code printed hold the attempt's own text: an escape sequence
    in it would reach the terminal, which could clear the summary and draw a "solved" of its own; a
    separator starts a line of its own in an editor that breaks lines there (a summary.txt read there); the
    rest are no characters XML 1.0 allows (a class's JUnit file would not parse).

    >>> printable("ok\\x1b[2J\\tdone \\ufffe")
    'ok\\\\x1b[2J\\tdone \\\\ufffe'
    """
    return "".join(c if c in "\n\t" or unicodedata.category(c) not in HIDDEN else repr(c)[1:-1] for c in text)


#: the Unicode categories ``printable`` escapes: control, format, line and paragraph separators, surrogate,
#: unassigned (noncharacters too)
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Cn"})


def printed_in_all(printed_bytes: int) -> str:
    """The line under a solved kata's status that says how much its code printed.

    >>> printed_in_all(12345)
    'your code printed 12,345 bytes in all while it was graded; what it prints is not graded'
    """
    return (
        f"your code printed {printed_bytes:,} bytes in all while it was graded; what it prints is not graded"
    )


def result_lines(result: Result, next_step: str = "") -> list[str]:
    """One formulation's part of the summary: its status line, then its failures, each indented, then
    ``next_step`` (what to do about it), if one is given."""
    lines = [f"{result.slug:<20} {printable(result.status_line())}"]
    if result.status == "solved" and result.printed:
        lines.append(f"    {printed_in_all(result.printed)}")
    lines += failures_lines(result)
    if next_step:
        lines.append(f"    {next_step}")
    return lines


def failures_lines(result: Result) -> list[str]:
    """The failures a kata's part of the summary shows (``Result.failures``), each message indented, with
    what the code printed during the call under it, quoted, and how many characters more it printed."""
    lines = []
    for failure in result.failures():
        lines += [f"    {line}" for line in printable(failure.message).splitlines()]
        if failure.output or failure.more_output:
            lines.append("      what your code printed during this call:")
            lines += [f"      | {printable(line)}" for line in failure.output]
            if failure.more_output:
                lines.append(f"      (and {failure.more_output:,} more characters)")
    return lines


def values_lines(values: Result) -> list[str]:
    """What ``make watch`` says of a kata once its value checks are all recorded (``values``: their
    records alone) and its growth check is still to come: a line for the values, their failures under
    it; nothing for a kata none of whose checks ran (not attempted). Where every failure is a call
    stopped (``TIMED_OUT``: out of time, or waiting), every value returned was right, and the line says
    so rather than that its values fail.

    >>> values_lines(Result("difference_dp", [Record("difference_dp", "t", "passed", 0.2)], wall=0.25))
    ['difference_dp values right (1 check, 0.2 s); its growth is being measured']
    """
    growth = "its growth is being measured"
    if values.failed:
        counts = f"{values.failed} failed, {values.passed} passed, {values.waited:.1f} s"
        kinds = {record.failure.kind for record in values.records if record.failure is not None}
        if kinds <= TIMED_OUT:
            head = f"{values.slug} FAILING ({counts}): a call was stopped, every value returned was right"
        else:
            head = f"{values.slug} values FAILING ({counts})"
        return [f"{head}; {growth}", *failures_lines(values)]
    if not values.passed:
        return []
    checks = "check" if values.passed == 1 else "checks"
    return [f"{values.slug} values right ({values.passed} {checks}, {values.waited:.1f} s); {growth}"]


def summary_lines(
    results: dict[str, Result],
    only: Sequence[str] = (),
    next_steps: Mapping[str, str] | None = None,
    *,
    references: bool = False,
    folder: str | None = None,
) -> list[str]:
    """The kata summary: a line per formulation in the registry's order, its failures, the counts; with
    ``only`` (the katas asked for, ``F=``), their lines alone and the counts in one line, each out of
    every kata it counts, as the whole summary's are. A formulation ``next_steps`` has a line for ends its
    part with that line. With ``references`` (the results are the references', ``solutions/``) the counts
    say so ("References solved 6 of 6") and no next kata is named: a learner reading them must not take
    them for their own. ``folder``: the folder graded, when not ``problems/`` (``next_line``)."""
    lines: list[str] = []
    steps = next_steps or {}
    for formulation in FORMULATIONS:
        result = results.get(formulation.slug)
        if result is not None and (not only or formulation.slug in only):
            lines += result_lines(result, steps.get(formulation.slug, ""))
    if only:
        return [*lines, _counts_in_one_line(results, only, references)]
    core, bonus_solved = _counts(results, references)
    lines.append(core)
    if any(f.bonus and f.slug in results for f in FORMULATIONS):
        lines.append(bonus_solved.capitalize())
    if len(results) == len(FORMULATIONS) and not references:  # a learner's whole run: where to go next
        lines.append(next_line(next_kata(results), folder))
    return lines


def _counts(results: dict[str, Result], references: bool) -> tuple[str, str]:
    """The solved core katas out of every core kata, and the solved bonus katas out of every bonus kata."""
    solved = {slug for slug, r in results.items() if r.status == "solved"}
    solved_word = "References solved" if references else "Solved"
    core = f"{solved_word} {len(solved & {f.slug for f in CORE})} of {len(CORE)}"
    bonus = {f.slug for f in FORMULATIONS if f.bonus}
    bonus_word = "bonus references" if references else "bonus katas"
    return core, f"{bonus_word} solved {len(solved & bonus)} of {len(bonus)}"


def _counts_in_one_line(results: dict[str, Result], only: Sequence[str], references: bool) -> str:
    """The counts of a run of ``only`` some katas: the others as last graded where the cache holds every
    kata, else only the katas graded in this run are counted."""
    if len(results) < len(FORMULATIONS):  # the others neither graded nor cached: not counted
        solved = sum(r.status == "solved" for r in results.values())
        solved_word = "References solved" if references else "Solved"
        graded = f"{solved_word} {solved} of the {len(results)} graded in this run"
        return f"{graded} (the others were not looked at: make test grades them)"
    core, bonus_solved = _counts(results, references)
    counts = [core, *([bonus_solved] if any(f.bonus and f.slug in results for f in FORMULATIONS) else [])]
    others = " (the others as last graded: make test lists them)" if set(results) - set(only) else ""
    return ", ".join(counts) + others
