"""Grading: call the code under test safely and say in one glance what went wrong.

Every call into learner code goes through ``Grader.call``: it runs under a
per-call time limit (``signal.setitimer``, so it never hangs), turns
``NotImplementedError`` into ``NotAttempted`` and every other problem into a
``WrongAnswer`` whose message names the call, the row, what was expected and
what came back. Nothing here depends on pytest; ``tests/conftest.py`` wires
it in, and the command-line tools use it too.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

from coinrow.game import Totals, difference_table, line_totals
from coinrow.probes import Finding, probe_rows
from coinrow.provenance import borrowed, linked_reference, watched
from coinrow.registry import Formulation, by_slug, load_module, source_file
from coinrow.sandbox import (
    CallTimeout,
    NoInput,
    Printed,
    RecursionLimits,
    capped_recursion_limit,
    learner_io,
    recursion_cap,
    time_limit,
)
from coinrow.settings import CALL_LIMIT

__all__ = ["CallTimeout", "Grader", "NotAttempted", "WrongAnswer", "show_call", "show_row", "time_limit"]

DEFAULT_CALL_LIMIT = CALL_LIMIT  # CPU seconds (coinrow.settings)
MAX_CALL_LIMIT = 600.0


def call_limit(text: str) -> float:
    """``LIMIT=`` as CPU seconds per call.

    >>> call_limit("2.5")
    2.5

    Raises:
        argparse.ArgumentTypeError: not a number above 0 and at most ``MAX_CALL_LIMIT``.
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= MAX_CALL_LIMIT:
        raise argparse.ArgumentTypeError(
            f"LIMIT must be a number of seconds above 0 and at most {MAX_CALL_LIMIT:g}, got {text!r}"
        )
    return seconds


SMALL_ROW = 12  # a row this short finishes in microseconds even by exhaustive search
ODD_ROW = "the parity strategy needs an even number of coins"
STATE_CHECK_MAX_N = 200  # a failing row up to this long is re-run on a fresh import to spot kept state


class NotAttempted(Exception):
    """The function still raises ``NotImplementedError``."""


FailureKind = Literal[
    "wrong-value",  # a value that is not the optimum (or a move that is not optimal)
    "wrong-type",  # not an exact int, not a pair, not a list of moves
    "exception",  # the learner's code raised
    "too-slow",  # ran out of CPU time
    "not-run",  # skipped: already too slow on a shorter row
    "recursion",  # RecursionError
    "mutated",  # changed the caller's row
    "import",  # the file does not import, or lacks the function
    "exit",  # called sys.exit
]


class WrongAnswer(AssertionError):
    """A graded call failed; ``str()`` is the whole one-glance message.

    ``kind`` says what sort of failure it is (the summary lists one failure per
    kind); ``mistake`` is the id of a catalogued mistake the grader verified, if any.
    A diagnosis costs calls into the attempt, so ``explain`` runs only when the
    message is read: hypothesis raises many failures while it shrinks a row, and
    only the one reported is ever read.
    """

    def __init__(
        self,
        slug: str,
        row: Sequence[int],
        message: str,
        *,
        kind: FailureKind = "wrong-value",
        ran: bool = True,
        error: BaseException | None = None,
        mistake: str | None = None,
        printed: Printed | None = None,
        explain: Callable[[], tuple[str, str | None] | None] | None = None,
    ) -> None:
        super().__init__(message)
        self._message = message
        self._explain = explain  # (the likely mistake in words, its id), or None when none is verified
        self._mistake = mistake
        self.slug = slug
        self.row = tuple(row)
        self.kind: FailureKind = kind if ran else "not-run"
        self.ran = ran  # False: not run, because the formulation was already too slow on a shorter row
        self.error = error  # what the learner's code raised, if it raised
        self.output = printed.lines if printed else []  # what the learner's code printed in the call
        self.more_output = printed.more if printed else 0

    def _diagnose(self) -> None:
        explain, self._explain = self._explain, None
        found = explain() if explain is not None else None
        if found is not None:
            line, self._mistake = found
            self._message += f"\n  {line}"

    def __str__(self) -> str:
        self._diagnose()
        return self._message

    def unshrunk(self) -> WrongAnswer:
        """This failure on the row it was found on, saying so; not diagnosed (the summary never shows it)."""
        note = "\n  (the row as found, not shrunk: a shorter row already fails this way)"
        copy = WrongAnswer(self.slug, self.row, self._message + note, kind=self.kind, error=self.error)
        copy.output, copy.more_output = self.output, self.more_output
        return copy

    @property
    def mistake(self) -> str | None:
        self._diagnose()
        return self._mistake


