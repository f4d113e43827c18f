"""Calling the code under test: every call into learner code goes through ``Caller``.

The attempt runs in an executor of its own (``coinrow.grader.executor``), never in this
process: each call's CPU time is read and bounded from outside, so it never hangs.
``NotImplementedError`` becomes ``NotAttempted``; every other problem (a crash, a
time-out, a recursion too deep, a call to ``sys.exit``, an executor that died, borrowed
code) becomes a ``WrongAnswer`` whose message names the call and the row. Judging what
a call returns is ``coinrow.grader.grading``'s job.
"""

from __future__ import annotations

import argparse
import signal
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinrow.game.registry import PROBLEMS, by_slug, source_file
from coinrow.game.settings import CALL_LIMIT
from coinrow.game.shown import show_call
from coinrow.grader.child import OUTPUT_CAP
from coinrow.grader.executor import STARTUP_CPU, Executor, Outcome, call_request
from coinrow.grader.failures import NotAttempted, Printed, WrongAnswer
from coinrow.grader.growth import TARGET_EXPONENT, Point, climb, ladder, under_a_time_out
from coinrow.grader.jail import find_jail
from coinrow.grader.messages import calls as messages
from coinrow.grader.messages import growth as growth_messages
from coinrow.grader.messages import stops
from coinrow.grader.provenance import FORBIDDEN_PACKAGES, borrowed_imports, linked_reference
from coinrow.grader.sandbox import RecursionLimits
from coinrow.grader.timeout import CallTimeout, waiting_limit
from coinrow.grader.wire import WireError, decode, encode, raised_error

DEFAULT_CALL_LIMIT = CALL_LIMIT  # CPU seconds (coinrow.game.settings)
MAX_CALL_LIMIT = 600.0
# A traced call's process may grow by tracemalloc's own records (about as much again as it traces, for
# small blocks), by what the allocator keeps of memory freed during the call (a dict's old table as it
# grows) and a few MiB: an interval memo of tuples, O(n^2) at n = 1000, grew by 3.6 times its traced peak.
# One that grew beyond this hid its memory from tracing (tracing stopped: its traced peak is near 0).
UNTRACED_SLACK, UNTRACED_ALLOWANCE = 6, 8 * 2**20
TRACE_GRACE = 1.0  # CPU seconds a traced call is given beyond its own cut-off
PREFIX_CALL_LIMIT = 1.0  # CPU seconds a call on the first coins of a too-slow row may take


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


