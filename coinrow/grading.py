"""Grading: call the code under test safely and say in one glance what went wrong.

Every call into learner code goes through ``Grader.call``: it runs under a
per-call time limit (``signal.setitimer``, so it never hangs), turns
``NotImplementedError`` into ``NotAttempted`` and every other problem into a
``WrongAnswer`` whose message names the call, the row, what was expected and
what came back. Nothing here depends on pytest; ``tests/conftest.py`` wires
it in, and the command-line tools use it too.
"""

from __future__ import annotations

import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from coinrow.game import Totals, difference_table
from coinrow.registry import Formulation, by_slug, load_module, source_file

DEFAULT_CALL_LIMIT = 4.0  # CPU seconds; an O(n^2) answer needs well under 1 s at n = 1000


class NotAttempted(Exception):
    """The function still raises ``NotImplementedError``."""


class WrongAnswer(AssertionError):
    """A graded call failed; ``str()`` is the whole one-glance message."""

    def __init__(self, slug: str, row: Sequence[int], message: str) -> None:
        super().__init__(message)
        self.slug = slug
        self.row = tuple(row)


class CallTimeout(BaseException):
    """Raised inside learner code when its time is up (a BaseException, so a
    bare ``except Exception`` in the learner's code cannot swallow it)."""


@contextmanager
def time_limit(cpu_seconds: float) -> Iterator[None]:
    """Raise ``CallTimeout`` in the block after ``cpu_seconds`` of CPU time (main thread only).

    CPU time (``ITIMER_PROF``), not wall time, so a busy machine does not make a
    correct answer "too slow"; a wall-clock backstop of three times the limit
    (plus a second) still ends code that sleeps or waits for input.
    """

    def expire(signum: int, frame: object) -> None:
        raise CallTimeout

    previous = {sig: signal.signal(sig, expire) for sig in (signal.SIGPROF, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, 3 * cpu_seconds + 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


RECURSION_CAP = 15_000  # frames; deep enough for n = 4000 top-down, shallow enough for the C stack


@contextmanager
def _capped_recursion_limit() -> Iterator[None]:
    """Let learner code raise the recursion limit, but not past ``RECURSION_CAP``, and restore it.

    Past what the C stack holds, runaway recursion would crash the whole run
    (no summary); capped, it ends in a ``RecursionError`` that is reported.
    """
    original_limit = sys.getrecursionlimit()
    setter = sys.setrecursionlimit

    def capped(limit: int) -> None:
        setter(min(limit, RECURSION_CAP))

    sys.setrecursionlimit = capped
    try:
        yield
    finally:
        sys.setrecursionlimit = setter
        setter(original_limit)


def show_row(row: Sequence[int], keep: int = 12) -> str:
    """The row as a list literal, its middle elided when it has more than ``keep`` coins.

    >>> show_row(list(range(20)), keep=6)
    '[0, 1, 2, …14 more…, 17, 18, 19]'
    """
    items = list(row)
    if len(items) <= keep:
        return repr(items)
    head, tail = items[: keep // 2], items[-(keep // 2) :]
    hidden = len(items) - len(head) - len(tail)
    return "[" + ", ".join(map(str, head)) + f", …{hidden} more…, " + ", ".join(map(str, tail)) + "]"


def show_call(function: str, row: Sequence[int], *extra: object) -> str:
    """``name([row], extra…)`` with the row shortened, plus ``(n = …)`` for long rows."""
    args = ", ".join([show_row(row), *map(repr, extra)])
    size = f"  (n = {len(row)})" if len(row) > 12 else ""
    return f"{function}({args}){size}"


def is_exact_int(value: object) -> bool:
    """True for a Python int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def expected_value(formulation: Formulation, totals: Totals, parity_guarantee: int | None) -> object:
    """What the formulation's graded function must return for a row with these totals."""
    match formulation.returns:
        case "difference":
            return totals.difference
        case "first":
            return totals.first
        case "totals":
            return (totals.first, totals.second)
        case "parity":
            return parity_guarantee
    raise AssertionError(formulation.returns)


def normalise(formulation: Formulation, got: object) -> object:
    """Accept any correct form: a pair may come back as a tuple or a list."""
    if formulation.returns == "totals" and isinstance(got, list | tuple) and len(got) == 2:
        return tuple(got)
    return got


def is_exact(formulation: Formulation, got: object) -> bool:
    """True when every number in ``got`` is an exact int."""
    if formulation.returns == "totals":
        return isinstance(got, tuple) and all(is_exact_int(x) for x in got)
    return is_exact_int(got)


@dataclass
class Grader:
    """Calls the formulations found in ``impl_dir`` under a time limit.

    Once a formulation has run out of time on a row of n coins, later calls
    on rows at least that long fail at once instead of waiting again.
    """

    impl_dir: Path
    call_limit: float = DEFAULT_CALL_LIMIT
    diagnose: Callable[[Formulation, Sequence[int], object], str | None] | None = None
    _modules: dict[str, ModuleType | BaseException] = field(default_factory=dict)
    _too_slow_at: dict[str, int] = field(default_factory=dict)

    def module(self, slug: str) -> ModuleType:
        """The imported attempt; import problems are reported as a ``WrongAnswer``."""
        if slug not in self._modules:
            try:
                self._modules[slug] = load_module(self.impl_dir, slug)
            except Exception as error:  # noqa: BLE001 - any import failure is reported
                self._modules[slug] = error
        loaded = self._modules[slug]
        if isinstance(loaded, BaseException):
            where = _learner_frame(loaded, source_file(self.impl_dir, slug))
            raise WrongAnswer(
                slug, (), f"{slug}: the file does not import: {type(loaded).__name__}: {loaded}{where}"
            )
        return loaded

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        """Call ``function(row, *extra)`` from the attempt at ``slug``, safely.

        Raises:
            NotAttempted: the function raises ``NotImplementedError``.
            WrongAnswer: it raised, ran out of time or went too deep.
        """
        call_text = show_call(function, row, *extra)
        slow_n = self._too_slow_at.get(slug)
        if slow_n is not None and len(row) >= slow_n:
            raise WrongAnswer(
                slug, row, f"{slug}: not run: {call_text} — already too slow on a row of n = {slow_n}"
            )
        target = getattr(self.module(slug), function, None)
        if not callable(target):
            raise WrongAnswer(slug, row, f"{slug}: the file has no function {function}()")
        try:
            with time_limit(self.call_limit), _capped_recursion_limit():
                return target(row, *extra)
        except NotImplementedError as error:
            raise NotAttempted(f"{slug}.{function} is not attempted yet") from error
        except CallTimeout:
            self._too_slow_at[slug] = min(len(row), slow_n or len(row))
            raise WrongAnswer(
                slug, row, _too_slow_message(slug, call_text, len(row), self.call_limit)
            ) from None
        except RecursionError:
            raise WrongAnswer(slug, row, _recursion_message(slug, call_text, len(row))) from None
        except Exception as error:  # noqa: BLE001 - every learner error becomes a message
            where = _learner_frame(error, source_file(self.impl_dir, slug))
            raise WrongAnswer(
                slug, row, f"{slug}: {call_text} raised {type(error).__name__}: {error}{where}"
            ) from None

    def check_value(
        self, slug: str, row: Sequence[int], totals: Totals, parity_guarantee: int | None = None
    ) -> None:
        """Grade the formulation's value function on one row against the optimal totals."""
        formulation = by_slug(slug)
        function = formulation.value_function
        if formulation.returns == "parity" and len(row) % 2:
            self.check_raises_value_error(slug, function, row)
            return
        if formulation.returns == "line":
            self.check_line(slug, row, totals)
            return
        expected = expected_value(formulation, totals, parity_guarantee)
        got = normalise(formulation, self.call(slug, function, row))
        if got == expected and is_exact(formulation, got):
            return
        message = f"{slug}: {show_call(function, row)} returned {got!r}, expected {expected!r}"
        if got == expected:
            message += (
                f" — but as {type(got).__name__}: return an exact int (floats lose precision above 2**53)"
            )
        hint = self.diagnose(formulation, row, got) if self.diagnose else None
        if hint:
            message += f"\n  likely mistake: {hint}"
        raise WrongAnswer(slug, row, message)

    def check_line(self, slug: str, row: Sequence[int], totals: Totals) -> None:
        """Grade a line of play by replaying it: every move must keep the mover's optimal
        difference (either end where they tie) and the totals must equal the optimum."""
        function = by_slug(slug).value_function
        call_text = show_call(function, row)
        line = self.call(slug, function, row)
        if not isinstance(line, list | tuple) or len(line) != len(row):
            raise WrongAnswer(
                slug, row, f"{slug}: {call_text} returned {line!r}, expected a list of {len(row)} moves"
            )
        table = difference_table(row)
        i, j, collected = 0, len(row) - 1, [0, 0]
        for turn, move in enumerate(line):
            if move not in ("left", "right"):
                raise WrongAnswer(
                    slug, row, f"{slug}: {call_text}: move {turn + 1} is {move!r}, expected 'left' or 'right'"
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
            collected[turn % 2] += row[i] if move == "left" else row[j]
            i, j = (i + 1, j) if move == "left" else (i, j - 1)
        if Totals(*collected) != totals:
            raise WrongAnswer(
                slug,
                row,
                f"{slug}: {call_text}: the line gives totals {tuple(collected)}, expected "
                f"{(totals.first, totals.second)}",
            )

    def check_raises_value_error(self, slug: str, function: str, row: Sequence[int], *extra: object) -> None:
        """Grade that ``function(row, *extra)`` raises ``ValueError`` with a message."""
        try:
            got = self.call(slug, function, row, *extra)
        except WrongAnswer as failure:
            if "raised ValueError" in str(failure):
                return
            raise
        raise WrongAnswer(
            slug,
            row,
            f"{slug}: {show_call(function, row, *extra)} returned {got!r}, expected ValueError "
            f"(the parity strategy needs an even number of coins)",
        )


def _learner_frame(error: BaseException, learner_file: Path) -> str:
    """`` at <file>:<line>`` for the deepest traceback frame in the learner's file."""
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.lineno:
        return f" (at {learner_file.name}:{error.lineno})"
    mine = [f for f in frames if Path(f.filename).resolve() == learner_file.resolve()]
    if not mine:
        return ""
    frame = mine[-1]
    return f" (at {learner_file.name}:{frame.lineno}: {(frame.line or '').strip()})"


def _too_slow_message(slug: str, call_text: str, n: int, limit: float) -> str:
    return (
        f"{slug}: too slow: {call_text} did not finish in {limit:g} s of CPU time.\n"
        "  likely cause: exponential recursion — no memo, a memo that is never written, "
        "or 0/-1 used as 'not computed' (a real value, so the memo never hits)"
    )


def _recursion_message(slug: str, call_text: str, n: int) -> str:
    return (
        f"{slug}: RecursionError: {call_text} recursed deeper than Python's limit "
        f"(depth grows with n = {n}; the default limit of 1000 fails near n = 500).\n"
        "  what to do: raise it with sys.setrecursionlimit (about 3 * n + 100, restored afterwards) "
        "or fill the table bottom-up"
    )