def show_row(row: Sequence[int], keep: int = 12) -> str:
    """The row as the literal it was passed as (list or tuple), its middle elided past ``keep`` coins.

    >>> show_row(list(range(20)), keep=6)
    '[0, 1, 2, …14 more…, 17, 18, 19]'
    >>> show_row((7,))
    '(7,)'
    """
    items = list(row)
    if len(items) <= keep:
        return repr(tuple(items) if isinstance(row, tuple) else items)
    head, tail = items[: keep // 2], items[-(keep // 2) :]
    hidden = len(items) - len(head) - len(tail)
    inside = ", ".join(map(str, head)) + f", …{hidden} more…, " + ", ".join(map(str, tail))
    return f"({inside})" if isinstance(row, tuple) else f"[{inside}]"


def show_value(value: object, width: int = 120) -> str:
    """``repr(value)``, cut in the middle past ``width`` characters; never raises (huge ints included)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int past the 4300-digit repr limit
        digits = f" of about {value.bit_length() * 3 // 10} digits" if isinstance(value, int) else ""
        text = f"<{type(value).__name__}{digits}>"
    return shorten(text, width)


def shorten(text: str, width: int = 120) -> str:
    """``text`` cut in the middle past ``width`` characters."""
    return text if len(text) <= width else text[: width - 30] + " … " + text[-20:]


def show_call(function: str, row: Sequence[int], *extra: object) -> str:
    """``name([row], extra…)`` with the row shortened, plus ``(n = …)`` for long rows."""
    args = ", ".join([show_row(row), *map(repr, extra)])
    size = f"  (n = {len(row)})" if len(row) > 12 else ""
    return f"{function}({args}){size}"


def is_exact_int(value: object) -> bool:
    """True for a plain Python int (not a bool, not an int subclass, not a NumPy integer)."""
    return type(value) is int


def type_problem(value: object) -> str:
    """Why ``value`` is not an exact int, in a few words."""
    kind = type(value)
    if kind is bool:
        return "a bool came back, expected an int"
    if kind is float:
        return "a float came back: floats lose exactness above 2**53; stay in ints (use //)"
    if kind.__module__ == "numpy":
        if kind.__name__ == "ndarray":
            return "a NumPy array came back, expected a single int"
        return (
            f"a NumPy {kind.__name__} came back: convert it with int() (int64 also overflows past 2**63 - 1)"
        )
    if isinstance(value, int):
        return f"an int subclass ({kind.__name__}) came back: return a plain int"
    return f"a {kind.__name__} came back, expected an int"


def expected_value(formulation: Formulation, totals: Totals, parity_guarantee: int | None) -> object:
    """What the formulation's graded function must return for a row with these totals."""
    return formulation.returns.expected(totals, parity_guarantee)


def normalise(formulation: Formulation, got: object) -> object:
    """Accept any correct form: a pair may come back as a tuple or a list."""
    return formulation.returns.normalise(got)


def is_exact(formulation: Formulation, got: object) -> bool:
    """True when every number in ``got`` is an exact int (checked before any comparison)."""
    return formulation.returns.is_exact(got)


def _shape_problem(formulation: Formulation, got: object) -> str:
    return formulation.returns.shape_problem(got)


Diagnose = Callable[
    [Formulation, Sequence[int], object, Mapping[tuple[int, ...], object] | None], Finding | None
]


@dataclass
class Grader:
    """Calls the formulations found in ``impl_dir`` under a time limit.

    Once a formulation has run out of time on a row of n coins, later calls
    on rows at least that long fail at once instead of waiting again.
    """

    impl_dir: Path
    call_limit: float = DEFAULT_CALL_LIMIT
    diagnose: Diagnose | None = None
    _modules: dict[str, ModuleType | BaseException | str] = field(default_factory=dict)
    _too_slow_at: dict[str, int] = field(default_factory=dict)
    _recursion_limits: dict[str, int] = field(default_factory=dict)  # set by the file at import
    _probe_answers: dict[str, dict[tuple[int, ...], object] | None] = field(default_factory=dict)
    _not_graded: dict[str, str] = field(default_factory=dict)  # why: it loaded borrowed code in a call
    _shortest_failed: dict[tuple[str, FailureKind], int] = field(default_factory=dict)

    def note_reported(self, failure: WrongAnswer) -> None:
        """Remember a failure the suite reported: the shortest row each kind of failure was seen on."""
        key, n = (failure.slug, failure.kind), len(failure.row)
        if failure.ran:
            self._shortest_failed[key] = min(n, self._shortest_failed.get(key, n))

    def outranked(self, failure: WrongAnswer, shortest: int) -> bool:
        """True when a reported failure of the same kind has fewer than ``shortest`` coins.

        A check whose rows have at least ``shortest`` coins can then add nothing the
        summary shows (it lists the shortest row of each kind), so its failure need
        not be shrunk: hypothesis spends most of a failing run shrinking.
        """
        known = self._shortest_failed.get((failure.slug, failure.kind))
        return known is not None and known < shortest

    def module(self, slug: str) -> ModuleType:
        """The imported attempt; import problems are reported as a ``WrongAnswer``."""
        if slug not in self._modules:
            self._modules[slug] = self._import(slug)
        loaded = self._modules[slug]
        if isinstance(loaded, BaseException):
            where = _learner_frame(loaded, source_file(self.impl_dir, slug))
            what = loaded.msg if isinstance(loaded, SyntaxError) else loaded  # where names its place once
            raise WrongAnswer(
                slug,
                (),
                f"{slug}: the file does not import: {type(loaded).__name__}: {what}{where}",
                kind="import",
            )
        if isinstance(loaded, str):
            raise WrongAnswer(slug, (), f"{slug}: not graded: {loaded}", kind="import")
        return loaded

    def _import(self, slug: str) -> ModuleType | BaseException | str:
        """The attempt imported, the error its import raised, or why it is not the learner's own code.

        The recursion limit the file sets while it is imported stays in force for its calls.
        """
        path = source_file(self.impl_dir, slug)
        if path.is_file() and (linked := linked_reference(path, self.impl_dir)):
            return linked
        try:
            with (
                time_limit(self.call_limit, f"importing {path.name}"),
                learner_io(),
                capped_recursion_limit() as limits,
                watched(path.parent) as seen,
            ):
                module = load_module(self.impl_dir, slug)
                limit = sys.getrecursionlimit()
        except BaseException as error:  # noqa: BLE001 - every import failure is reported
            return error
        if limits.highest > limits.original:
            self._recursion_limits[slug] = limit
        why = seen[0] if seen else borrowed(module, path, by_slug(slug).functions)
        return why if why is not None else module

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        """Call ``function(row, *extra)`` from the attempt at ``slug``, safely.

        Raises:
            NotAttempted: the function raises ``NotImplementedError``.
            WrongAnswer: it raised, ran out of time or went too deep.
        """
        call_text = show_call(function, row, *extra)
        if slug in self._not_graded:  # the whole attempt is disqualified: its code is not run again
            raise WrongAnswer(slug, row, f"{slug}: not graded: {self._not_graded[slug]}", kind="import")
        slow_n = self._too_slow_at.get(slug)
        if slow_n is not None and len(row) >= slow_n:
            raise WrongAnswer(
                slug,
                row,
                f"{slug}: not run: {call_text} — already too slow on a row of n = {slow_n}",
                ran=False,
            )
        target = getattr(self.module(slug), function, None)
        if not callable(target):
            raise WrongAnswer(slug, row, f"{slug}: the file has no function {function}()", kind="import")
        learner_file = source_file(self.impl_dir, slug)
        limits = RecursionLimits(0, 0)
        printed = Printed()
        seen: list[str] = []
        try:
            with (
                time_limit(self.call_limit, f"{slug}: {call_text}"),
                learner_io() as printed,
                capped_recursion_limit(self._recursion_limits.get(slug)) as limits,
                watched(learner_file.parent) as seen,
            ):
                answer = target(row, *extra)
        except NotImplementedError as error:
            raise NotAttempted(f"{slug}.{function} is not attempted yet") from error
        except CallTimeout as timeout:
            self._too_slow_at[slug] = min(len(row), slow_n or len(row))
            message = _too_slow_message(slug, call_text, len(row), self.call_limit, timeout.waiting)
            raise WrongAnswer(slug, row, message, kind="too-slow", printed=printed) from None
        except RecursionError as error:
            message = _recursion_message(slug, call_text, len(row), limits) + _empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="recursion", error=error, printed=printed) from None
        except SystemExit as error:
            message = f"{slug}: {call_text} called sys.exit({show_value(error.code)}): return the answer"
            raise WrongAnswer(slug, row, message, kind="exit", error=error, printed=printed) from None
        except NoInput as error:
            message = f"{slug}: {call_text} asked for input: {error}"
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        except BaseException as error:  # noqa: BLE001 - every learner error (KeyboardInterrupt too) becomes a message
            where = _learner_frame(error, learner_file)
            said = f": {shorten(str(error), 200)}" if str(error) else ""
            message = f"{slug}: {call_text} raised {type(error).__name__}{said}{where}"
            message += _empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        if seen:
            self._not_graded[slug] = seen[0]
            raise WrongAnswer(slug, row, f"{slug}: not graded: {seen[0]}", kind="import")
        return answer

    def check_value(
        self, slug: str, row: Sequence[int], totals: Totals, parity_guarantee: int | None = None
    ) -> None:
        """Grade the formulation's value function on one row against the optimal totals."""
        formulation = by_slug(slug)
        function = formulation.value_function
        if not formulation.returns.defined_on(row):
            self.check_raises_value_error(slug, function, row)
            return
        if formulation.returns.graded_move_by_move:
            self.check_line(slug, row, totals)
            return
        expected = expected_value(formulation, totals, parity_guarantee)
        try:
            got = normalise(formulation, self.call(slug, function, row))
        except WrongAnswer as failure:
            raise self._beyond_the_empty_row(formulation, failure) from None
        exact = is_exact(formulation, got)
        if exact and got == expected:
            return
        message = f"{slug}: {show_call(function, row)} returned {show_value(got)}, expected {expected!r}"
        if not exact:
            message += f"\n  {_shape_problem(formulation, got)}"
            raise WrongAnswer(slug, row, message, kind="wrong-type")

        def explain() -> tuple[str, str | None] | None:
            finding = self._state_hint(slug, function, row, expected) or self._finding(formulation, row, got)
            return (finding.line, finding.mistake) if finding else None

        raise WrongAnswer(slug, row, message, explain=explain)

    def _finding(self, formulation: Formulation, row: Sequence[int], got: object) -> Finding | None:
        """The diagnosis of ``got`` on ``row``, checked against the attempt's answers on the probe rows."""
        if self.diagnose is None:
            return None
        return self.diagnose(formulation, row, got, self.probe_answers(formulation))

    def _beyond_the_empty_row(self, formulation: Formulation, failure: WrongAnswer) -> WrongAnswer:
        """A crash on the empty row, with what the attempt does on rows with coins (it must not hide it)."""
        if failure.row or failure.kind not in ("exception", "recursion"):
            return failure

        def explain() -> tuple[str, str | None] | None:
            finding = self._finding(formulation, (), None)
            return (finding.line, None) if finding else None  # the name belongs to the wrong value

        wrong = WrongAnswer(
            failure.slug, (), str(failure), kind=failure.kind, error=failure.error, explain=explain
        )
        wrong.output, wrong.more_output = failure.output, failure.more_output
        return wrong

    def probe_answers(self, formulation: Formulation) -> dict[tuple[int, ...], object] | None:
        """The attempt's answers on the probe rows, once per formulation; None if one raised or had the wrong
        type. The calls share the imported module but not the too-slow record of the graded rows."""
        slug = formulation.slug
        if slug not in self._probe_answers:
            prober = Grader(self.impl_dir, self.call_limit, _modules=self._modules)
            answers: dict[tuple[int, ...], object] = {}
            probes = probe_rows(even_only=formulation.returns.even_rows_only)
            for probe in probes:
                try:
                    got = normalise(formulation, prober.call(slug, formulation.value_function, list(probe)))
                except (WrongAnswer, NotAttempted):
                    break
                if not is_exact(formulation, got):
                    break
                answers[probe] = got
            self._probe_answers[slug] = answers if len(answers) == len(probes) else None
        return self._probe_answers[slug]

    def _state_hint(self, slug: str, function: str, row: Sequence[int], expected: object) -> Finding | None:
        """Name state kept between calls: the same row is right on a fresh import of the file."""
        if len(row) > STATE_CHECK_MAX_N:
            return None
        fresh = Grader(self.impl_dir, self.call_limit)
        try:
            again = normalise(by_slug(slug), fresh.call(slug, function, tuple(row)))
        except (WrongAnswer, NotAttempted):
            return None
        if again == expected and is_exact(by_slug(slug), again):
            return Finding(
                "state-kept",
                "likely mistake (state-kept): this row alone, on a fresh import, gives the right answer: "
                "state is kept between calls (a module-level cache or a global sees the previous rows)",
            )
        return None

    def check_line(self, slug: str, row: Sequence[int], totals: Totals) -> None:
        """Grade a line of play by replaying it: every move must keep the mover's optimal
        difference (either end where they tie) and the totals must equal the optimum."""
        function = by_slug(slug).value_function
        call_text = show_call(function, row)
        line = self.call(slug, function, row)
        if not isinstance(line, list | tuple) or len(line) != len(row):
            raise WrongAnswer(
                slug,
                row,
                f"{slug}: {call_text} returned {line!r}, expected a list of {len(row)} moves",
                kind="wrong-type",
            )
        table = difference_table(row)
        i, j = 0, len(row) - 1
        for turn, move in enumerate(line):
            if move not in ("left", "right"):
                raise WrongAnswer(
                    slug,
                    row,
                    f"{slug}: {call_text}: move {turn + 1} is {move!r}, expected 'left' or 'right'",
                    kind="wrong-type",
                )
            cell = table[i, j]
            if i < j and move not in cell.ends:  # on the last coin both ends are the same coin
                taken, rest = (row[i], (i + 1, j)) if move == "left" else (row[j], (i, j - 1))
                got = taken - table[rest].value
                raise WrongAnswer(
                    slug,
                    row,
                    f"{slug}: {call_text}: move {turn + 1} takes the {move} end of coins {i}..{j}, "
                    f"which leaves the mover a difference of {got}; the optimum there is {cell.value} "
                    f"(take the {cell.ends[0]} end)",
                )
            i, j = (i + 1, j) if move == "left" else (i, j - 1)
        collected = line_totals(row, line)
        if collected != totals:
            raise WrongAnswer(
                slug,
                row,
                f"{slug}: {call_text}: the line gives totals {(collected.first, collected.second)}, expected "
                f"{(totals.first, totals.second)}",
            )

    def check_raises_value_error(
        self, slug: str, function: str, row: Sequence[int], *extra: object, why: str = ODD_ROW
    ) -> None:
        """Grade that ``function(row, *extra)`` raises ``ValueError`` (or a subclass) with a message.

        ``why`` says what is wrong with the arguments, for the failure message.
        """
        args = f" for {extra[0] if len(extra) == 1 else extra}" if extra else ""
        must = f"{slug}: {function} must raise ValueError{args} on a row of {len(row)} ({why})"
        try:
            got = self.call(slug, function, row, *extra)
        except WrongAnswer as failure:
            if not isinstance(failure.error, ValueError):
                if failure.error is None:
                    raise
                raise WrongAnswer(
                    slug, row, f"{must}\n  {failure}", kind=failure.kind, error=failure.error
                ) from None
            if str(failure.error).strip():
                return
            raise WrongAnswer(
                slug, row, f"{must}: it raised one with no message; say what is wrong", kind="exception"
            ) from None
        raise WrongAnswer(slug, row, f"{must}; {show_call(function, row, *extra)} returned {show_value(got)}")