@dataclass
class Caller:
    """Calls the formulations found in ``impl_dir``, each attempt in an executor of its own, under a limit.

    The attempt never runs in this process: each formulation's file is imported and
    called in its executor (``coinrow.grader.executor``), sealed where bubblewrap works,
    and every reply is plain data. A call's CPU time is read from outside; one past
    ``call_limit`` is killed. Once a formulation has run out of time on a row of n coins,
    later calls on rows at least that long fail at once instead of waiting again.
    """

    impl_dir: Path
    call_limit: float = DEFAULT_CALL_LIMIT
    _executors: dict[str, Executor | WrongAnswer] = field(default_factory=dict)  # shared by a prober
    _too_slow_at: dict[str, int] = field(default_factory=dict)
    last_cpu: float = 0.0  # CPU seconds the last call took in its executor, read from outside
    last_trace_cut: bool = False  # the last traced call was cut off before it returned
    _last_timed: Any = None  # the answer of the last timed call, as it came over the wire
    _spares: dict[str, Executor] = field(default_factory=dict)  # started, not yet imported (``start_spare``)
    forks_each_call: bool = False  # each call in a copy of the executor as imported (``call_fresh``)
    _zygotes: dict[str, Caller] = field(default_factory=dict)  # by slug: the callers ``call_fresh`` uses
    _closed: bool = False  # ``close`` was called: what runs later is ended at once

    def executor(self, slug: str) -> Executor:
        """The attempt's executor, its file imported; import problems are reported as a ``WrongAnswer``."""
        if slug not in self._executors:
            self._executors[slug] = self._import(slug)
        loaded = self._executors[slug]
        if isinstance(loaded, WrongAnswer):
            raise loaded
        return loaded

    def _import(self, slug: str) -> Executor | WrongAnswer:
        """The attempt's executor with its file imported, or the failure that says why it is not graded.

        The recursion limit the file sets while it is imported stays in force for its calls (the
        executor keeps it).
        """
        path = source_file(self.impl_dir, slug)
        if not path.is_file():  # said here: a sandbox could not even bind a folder that is not there
            learners = path.parent.parent.resolve() == PROBLEMS.resolve()
            return WrongAnswer(slug, (), messages.missing_file(slug, path, learners), kind="import")
        why = _not_its_own(path, self.impl_dir)
        if why is not None:
            return WrongAnswer(slug, (), messages.not_graded(slug, why), kind="import")
        executor = self._spares.pop(slug, None) or Executor(path, find_jail()[0], tuple(FORBIDDEN_PACKAGES))
        if executor.folder_replaced():  # started ahead, before the folder was made anew: start it again
            executor.close()
        functions = list(by_slug(slug).functions)
        limit = self.call_limit + STARTUP_CPU
        outcome = executor.request({"op": "import", "functions": functions}, limit, waiting_limit(limit))
        reply = outcome.reply
        failure: str | None = None
        if reply is None and outcome.ended:
            failure = messages.does_not_import(slug, CallTimeout(outcome.ended == "waiting"), path)
        elif reply is None:
            failure = messages.import_ended(slug, _how_it_ended(outcome))
        elif "raised" in reply:
            failure = messages.does_not_import(slug, raised_error(reply["raised"]), path)
        elif "borrowed" in reply:
            borrowed = messages.reached_for("imports", _package(reply["borrowed"]), path.name)
            failure = messages.not_graded(slug, borrowed)
        elif reply.get("elsewhere"):
            function, where = next(iter(dict(reply["elsewhere"]).items()))
            failure = messages.not_graded(
                slug, messages.defined_elsewhere(function, Path(where).name, path.name)
            )
        if failure is not None:
            executor.close()
            return WrongAnswer(slug, (), failure, kind="import")
        return executor

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        """Call ``function(row, *extra)`` from the attempt at ``slug``, in its executor.

        A list ``row`` the call changed is changed here the same way, so a check can see it.

        Raises:
            NotAttempted: the function raises ``NotImplementedError``.
            WrongAnswer: it raised, ran out of time, went too deep, or is not the learner's own code.
        """
        reply, call_text = self._request(slug, function, row, extra, None)
        changed = reply.get("changed")
        if changed is not None and isinstance(row, list):
            after = decode(changed)
            if isinstance(after, list) and after and isinstance(after[0], list):
                row[:] = after[0]
        return _decoded_answer(slug, row, reply["ok"], call_text)

    def timed_answer(self, slug: str, function: str, row: Sequence[int]) -> Any:
        """What the last timed call (``time_calls`` of ``function(row)``) returned: checked like a call's
        answer, without calling again.

        Raises:
            WrongAnswer: the answer cannot be read.
        """
        return _decoded_answer(slug, row, self._last_timed, show_call(function, row))

    def call_fresh(self, slug: str, function: str, row: Sequence[int]) -> Any:
        """``call`` on the attempt as freshly imported: in a copy of an executor that imported it and is
        never called itself (a zygote, one per attempt), forked for this call and ended with it. A copy
        costs a fork, not an interpreter's start and an import.

        Raises:
            NotAttempted, WrongAnswer: as ``call``.
        """
        zygote = self._zygotes.get(slug) or Caller(self.impl_dir, self.call_limit, forks_each_call=True)
        if self._closed:  # asked after ``close`` (a failure explained as it is reported): ended with the call
            try:
                return zygote.call(slug, function, row)
            finally:
                zygote.close()
        self._zygotes[slug] = zygote
        return zygote.call(slug, function, row)

    def start_spare(self, slug: str) -> None:
        """Start the process a ``fresh_executor`` will be, without waiting for it: its interpreter
        starts while the attempt's current executor works (nothing of the attempt runs until then)."""
        if slug not in self._spares:
            spare = Executor(source_file(self.impl_dir, slug), find_jail()[0], tuple(FORBIDDEN_PACKAGES))
            spare.start()
            self._spares[slug] = spare

    def fresh_executor(self, slug: str) -> None:
        """End the attempt's executor, so the next call imports it anew in a process of its own (whose
        memory holds nothing an earlier call freed): the spare one if it was started."""
        loaded = self._executors.pop(slug, None)
        if isinstance(loaded, Executor):
            loaded.close()
        elif loaded is not None:
            self._executors[slug] = loaded  # a failure to import stays what it is

    def settle(self, slug: str) -> None:
        """Import the attempt at ``slug`` if it is not, then let its executor settle (``Executor.settle``):
        what the attempt started at import and is still starting is not counted in the next calls.

        Raises:
            WrongAnswer: the attempt does not import.
        """
        self.executor(slug).settle()

    def traced_peak(self, slug: str, function: str, row: Sequence[int], seconds: float) -> int:
        """Peak bytes ``tracemalloc`` traces while ``function(row)`` runs for up to ``seconds`` of CPU.

        The figure comes from the attempt's own process, so the judge also reads the process's peak
        resident memory from the kernel: a call that took far more than it let tracing see (tracing
        stopped, memory taken around the allocator) fails instead of passing for frugal. The first
        traced call in an executor waits until its processes stop computing (``Executor.settle``).

        Raises:
            NotAttempted, WrongAnswer: as ``call``; a traced figure the kernel's contradicts.
        """
        executor = self.executor(slug)
        executor.settle()  # a process the attempt started at import may still be starting
        executor.reset_peak_memory()
        reply, call_text = self._request(slug, function, row, (), seconds)
        traced, resident = int(reply.get("peak", 0)), executor.peak_memory()
        if resident > UNTRACED_SLACK * traced + UNTRACED_ALLOWANCE:
            message = messages.memory_hidden(slug, call_text, traced, resident)
            raise WrongAnswer(slug, row, message, kind="growth")
        return traced

    def subject(self, slug: str, function: str, row: Sequence[int]) -> Executed:
        """``function(row)`` of the attempt at ``slug`` as a timing subject (``coinrow.grader.timing``)."""
        return Executed(self, slug, function, row)

    def time_calls(self, slug: str, function: str, row: Sequence[int], number: int, limit: float) -> float:
        """CPU seconds ``number`` calls of ``function(row)`` took in the executor, each on a fresh copy.

        Raises:
            CallTimeout: they took more than ``limit`` CPU seconds in all.
            NotAttempted, WrongAnswer: as ``call``.
        """
        executor = self.executor(slug)
        request = {"op": "time", "function": function, "args": [encode(row)], "number": number}
        outcome = executor.request(request, limit, waiting_limit(limit))
        if outcome.ended:
            raise CallTimeout(outcome.ended == "waiting")
        if outcome.reply is None or "ok" not in outcome.reply:
            self._reply_or_raise(slug, function, row, (), outcome)
        self._last_timed = outcome.reply["ok"] if outcome.reply else None
        return outcome.cpu

    def _request(
        self, slug: str, function: str, row: Sequence[int], extra: tuple[object, ...], trace: float | None
    ) -> tuple[dict[str, Any], str]:
        call_text = show_call(function, row, *extra)
        slow_n = self._too_slow_at.get(slug)
        if slow_n is not None and len(row) >= slow_n:
            raise WrongAnswer(slug, row, messages.already_too_slow(slug, call_text, slow_n), ran=False)
        executor = self.executor(slug)
        request = call_request(function, (row, *extra), trace)
        if self.forks_each_call:
            request["op"] = "fresh"
        # a traced call ends itself after ``trace`` seconds (tracing slows it down): the limit leaves room
        limit = self.call_limit if trace is None else max(self.call_limit, trace + TRACE_GRACE)
        outcome = executor.request(request, limit, waiting_limit(limit))
        self.last_cpu = outcome.cpu
        reply = self._reply_or_raise(slug, function, row, extra, outcome)
        self.last_trace_cut = "traced" in reply
        return reply, call_text

    def _reply_or_raise(
        self, slug: str, function: str, row: Sequence[int], extra: tuple[object, ...], outcome: Outcome
    ) -> dict[str, Any]:
        """The reply of a call that answered; every other ending raised as the failure it is."""
        call_text = show_call(function, row, *extra)
        reply = outcome.reply
        printed = (
            Printed(list(map(str, reply.get("printed", []))), int(reply.get("more", 0))) if reply else None
        )
        if reply is None and outcome.ended:
            slow_n = self._too_slow_at.get(slug)
            self._too_slow_at[slug] = min(len(row), slow_n or len(row))
            needs = by_slug(slug).time
            waited = waiting_limit(self.call_limit) if outcome.ended == "waiting" else None
            message = messages.too_slow_message(
                slug, call_text, len(row), self.call_limit, waited, str(needs), needs.at_most_linear
            )
            measure = waited is None and not extra and len(row) > messages.SMALL_ROW
            explain = (lambda: self._growth_before(slug, function, row)) if measure else None
            raise WrongAnswer(slug, row, message, kind="too-slow", explain=explain)
        if reply is None:
            message = messages.process_ended(slug, call_text, _how_it_ended(outcome)) + _empty_row_note(
                slug, row
            )
            raise WrongAnswer(slug, row, message, kind="exception")
        if "ok" in reply or "traced" in reply:
            return reply
        if reply.get("not_attempted"):
            raise NotAttempted(messages.not_attempted_yet(slug, function))
        if "recursion" in reply:
            depth = dict(reply["recursion"])
            message = _too_deep(slug, call_text, len(row), depth) + _empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="recursion", error=RecursionError(), printed=printed)
        if "exit" in reply:
            code = _decoded(reply["exit"])
            message = messages.called_exit(slug, call_text, code)
            raise WrongAnswer(slug, row, message, kind="exit", error=SystemExit(code), printed=printed)
        if reply.get("input"):
            no_input = EOFError(messages.NO_INPUT)
            message = messages.asked_for_input(slug, call_text, no_input)
            raise WrongAnswer(slug, row, message, kind="exception", error=no_input, printed=printed)
        if "borrowed" in reply:
            why = messages.reached_for("imports", _package(reply["borrowed"]), f"{slug}.py")
            failure = WrongAnswer(slug, row, messages.not_graded(slug, why), kind="import")
            self.executor(slug).close()
            self._executors[slug] = failure  # not graded, as if its import had shown it: never run again
            raise failure
        if reply.get("no_function"):
            raise WrongAnswer(slug, row, messages.no_such_function(slug, function), kind="import")
        learner_file = source_file(self.impl_dir, slug)
        error = raised_error(dict(reply.get("raised") or {}))
        message = messages.raised(slug, call_text, error, learner_file) + _empty_row_note(slug, row)
        raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed)

    def _growth_before(self, slug: str, function: str, row: Sequence[int]) -> tuple[str, None] | None:
        """How the time of ``function`` grows on the first coins of ``row``, a row it ran out of time on:
        the line under the too-slow message (None when a shorter row failed otherwise)."""
        limit = min(self.call_limit, PREFIX_CALL_LIMIT)

        def seconds_at(n: int) -> Point:
            try:
                return Point(n, self.time_calls(slug, function, list(row[:n]), 1, limit))
            except CallTimeout:
                return Point(n, limit, timed_out=True)

        try:
            # the executor was ended with the call: start and import it again outside the timings
            self.time_calls(slug, function, list(row[:2]), 1, self.call_limit + STARTUP_CPU)
            points = climb(ladder(len(row)), seconds_at)
        except (WrongAnswer, NotAttempted, CallTimeout):
            return None
        asked = by_slug(slug).time.order
        step = under_a_time_out(points, TARGET_EXPONENT.get(asked))
        if step is None:
            return growth_messages.not_measured(), None
        above = step.kind == "power" and step.named_exponent > TARGET_EXPONENT.get(asked, step.named_exponent)
        line = growth_messages.measured_under_a_time_out(
            step.words(), step.kind == "exponential", asked.value if above else None
        )
        return line, None

    def close(self) -> None:
        """End every executor this caller started (a prober sharing them ends them too)."""
        for executor in [*self._executors.values(), *self._spares.values()]:
            if isinstance(executor, Executor):
                executor.close()
        self._spares.clear()
        for zygote in self._zygotes.values():
            zygote.close()
        self._zygotes.clear()
        self._closed = True


