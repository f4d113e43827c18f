"""Calling the code under test: every call into learner code goes through ``Caller``.

The attempt runs in an executor of its own (``coinrow.grader.executor.process``), never in this process:
each call's CPU time is read and bounded from outside, so it never hangs. ``NotImplementedError`` becomes
``NotAttempted``; every other problem (a crash, a time-out, a recursion too deep, a call to ``sys.exit``,
an executor that died, borrowed code) becomes a ``WrongAnswer`` whose message names the call and the row.
Judging what a call returns is ``coinrow.grader.judge.verdict``'s job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinrow.game.registry import by_slug, source_file
from coinrow.game.rows import FreshRows
from coinrow.game.settings import CALL_LIMIT
from coinrow.game.shown import show_call, show_row
from coinrow.grader.executor.inside.limits import cpu_cap_for
from coinrow.grader.executor.process import STARTUP_CPU, Executor
from coinrow.grader.executor.provenance import FORBIDDEN_PACKAGES
from coinrow.grader.executor.requests import Outcome, call_request
from coinrow.grader.executor.sandbox import find_jail
from coinrow.grader.executor.time_limit import CallTimeout, waiting_limit
from coinrow.grader.executor.wire import decode
from coinrow.grader.judge import replies, unanswered
from coinrow.grader.judge.failures import Printed, WrongAnswer
from coinrow.grader.judge.too_slow import Shaped, growth_before
from coinrow.grader.messages import calls as messages
from coinrow.grader.messages import checks as checks_messages
from coinrow.grader.messages import values as values_messages

# A traced call's process may grow by tracemalloc's own records (about as much again as it traces, for
# small blocks), by what the allocator keeps of memory freed during the call (a dict's old table as it
# grows) and a few MiB: an interval memo of tuples, O(n^2) at n = 1000, grew by 3.6 times its traced peak.
# One that grew beyond this hid its memory from tracing (tracing stopped: its traced peak is near 0).
UNTRACED_SLACK, UNTRACED_ALLOWANCE = 6, 8 * 2**20
# The executor's own hold on the row, in bytes a coin, is counted beside: the request's text, the decoded list
# and its ints, the copy kept to see whether the call changed it (56 bytes a coin, read at 10^6 coins).
UNTRACED_PER_COIN = 128
PING_ARGS = [[0, 0]]  # a ping's arguments: decoded, copied and compared as a call's row of two coins is
TRACE_GRACE = 1.0  # CPU seconds a traced call is given beyond its own cut-off
# CPU seconds an untraced call whose resident growth is read runs at most (rolling_array's reference: 0.8 s)
WATCHED_SECONDS = 2.0


@dataclass
class Caller:
    """Calls the formulations found in ``impl_dir``, each attempt in an executor of its own, under a limit.

    Each formulation's file is imported and called in its executor (``coinrow.grader.executor.process``),
    sealed where bubblewrap works; every reply is plain data. A call's CPU time is read from outside; one
    past ``call_limit`` is killed. Once a call of an attempt could not answer on a row of n coins (out of
    time, waiting, its executor ended, a process left running), later calls on rows at least that long fail
    at once, in every caller of this process (``judge.unanswered``).
    """

    impl_dir: Path
    call_limit: float = CALL_LIMIT
    _executors: dict[str, Executor | WrongAnswer] = field(default_factory=dict)  # shared by a prober
    last_cpu: float = 0.0  # CPU seconds the last call took in its executor, read from outside
    last_trace_cut: bool = False  # the last traced call was cut off before it returned
    _spares: dict[str, Executor] = field(default_factory=dict)  # started, not yet imported (``start_spare``)
    forks_each_call: bool = False  # each call in a copy of the executor as imported (``call_fresh``)
    _zygotes: dict[str, Caller] = field(default_factory=dict)  # by slug: the callers ``call_fresh`` uses
    _closed: bool = False  # ``close`` was called: what runs later is ended at once
    last_printed: Printed = field(default_factory=Printed)  # what the last call that answered printed
    last_printed_bytes: int = 0  # bytes the last call printed, answered or ended; the most of ``time_rows``'

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

        The recursion limit the file sets while it is imported stays in force for its calls (kept there).
        """
        path = source_file(self.impl_dir, slug)
        refused = replies.not_gradable(slug, path, self.impl_dir)
        if refused is not None:
            return refused
        executor = self._spares.pop(slug, None) or Executor(
            path, find_jail()[0], tuple(FORBIDDEN_PACKAGES), cpu_cap_for(self.call_limit)
        )
        if executor.folder_replaced():  # started ahead, before the folder was made anew: start it again
            executor.close()
        functions = list(by_slug(slug).functions)
        key, request = unanswered.attempt_key(path, self.call_limit), {"op": "import", "functions": functions}
        outcome = unanswered.request_unless_vain(executor, key, request, self.call_limit + STARTUP_CPU, 0)
        failure = unanswered.import_failure(key, slug, outcome, replies.import_failure(slug, outcome, path))
        if failure is not None:
            executor.close()
            return failure
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
        return replies.decoded_answer(slug, row, reply["ok"], call_text)

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
            spare = Executor(
                source_file(self.impl_dir, slug),
                find_jail()[0],
                tuple(FORBIDDEN_PACKAGES),
                cpu_cap_for(self.call_limit),
            )
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

        The figure comes from the attempt's own process, where the executor keeps the tracing to itself
        (``inside.loop._Tracing``): a call that starts, stops, clears or resets it fails. The judge also
        reads the process's peak resident memory from the kernel: a call that took far more than it let
        tracing see (memory taken around the allocator, tracing tampered with in C) fails instead of
        passing for frugal. The first
        traced call in an executor waits until its processes stop computing (``Executor.settle``).

        Raises:
            NotAttempted, WrongAnswer: as ``call``; a traced figure the kernel's contradicts.
        """
        reply, call_text, resident = self._watched(slug, function, row, seconds, traced=True)
        if reply.get("trace_tampered"):
            raise WrongAnswer(slug, row, messages.memory_tracing_tampered(slug, call_text), kind="growth")
        traced = int(reply.get("peak", 0))
        if resident > UNTRACED_SLACK * traced + UNTRACED_ALLOWANCE + UNTRACED_PER_COIN * len(row):
            message = messages.memory_hidden(slug, call_text, traced, resident)
            raise WrongAnswer(slug, row, message, kind="growth")
        return traced

    def resident_growth(self, slug: str, function: str, row: Sequence[int]) -> int:
        """Bytes the executor's tree grew by in resident memory over one untraced call of ``function(row)``,
        read by the kernel (``Executor.peak_memory``): what tracing cannot see, mapped memory, a worker
        process, tracing stopped, shows here. The call ends itself after ``WATCHED_SECONDS`` of CPU, as a
        traced one does, without a failure: a table filled as the work goes shows by then.

        Raises:
            NotAttempted, WrongAnswer: as ``call``.
        """
        return self._watched(slug, function, row, WATCHED_SECONDS, traced=False)[2]

    def _watched(
        self, slug: str, function: str, row: Sequence[int], seconds: float, *, traced: bool
    ) -> tuple[dict[str, Any], str, int]:
        """One call of ``function(row)`` that ends itself after ``seconds`` of CPU (its memory ``traced`` or
        not): its reply, its text, and the bytes the executor's tree grew by meanwhile, read by the kernel.
        The executor settles first: a process the attempt started at import may still be starting."""
        executor = self.executor(slug)
        executor.settle()
        executor.reset_peak_memory()
        reply, call_text = self._request(slug, function, row, (), seconds, traced)
        return reply, call_text, executor.peak_memory()

    def subject(self, slug: str, function: str, n: int, pings: Caller | None = None) -> Executed:
        """``function`` of the attempt at ``slug`` on fresh rows of ``n`` coins as the tools time it
        (``run``, ``round_trip``, ``peak``); ``pings``: a caller of trusted code (the references) whose
        executor is pinged for the round trip in place of the attempt's."""
        return Executed(self, slug, function, FreshRows(n), pings)

    def time_rows(
        self, slug: str, function: str, rows: Sequence[Sequence[int]], limit: float
    ) -> tuple[float, list[Any]]:
        """CPU seconds of plain calls of ``function(row)``, one request per row, and their answers. A timed
        call is made as every other call is (the same request, the garbage collector as the attempt left
        it): nothing tells the attempt it is timed. The CPU is the executor's whole process tree's, looked
        up again after the last call, so a process a call started and left counts too.

        Raises:
            CallTimeout: the calls took more than ``limit`` CPU seconds in all.
            NotAttempted, WrongAnswer: as ``call`` (a call that waited without computing too, kind
                ``"waited"``), and a call that changed its row (kind ``"mutated"``).
        """
        key, executor, spent, answers = self._key(slug), self.executor(slug), 0.0, []
        for k, row in enumerate(rows):
            request, left, last = call_request(function, (row,)), limit - spent, k == len(rows) - 1
            try:  # a timing's limit is its own (a batch's, a prefix's): its end is not noted for other calls
                outcome = unanswered.request_unless_vain(executor, key, request, left, len(row), every=last)
                self.last_printed_bytes = max(self.last_printed_bytes if k else 0, outcome.printed_bytes)
                unanswered.refuse_if_given_up(outcome, key, slug, show_call(function, row), row, timing=True)
                if outcome.ended:
                    raise CallTimeout(outcome.ended == "waiting")
            except CallTimeout as stopped:
                if stopped.waiting:  # no call may wait: this one fails as any other call does
                    waited = waiting_limit(self.call_limit)
                    message = replies.too_slow(
                        slug, show_call(function, row), len(row), self.call_limit, waited
                    )
                    raise WrongAnswer(slug, row, message, kind="waited") from None
                stopped.row = list(row)  # the row whose call was stopped, for the message that shows it
                raise
            reply = self._reply_or_raise(slug, function, row, (), outcome)
            if "changed" in reply:  # a timed call that changes its row fails as the suite's calls do
                raise WrongAnswer(
                    slug, row, timed_change(slug, function, row, reply["changed"]), kind="mutated"
                )
            answers.append(replies.decoded_answer(slug, row, reply["ok"], show_call(function, row)))
            spent += outcome.cpu
        return spent, answers

    def round_trip(self, slug: str) -> float:
        """CPU seconds of one request the attempt's code takes no part in (a ping, on a row of two coins
        as a call's request carries one), in the executor of ``slug``: what every call costs beside the
        code's own work and a longer row; 0.0 where it had no reply (the calls that follow meet whatever
        ended it)."""
        ping = {"op": "ping", "args": PING_ARGS}
        outcome = self.executor(slug).request(ping, self.call_limit, waiting_limit(self.call_limit))
        return outcome.cpu if outcome.reply is not None else 0.0

    def _request(
        self,
        slug: str,
        function: str,
        row: Sequence[int],
        extra: tuple[object, ...],
        trace: float | None,
        traced: bool = True,
    ) -> tuple[dict[str, Any], str]:
        call_text, key = show_call(function, row, *extra), self._key(slug)
        unanswered.refuse_in_vain(key, slug, call_text, row)  # before an import: it may be in vain too
        executor = self.executor(slug)
        request = call_request(function, (row, *extra), trace, traced)
        if self.forks_each_call:
            request["op"] = "fresh"
        # a traced call ends itself after ``trace`` seconds (tracing slows it down): the limit leaves room
        limit = self.call_limit if trace is None else max(self.call_limit, trace + TRACE_GRACE)
        outcome = unanswered.request_unless_vain(
            executor, key, request, limit, len(row), every=trace is not None
        )
        self.last_printed_bytes = outcome.printed_bytes
        unanswered.refuse_if_given_up(outcome, key, slug, call_text, row)
        self.last_cpu = outcome.cpu
        reply = self._reply_or_raise(slug, function, row, extra, outcome)
        self.last_trace_cut = "traced" in reply
        self.last_printed = replies.printed_in(reply)
        return reply, call_text

    def _reply_or_raise(
        self, slug: str, function: str, row: Sequence[int], extra: tuple[object, ...], outcome: Outcome
    ) -> dict[str, Any]:
        """The reply of a call that answered; every other ending raised as the failure it is."""
        call_text = show_call(function, row, *extra)
        reply = outcome.reply
        if reply is None and not self.forks_each_call:  # a fresh copy's end says nothing of other calls
            unanswered.note(self._key(slug), len(row), unanswered.how_it_ended(outcome))
        if reply is None and outcome.ended:
            waited = waiting_limit(self.call_limit) if outcome.ended == "waiting" else None
            printed = outcome.printed_bytes  # noted under the message when it is a lot
            message = replies.too_slow(slug, call_text, len(row), self.call_limit, waited, printed)
            measure = waited is None and not extra and len(row) > messages.SMALL_ROW
            explain = (lambda: self.growth_below(slug, function, row)) if measure else None
            raise WrongAnswer(
                slug, row, message, kind="waited" if waited is not None else "too-slow", explain=explain
            )
        if reply is None:
            raise replies.no_answer(slug, call_text, row, outcome)
        if "ok" in reply or "traced" in reply:
            return reply
        if "borrowed" in reply:
            why = messages.reached_for("imports", replies.borrowed_package(reply["borrowed"]), f"{slug}.py")
            failure = WrongAnswer(slug, row, messages.not_graded(slug, why), kind="import")
            self.executor(slug).close()
            self._executors[slug] = failure  # not graded, as if its import had shown it: never run again
            raise failure
        raise replies.failure(slug, function, call_text, row, reply, source_file(self.impl_dir, slug))

    def _key(self, slug: str) -> tuple[object, ...]:
        return unanswered.attempt_key(source_file(self.impl_dir, slug), self.call_limit)

    def growth_below(
        self, slug: str, function: str, row: Sequence[int], shaped: Shaped | None = None
    ) -> tuple[str, None] | None:
        """How the time of ``function`` grows on the first coins of ``row`` (with ``shaped``, on shorter
        rows of its shape: ``too_slow.growth_before``), on which it was too slow (ran out of time, or took
        longer than a speed check allows): the line to say under that failure, as a failure's ``explain``
        gives it; None when a shorter row failed otherwise."""

        def time_row(coins: list[int], limit: float) -> float:
            return self.time_rows(slug, function, [coins], limit)[0]

        return growth_before(time_row, row, self.call_limit, by_slug(slug).time.order, shaped)

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
    """An attempt's function on fresh rows of one size, as a timing subject: it runs in the attempt's
    executor. With ``pings``, the round trip is timed in that caller's executor: an attempt's executor
    that is pinged tells the attempt it is timed, and the attempt could make the pings cost what its
    calls cost, and have its own time taken out."""

    caller: Caller
    slug: str
    function: str
    rows: FreshRows
    pings: Caller | None = None

    def run(self, number: int, limit: float) -> float:
        return self.caller.time_rows(self.slug, self.function, self.rows.take(number), limit)[0]

    def round_trip(self, number: int) -> float:
        """``number`` pings (``Caller.round_trip``) of the executor of ``pings``, else of the attempt's."""
        caller = self.caller if self.pings is None else self.pings
        return sum(caller.round_trip(self.slug) for _ in range(number))

    def peak(self, limit: float) -> int:
        (row,) = self.rows.take(1)
        return self.caller.traced_peak(self.slug, self.function, row, limit)


def timed_change(slug: str, function: str, row: Sequence[int], changed: object) -> str:
    """The message for a timed call of ``function`` on ``row`` that changed it (``changed``: the arguments
    after the call, as the executor sent them)."""
    after = decode(changed)
    shown = show_row(after[0]) if isinstance(after, list) and after else "something else"
    return values_messages.when_timed(checks_messages.changed_the_row(slug, show_call(function, row), shown))
