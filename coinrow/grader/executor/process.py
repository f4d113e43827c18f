"""The judge's side of the executor: start the process that runs an attempt, send it calls, time and end them.

The attempt runs in a process of its own (``coinrow/grader/executor/inside/loop.py``, standard library
only), inside bubblewrap where it is installed (``coinrow.grader.executor.sandbox``); the judge, which holds
the checks, the oracle and the records, never imports or runs the attempt. A call's CPU time is read from
outside, from the executor's process tree, and a call past its limit (or waiting without computing) is
killed, never asked to stop; the next call starts a fresh executor. Replies are plain data (``wire``).
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from coinrow.game.settings import CALL_LIMIT
from coinrow.grader.executor.accounting import cpu_seconds, grown_most, reset_peaks, resident_kib
from coinrow.grader.executor.as_user import staged
from coinrow.grader.executor.inside.limits import (
    CAPS_EVERY,
    REPLY_CAP,
    TREE_EVERY,
    cpu_cap_for,
    tree_memory_cap,
)
from coinrow.grader.executor.memory_box import MemoryBox, boxed, killed_in
from coinrow.grader.executor.processes import Cap, census, kill_tree
from coinrow.grader.executor.requests import GiveUp, Outcome, PrintedCount, command_env, judged_reply
from coinrow.grader.executor.sandbox import Jail, folder_identity, jail_command
from coinrow.grader.executor.stack import raise_stack_limit
from coinrow.grader.executor.time_limit import STALL_SHARE, demand, wait_until_quiet
from coinrow.grader.executor.wire import SURROGATE_ESCAPE, ReplyPipe, without_lone_surrogates
from coinrow.grader.messages import stops

LOOP = Path(__file__).resolve().parent / "inside" / "loop.py"
POLL = 0.05  # seconds between looks at a running call's CPU time (each reads the clocks of its processes)
STARTUP_CPU = 2.0  # CPU seconds an import may take beyond the call limit: the interpreter starts, NumPy loads
SETTLE_AT_MOST = 2.0  # seconds ``Executor.settle`` waits at most
BOX_ROOM = 1.25  # the kernel's cap on a tree's memory, over the looks' (``memory_box``): a backstop to them
# share of ``tree_memory_cap()`` the executor's processes may hold before the judge asks it to collect its
# garbage, between two calls (``Executor.request``)
GARBAGE_SHARE = 0.25
COLLECT_CPU = 10.0  # CPU seconds a collection may take (an attempt's finalizers run in it)


@dataclass
class _Waiting:
    """One request's wait for its reply: its limits, and the clocks its polls read (``Executor._poll``)."""

    root: int  # the executor's process, the root of its tree
    start_cpu: float  # CPU seconds of the tree as the request was sent
    cpu_limit: float
    wait_limit: float
    give_up: GiveUp | None
    last_wall: float  # when the last poll was (seconds, ``time.monotonic``)
    last_demand: float = -1.0  # the tree's demand at that poll; below 0 until the first poll
    stalled: float = 0.0  # seconds the tree has waited in a row
    tree_looked: float = field(init=False)  # when the tree was last looked up during the wait

    def __post_init__(self) -> None:
        self.tree_looked = self.last_wall