def _learner_frame(error: BaseException, learner_file: Path) -> str:
    """`` (at <file>:<line>: <source>)`` for the deepest traceback frame in the learner's file.

    A ``SyntaxError`` has no such frame: its own place is given, `` (at <file>:<line>)``, with
    the offending source line under it and a caret under the column Python points at.
    """
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.lineno:
        name = Path(error.filename).name if error.filename else learner_file.name
        place = f" (at {name}:{error.lineno})"
        source = (error.text or "").rstrip()
        if not source.strip():
            return place
        indent = len(source) - len(source.lstrip())
        caret = f"\n  {' ' * max(0, (error.offset or 0) - 1 - indent)}^" if error.offset else ""
        return f"{place}\n  {source.strip()}{caret}"
    mine = [f for f in frames if Path(f.filename).resolve() == learner_file.resolve()]
    if not mine:
        return ""
    frame = mine[-1]
    return f" (at {learner_file.name}:{frame.lineno}: {(frame.line or '').strip()})"


def _empty_row_note(slug: str, row: Sequence[int]) -> str:
    """For a failure on the empty row: n = 0 is part of the task, and what it must give."""
    if row:
        return ""
    formulation = by_slug(slug)
    answer = formulation.returns.empty_row_answer
    return f"\n  n = 0 is part of the task: the empty row's answer is {answer!r} (no coins, nothing to take)"