@dataclass(frozen=True)
class Executed:
    """An attempt's function on one row, as a timing subject: it runs in the attempt's executor."""

    caller: Caller
    slug: str
    function: str
    row: Sequence[int]

    def run(self, number: int, limit: float) -> float:
        return self.caller.time_calls(self.slug, self.function, self.row, number, limit)

    def peak(self, limit: float) -> int:
        return self.caller.traced_peak(self.slug, self.function, self.row, limit)


def _decoded_answer(slug: str, row: Sequence[int], answer: Any, call_text: str) -> Any:
    """An answer as it came over the wire, decoded; one that cannot be read fails as unreadable."""
    try:
        return decode(answer)
    except WireError as error:
        raise WrongAnswer(slug, row, messages.unreadable_answer(slug, call_text, error)) from None


def _not_its_own(path: Path, impl_dir: Path) -> str | None:
    """Why the file at ``path`` is not the learner's own code, read without running it; None if it is."""
    linked = linked_reference(path, impl_dir)
    if linked:
        return linked
    found = borrowed_imports(path.read_text(encoding="utf-8", errors="replace"))
    return messages.imports_borrowed_code(found, path.name) if found else None


def _how_it_ended(outcome: Outcome) -> str:
    """How the executor ended without an answer, as the driver words a child's end."""
    status = outcome.status
    if status is None:
        return outcome.broken or ""
    if status < 0:
        known = -status in signal.Signals._value2member_map_
        return stops.ended_by_signal(
            -status, signal.Signals(-status).name if known else None, OUTPUT_CAP >> 20
        )
    return stops.exited_early(status, "", "")


def _printed(reply: dict[str, Any]) -> Printed:
    """What the call printed, as the executor kept it."""
    return Printed([str(line) for line in reply.get("printed", [])], int(reply.get("more", 0)))


def _package(name: object) -> str:
    return FORBIDDEN_PACKAGES.get(str(name), str(name))


def _decoded(data: object) -> object:
    try:
        return decode(data)
    except WireError:
        return data


def _too_deep(slug: str, call_text: str, n: int, depth: dict[str, Any]) -> str:
    """The message of a ``RecursionError`` on a row of ``n`` coins, from the limits the executor reports."""
    original, highest = int(depth.get("original", 1000)), int(depth.get("highest", 1000))
    limits = RecursionLimits(original, highest, bool(depth.get("capped")))
    capped_at = int(depth.get("cap", 0)) if limits.capped else None
    raised_to = highest if highest > original else None
    return messages.recursion_message(slug, call_text, n, limits.allows_depth_of(n), capped_at, raised_to)


def _empty_row_note(slug: str, row: Sequence[int]) -> str:
    """For a failure on the empty row, the note of what it must give; "" for a row with coins."""
    return "" if row else messages.empty_row_note(by_slug(slug).returns.empty_row_answer)