@dataclass
class Executor:
    """One attempt file's executor process; started on the first request, again after one it ended.

    Args:
        attempt: the attempt's file (``<folder>/<slug>/<slug>.py``).
        jail: how to seal it (``coinrow.grader.executor.sandbox.find_jail``); None runs it unsealed.
        forbidden: top-level packages the attempt may not import (the grader's own, the references).
        cpu_cap: CPU seconds the process may use in all (``inside/limits.py``'s ``cpu_cap_for``), a backstop
            to the per-call limit the judge enforces from outside.
    """

    attempt: Path
    jail: Jail | None
    forbidden: tuple[str, ...] = ()
    cpu_cap: int = cpu_cap_for(CALL_LIMIT)
    process: subprocess.Popen[bytes] | None = None
    _replies: ReplyPipe | None = None  # what the process answers on
    started: int = 0  # how many executors were started for this attempt
    _pids: tuple[int, ...] = ()  # the executor's process tree, as last looked up
    _resident_at_reset: dict[int, int] = field(default_factory=dict)  # KiB by pid (``reset_peak_memory``)
    _looked_at_reset: dict[int, int] = field(default_factory=dict)  # bytes by pid, as the looks read them
    _resident_seen: dict[int, int] = field(default_factory=dict)  # the most bytes each looked at held since
    _settled: bool = False  # ``settle`` was called since the process started
    _bound: tuple[int, int] | None = None  # the attempt's folder as it was when the process started
    _own: int | None = None  # the pid the loop gave in its first line (in its sandbox's numbering)
    _sent: int = 0  # requests sent: each carries its number (``seq``), and its reply must too
    _looked: float = 0.0  # when the tree was last looked at (``_look``); before a request, once a CAPS_EVERY
    _capped: Cap | None = None  # the cap the tree was past at that look
    _staged: Path | None = None  # the copies an unprivileged user's executor runs (``as_user.staged``)
    _box: MemoryBox | None = None  # the kernel's cap on the tree's memory, where one can be made
    _collected: int = 0  # bytes the tree held resident after its last collection (``_collect_garbage``)
    printed: PrintedCount | None = None  # the bytes the attempt printed (made anew as the process starts)

    def start(self) -> None:
        """Start the executor's process (ending what is left of an earlier one, and its box): its
        interpreter starts, then waits for the first request."""
        self.close()
        raise_stack_limit()  # the executor's C stack is the one in force when it starts
        self._bound = folder_identity(self.attempt.parent)
        reply_read, reply_write = os.pipe()
        self.printed = PrintedCount()
        attempt, loop, counted = self.attempt, LOOP, self.printed.fd
        if self.jail is not None and self.jail.user is not None:  # copies its user can read, made anew
            self._staged, attempt, loop = staged(self.attempt, LOOP)
        command = jail_command(self.jail, attempt, loop, self.forbidden, reply_write, self.cpu_cap, counted)
        command, self._box = boxed(command, int(BOX_ROOM * tree_memory_cap()))
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(reply_write, counted),
            close_fds=True,
            start_new_session=True,
            env=command_env(),
        )
        os.close(reply_write)
        self.printed.close_fd()
        self._replies = ReplyPipe(reply_read, REPLY_CAP)
        self._pids = (self.process.pid,)
        os.set_blocking(reply_read, False)
        self._settled, self._own, self._capped, self._looked = False, None, None, time.monotonic()
        self._collected = 0
        self.started += 1

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def folder_replaced(self) -> bool:
        """True when the attempt's folder is no longer the one there was as the process started (deleted,
        or moved and made anew): a sandbox binds the folder it found, and would import the old file."""
        return folder_identity(self.attempt.parent) != self._bound

    def request(
        self,
        data: dict[str, Any],
        cpu_limit: float,
        wait_limit: float,
        give_up: GiveUp | None = None,
        every: bool = False,
    ) -> Outcome:
        """Send one request; wait for its reply while the executor computes within ``cpu_limit`` CPU seconds,
        does not wait (demand under ``STALL_SHARE`` of a core) for ``wait_limit`` seconds in a row and, once
        slow to answer, ``give_up()`` is false (another caller learnt it is in vain). ``every``: the tree is
        looked up again at the reply, so a process the call left counts. A reply counts only from the loop's
        own process, to this request: any other line, or a call that left a process running, ends the executor
        and everything in it (``Outcome.stray``), as does a tree past a cap at any look, before the request
        too: what an import or an earlier call left running counts (``Outcome.capped``)."""
        if data["op"] != "collect" and (failed := self._collect_garbage(wait_limit)) is not None:
            return failed
        if not self.alive():
            self._capped = killed_in(self._box)  # the kernel may have ended it between two calls
            if self._capped is not None:
                return self._end(0.0)
            self.start()
        assert self.process is not None
        assert self.process.stdin is not None
        assert self._replies is not None
        replies, root = self._replies, self.process.pid
        if time.monotonic() - self._looked >= CAPS_EVERY:  # between calls: what is left running counts
            self._look(root, keep=False)
        if self._capped is not None:
            return self._end(0.0)
        start_cpu = self._cpu()
        if not self._send(data):
            return self._broke("the executor ended before it was asked", start_cpu)
        selector = selectors.DefaultSelector()
        selector.register(replies.fd, selectors.EVENT_READ)
        # waiting is counted from the first poll a call does not answer within (most answer sooner)
        waiting = _Waiting(root, start_cpu, cpu_limit, wait_limit, give_up, time.monotonic())
        polled = time.monotonic()
        try:
            while True:
                line = replies.line()
                if line is not None:
                    outcome = self._on_line(line, waiting, every)
                    if outcome is not None:  # None: the loop's first line, which names it
                        return outcome
                    continue
                if replies.ended:
                    why = "the executor ended without a reply"
                    if replies.too_long:
                        why = stops.reply_too_long(replies.cap)
                    return self._broke(why, self._cpu() - start_cpu)
                # a reply (or its end) has come: read it before any look at the clock, unless what comes is
                # a line that never ends, sent to keep the clock from being looked at
                if selector.select(POLL) and not (replies.partial and time.monotonic() - polled >= POLL):
                    continue
                polled = time.monotonic()
                outcome = self._poll(waiting)
                if outcome is not None:
                    return outcome
        finally:
            selector.close()

    def _collect_garbage(self, wait_limit: float) -> Outcome | None:
        """Have the executor collect its garbage, outside any call's time, once its tree holds more than
        ``GARBAGE_SHARE`` of the memory cap and twice what it held after its last collection.

        Reference cycles are freed only by a full collection of CPython's garbage collector, which its
        heuristics put off, and never make once an attempt turns the collector off: a dict memo its own
        nested, recursive function closes over is one. A program that runs once never needs it;
        the grader's hundreds of calls in one process would keep every call's table and stop a right
        answer at the cap. Collected inside a call, its cost would fall on the calls whose garbage
        crossed the line (the largest rows, every time) and bend the growth the check reads. The doubling
        keeps what the collections cost within a constant of what the calls allocated, however much an
        attempt holds on purpose.

        Returns:
            None once collected (or when no collection is due), else how the collection ended, which the
            request that follows ends with: the tree past a cap, a process the attempt's finalizers left,
            a crash, or more than ``COLLECT_CPU`` seconds, as a call doing the same would end (CPython
            runs those finalizers inside some call when it collects by itself).
        """
        if not self.alive() or self._resident() <= max(
            GARBAGE_SHARE * tree_memory_cap(), 2 * self._collected
        ):
            return None
        outcome = self.request({"op": "collect"}, COLLECT_CPU, wait_limit)
        self._collected = self._resident()  # 0 once ended: its processes are gone
        return None if outcome.reply is not None else outcome

    def _resident(self) -> int:
        """Bytes the tree's processes, as last looked up, hold resident now (``accounting.resident_kib``)."""
        return sum(resident_kib(pid, "VmRSS") for pid in self._pids) << 10

    def _send(self, data: dict[str, Any]) -> bool:
        """Send ``data`` as the next request, numbered (``seq``); False when it could not be written."""
        assert self.process is not None
        assert self.process.stdin is not None
        self._sent += 1
        try:
            self.process.stdin.write((json.dumps({**data, "seq": self._sent}) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return False
        return True

    def _on_line(self, line: bytes, waiting: _Waiting, every: bool) -> Outcome | None:
        """Judge one line the executor answered: the request's outcome, or None for the loop's first line."""
        if every:
            self._look(waiting.root)
        used = self._cpu() - waiting.start_cpu
        if len(self._pids) == 1:  # the first reply: the process that runs the loop exists now
            self._look(waiting.root)
        # the kernel holds the tree under its cap and may have killed in it since the last look
        self._capped = self._capped or killed_in(self._box)
        if self._capped is not None:
            return self._end(used)
        return self._parse(line, used)

    def _poll(self, waiting: _Waiting) -> Outcome | None:
        """One poll of a call not yet answered: its outcome once past a cap or a limit, or given up; else
        None (and ``waiting`` notes the demand and how long the tree has waited)."""
        now = time.monotonic()
        if waiting.last_demand < 0:
            waiting.last_wall, waiting.last_demand = now, self._demand()
            return None
        if now - waiting.tree_looked >= TREE_EVERY:
            self._look(waiting.root)  # what the call started counts too, and the caps are looked at
            waiting.tree_looked = now
        used = self._cpu() - waiting.start_cpu
        if self._capped is not None:
            return self._end(used)
        if used > waiting.cpu_limit:
            return self._end(used, "cpu")
        if waiting.give_up is not None and waiting.give_up():
            return self._end(used, "given up")
        wanted = self._demand()
        if wanted - waiting.last_demand < STALL_SHARE * (now - waiting.last_wall):
            waiting.stalled += now - waiting.last_wall
        else:
            waiting.stalled = 0.0
        waiting.last_wall, waiting.last_demand = now, wanted
        if waiting.stalled > waiting.wait_limit:
            return self._end(used, "waiting")
        return None

    def _parse(self, line: bytes, used: float) -> Outcome | None:
        try:
            reply = json.loads(line)
            if SURROGATE_ESCAPE.search(line):  # text no UTF-8 writer takes: its lone surrogates escaped
                reply = without_lone_surrogates(reply)
        except (ValueError, RecursionError):  # nested past the parser's depth: no reply either
            return self._broke("the executor answered what is no reply", used)
        if not isinstance(reply, dict):
            return self._broke("the executor answered what is no reply", used)
        if self._own is None and type(reply.get("ready")) is int:
            self._own = reply["ready"]
            return None
        outcome = judged_reply(reply, self._own, self._sent, used)
        if outcome.stray is not None:
            self.close()  # the stray process with it
        return outcome

    def settle(self, at_most: float = SETTLE_AT_MOST) -> None:
        """Once per executor process: wait, up to ``at_most`` seconds, until no process of the executor
        computes for a moment (``time_limit.wait_until_quiet``), or its tree is past a cap.

        A process the attempt started as it was imported, an interpreter say, may still be starting: its
        growth would be counted in the next traced call's memory (an interpreter grows by about 9 MiB).
        A tree still computing at ``at_most`` is waited for no longer: what it does then counts.
        """
        if self._settled or not self.alive():
            return
        self._settled = True
        assert self.process is not None
        root = self.process.pid

        def past_a_cap() -> bool:  # a starting process may start more
            self._look(root)
            return self._capped is not None  # past a cap: the next request ends it

        wait_until_quiet(past_a_cap, self._demand, at_most)

    def reset_peak_memory(self) -> None:
        """Start a new peak of resident memory for every process of the executor (``peak_memory``)."""
        self._resident_at_reset = reset_peaks(self._pids)
        self._resident_seen, self._looked_at_reset = {}, {}
        if self.process is not None:  # the looks' own reading, to measure what they see against
            found = census(self.process.pid)
            self._looked_at_reset = dict(zip(found.pids, found.each, strict=False))

    def peak_memory(self) -> int:
        """Bytes the largest process of the executor grew by, at its peak, since ``reset_peak_memory``:
        read by the kernel, out of the attempt's reach (0 where /proc does not tell). One started since (a
        worker) grows from the largest size at the reset (a copy's parent's): at its peak if alive at the
        last look, else by the most any look saw it hold (a worker that ended before the call answered)."""
        at_reset, start = self._looked_at_reset, max(self._looked_at_reset.values(), default=0)
        seen = [held - at_reset.get(pid, start) for pid, held in self._resident_seen.items()]
        return max(grown_most(self._resident_at_reset, self._pids), *seen, 0)

    def _look(self, root: int, keep: bool = True) -> None:
        """Look at the executor's tree: note the cap it is past, if any, and (``keep``) its processes,
        whose CPU counts from then on."""
        found = census(root)
        self._looked, self._capped = time.monotonic(), found.over_cap() or killed_in(self._box)
        for pid, held in zip(found.pids, found.each, strict=False):
            self._resident_seen[pid] = max(held, self._resident_seen.get(pid, 0))
        if keep:
            self._pids = found.pids

    def _end(self, used: float, why: str | None = None) -> Outcome:
        """End the executor, every process of its tree: past ``why`` (a limit), else the cap it is past."""
        capped = self._capped
        self.close()
        return Outcome(None, used, ended=why, capped=None if why else capped)

    def _cpu(self) -> float:
        """CPU seconds of the executor's tree as last looked up (looked up again while a call runs long)."""
        return sum(cpu_seconds(pid) for pid in self._pids)

    def _demand(self) -> float:
        return sum(demand(pid) for pid in self._pids)

    def _broke(self, why: str, used: float) -> Outcome:
        self._capped = killed_in(self._box)  # the kernel killed in the tree for its memory
        if self._capped is not None:
            return self._end(used)
        status = None
        ended = self._replies is not None and self._replies.ended
        if self.process is not None and ended:  # its replies ended: how did the process end?
            with contextlib.suppress(subprocess.TimeoutExpired):
                status = self.process.wait(timeout=2)
            if status is not None and self.jail is not None and self.jail.bwrap and status > 128:
                status = 128 - status  # bubblewrap passes a signal's end on as 128 + its number
        self.close()
        return Outcome(None, used, broken=why, status=status)

    def close(self) -> None:
        """End the executor and everything it started."""
        if self.process is None:
            return
        kill_tree(self.process.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        if self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
        if self._replies is not None:
            self._replies.close()
        if self._box is not None:
            self._box.remove()
        if self._staged is not None:
            shutil.rmtree(self._staged, ignore_errors=True)
        self.process, self._replies, self._box, self._staged = None, None, None, None