def _too_slow_message(slug: str, call_text: str, n: int, limit: float, waiting: bool = False) -> str:
    if waiting:
        return (
            f"{slug}: stopped: {call_text} waited {3 * limit + 1:g} s without computing: code that waits "
            "(sleep, input, a lock, a thread or process it joins) — a graded call only computes and returns"
        )
    needed = by_slug(slug).time
    if n <= SMALL_ROW:
        cause = f"even n = {n} does not finish: an endless loop (a loop variable that never moves?)"
    elif needed.at_most_linear:
        cause = f"this kata needs {needed} work; an O(n^2) table or a nested loop is far too slow at n = {n}"
    else:
        cause = (
            "exponential work — no memo, a memo that is never written, 0/-1 used as 'not computed' "
            "(a real value, so the memo never hits), lru_cache(maxsize=128) evicting, "
            "or a memo key that copies the row (O(n) per call)"
        )
    return (
        f"{slug}: too slow: {call_text} did not finish in {limit:g} s of CPU time.\n  likely cause: {cause}"
    )


def _recursion_message(slug: str, call_text: str, n: int, limits: RecursionLimits) -> str:
    if limits.allows_depth_of(n):
        return (
            f"{slug}: RecursionError: {call_text} recursed far deeper than n = {n} needs.\n"
            "  likely cause: endless recursion: check the base case, and that every call shrinks i..j"
        )
    if limits.capped:
        advice = (
            f"the grader caps the recursion limit at {recursion_cap()}, too low for this depth: "
            "fill the table bottom-up"
        )
    elif limits.highest > limits.original:
        advice = (
            f"your limit of {limits.highest} is too low for n = {n} (about 3 * n + 100 frames with "
            "lru_cache): raise it further, or fill the table bottom-up"
        )
    else:
        advice = (
            "raise it with sys.setrecursionlimit (about 3 * n + 100, restored afterwards) "
            "or fill the table bottom-up"
        )
    return (
        f"{slug}: RecursionError: {call_text} recursed deeper than Python's limit "
        f"(depth grows with n = {n}; the default limit of 1000 fails near n = 500).\n"
        f"  what to do: {advice}"
    )
