"""The executor: the one process that runs an attempt. Standard library only: it imports nothing of coinrow.

``coinrow.grader.executor.process`` starts it (inside bubblewrap where there is one) as
``python -I -S loop.py ATTEMPT REPLY_FD FORBIDDEN PATHS CPU_CAP PRINTED_FD``, and it caps itself
(``limits.py`` beside it) before anything else. It imports the attempt file on
the first request, then answers requests, one JSON line each on stdin, with one JSON line
each on ``REPLY_FD``::

    {"op": "import", "functions": ["score_difference"]}
    {"op": "call", "function": "score_difference", "args": [<value>, ...], "trace_seconds": null}
    {"op": "fresh", "function": "score_difference", "args": [<value>, ...], "trace_seconds": null}
    {"op": "collect"}
    {"op": "ping", "args": [<value>, ...]}

A timed call is a ``call`` like any other (the judge reads its CPU time from outside): nothing here
tells a measured call from a checked one. A ``fresh`` request is a call made in a copy of the process
forked for it, which ends with it: the attempt as it was imported, before any call, where the judge
sends this process nothing else. A ``collect`` request runs a full collection of the garbage collector
(``Executor.request`` sends one between calls once the process holds much), and replies ``{"ok": null}``. A
``ping`` is a call of a function of the executor's own that does nothing, on the arguments it carries (a
row of two coins), made every way a call is: what every call costs beside the attempt's code and a longer
row, the round trip the judge takes out of timed calls.

A reply is plain data, never a pickle: ``{"ok": <value>}``, ``{"not_attempted": true}``,
``{"raised": {...}}``, ``{"exit": <value>}``, ``{"input": true}``, ``{"recursion": {...}}``,
``{"no_function": true}``, ``{"borrowed": "<package>"}`` or ``{"elsewhere": {...}}``, with
``printed`` (the first characters the call printed, ``limits.PRINTED_KEPT`` at most), ``more`` (how
many characters it printed past those), ``printed_bytes`` (the bytes it printed in all, UTF-8),
``changed`` (the arguments as they were after the call, when the call changed them) and
``peak`` (peak traced memory in bytes, of a traced call); ``{"fresh_ended": <status>}`` when the
copy of a ``fresh`` request ended without a reply (its exit status, or minus its signal's number).
Every byte printed is also counted in ``PRINTED_FD`` (``streams.Tally``), which the judge reads
after a call it ended: such a call sends no reply. Each reply is signed (``leftover.signed``: the
writer's pid, the request's ``seq``, whether the call left a process running), after a first line
``{"ready": <pid>}`` that names this process.
Values (``encode``): ints as JSON numbers, or ``{"int": "<hex>"}`` past 2**53; ``{"float": "<hex>"}``;
``{"tuple": [...]}``; lists, strings, bools and null as themselves (a list or tuple subclass as its
items); anything else described as
``{"other": {"module", "name", "repr", "int"}}``.

The judge reads every reply as the attempt's own words: nothing in it counts for more
than what the attempt could have answered anyway. The CPU time of a call is read from
outside, by the judge, and a call past its limit is killed from outside.
"""

from __future__ import annotations

import _thread
import _tracemalloc  # the module behind tracemalloc, guarded with it (``_Tracing``)
import contextlib
import copy
import gc
import importlib
import importlib.util
import json
import os
import select
import signal
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Any


def _nothing(*args: object) -> None:
    """What a ping calls, on whatever it carries: no code of the attempt's."""


def _siblings_as_package() -> None:
    """Run by its path (``python -I -S loop.py``), this file has no package: its folder is made the private
    package ``_executor`` so the modules beside it, which import each other relatively, can be loaded."""
    folder = os.path.dirname(os.path.realpath(__file__))
    spec = importlib.util.spec_from_file_location(
        "_executor", os.path.join(folder, "__init__.py"), submodule_search_locations=[folder]
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the executor's modules from {folder}")
    package = importlib.util.module_from_spec(spec)
    sys.modules["_executor"] = package
    spec.loader.exec_module(package)


if TYPE_CHECKING or __package__:
    from . import leftover, limits, replies, streams
else:
    _siblings_as_package()
    leftover = importlib.import_module("_executor.leftover")
    limits = importlib.import_module("_executor.limits")
    replies = importlib.import_module("_executor.replies")
    streams = importlib.import_module("_executor.streams")

Reply = dict[str, Any]


class AttemptRunner:
    """The attempt, imported once, and every call into it (the judge's handle on this process is
    ``coinrow.grader.executor.process.Executor``)."""

    def __init__(self, attempt: str, forbidden: Sequence[str], tally: streams.Tally | None = None) -> None:
        self.attempt = os.path.realpath(attempt)
        self.tally = tally if tally is not None else streams.Tally()  # bytes printed in all its calls
        self.module: ModuleType | None = None
        self.import_reply: Reply | None = None
        self.recursion_limit: int | None = None  # the limit the file set while imported, kept for its calls
        self.printed = streams.CapturedOutput(self.tally)  # what the last call printed
        sys.meta_path.insert(0, streams.Forbidden(forbidden))

    def run(
        self, action: Callable[[], Any], seen: limits.RecursionSeen
    ) -> tuple[Any, streams.CapturedOutput]:
        """Run ``action()`` with captured output (kept in ``printed``, whatever happens), no stdin and a
        capped recursion limit."""
        printed = self.printed = streams.CapturedOutput(self.tally)
        setter = sys.setrecursionlimit
        cap = limits.recursion_cap()

        def capped(limit: int) -> None:
            setter(limit)  # refuses what the real one refuses
            setter(min(limit, cap))
            seen.last = sys.getrecursionlimit()
            seen.highest = max(seen.highest, seen.last)
            seen.capped = seen.capped or limit > cap

        if self.recursion_limit is not None:
            capped(self.recursion_limit)
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = streams.NoStdin(), printed, printed
        sys.setrecursionlimit = capped
        try:
            return action(), printed
        finally:
            sys.setrecursionlimit = setter
            sys.stdin, sys.stdout, sys.stderr = saved
            setter(seen.original)

    def load(self, functions: Sequence[str] = ()) -> Reply:
        """Import the attempt once; the reply says how it went (the same reply on every later request)."""
        if self.import_reply is not None:
            return self.import_reply
        seen = limits.RecursionSeen()
        name = "_attempt_" + os.path.splitext(os.path.basename(self.attempt))[0]

        def load() -> tuple[ModuleType, int]:
            spec = importlib.util.spec_from_file_location(name, self.attempt)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot import {self.attempt}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
            return module, sys.getrecursionlimit()

        reply: Reply
        _Tracing.guard()  # before any of the attempt's code runs
        try:
            (self.module, limit), _ = self.run(load, seen)
            if seen.highest > seen.original:
                self.recursion_limit = limit
            reply = {"ok": None, "elsewhere": self.defined_elsewhere(functions)}
        except streams.Borrowed as error:
            reply = {"borrowed": str(error)}
        except BaseException as error:  # noqa: BLE001 - every import failure is reported
            reply = replies.raised(error, self.attempt)
        self.import_reply = reply
        return reply

    def defined_elsewhere(self, functions: Sequence[str]) -> dict[str, str]:
        """The graded functions whose code is in another file than the attempt: by name, that file."""
        found = {}
        for name in functions:
            code = getattr(getattr(self.module, name, None), "__code__", None)
            where = getattr(code, "co_filename", None)
            if isinstance(where, str) and os.path.realpath(where) != self.attempt:
                found[name] = where
        return found

    def call(self, request: Reply, target: Callable[..., object] | None = None) -> Reply:
        """Call the attempt's ``request["function"]``, or ``target`` (a ping), on ``request["args"]``, the
        same way: its answer, what it printed, and what it changed of its arguments."""
        loaded = self.load()
        if "ok" not in loaded:
            return loaded
        if target is None:
            target = getattr(self.module, str(request["function"]), None)
        if not callable(target):
            return {"no_function": True}
        args = replies.from_wire(request["args"])
        before = [_copied(arg) for arg in args]
        seen = limits.RecursionSeen()
        trace = request.get("trace_seconds")  # a call that ends itself after so many CPU seconds
        traced = request.get("traced", True)  # its memory traced
        reply: Reply = {}
        self.printed = streams.CapturedOutput(self.tally)
        try:
            if trace is not None:
                if traced:
                    _Tracing.begin()
                signal.signal(signal.SIGPROF, self._trace_done)
                signal.setitimer(signal.ITIMER_PROF, float(trace))
            answer, _ = self.run(lambda: target(*args), seen)
            reply = {"ok": replies.to_wire_or_described(answer)}
        except streams.TraceDone:
            reply = {"traced": True}
        except NotImplementedError:
            reply = {"not_attempted": True}
        except RecursionError:
            reply = {"recursion": {"original": seen.original, "last": seen.last,
                                   "capped": seen.capped, "cap": limits.recursion_cap()}}  # fmt: skip
        except SystemExit as error:
            reply = {"exit": replies.to_wire_or_described(error.code)}
        except streams.NoInput:
            reply = {"input": True}
        except streams.Borrowed as error:
            reply = {"borrowed": str(error)}
        except BaseException as error:  # noqa: BLE001 - every error of the attempt's is reported
            reply = replies.raised(error, self.attempt)
        finally:
            if trace is not None:
                signal.setitimer(signal.ITIMER_PROF, 0)
                if traced:
                    reply["peak"], tampered = _Tracing.end()
                    if tampered:
                        reply["trace_tampered"] = True
        printed = self.printed
        reply["printed"], reply["more"], reply["printed_bytes"] = printed.text, printed.more, printed.bytes
        if args != before:
            reply["changed"] = replies.to_wire_or_described(args)
        return reply

    def fresh(self, request: Reply) -> Reply:
        """``call`` in a copy of this process forked for it, which replies through a pipe and ends: the
        copy holds the attempt as this process has it, never called when only these are asked for."""
        self.load()
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the copy: never returns
            try:
                os.close(read_end)
                with os.fdopen(write_end, "w", encoding="utf-8") as out:
                    out.write(json.dumps(self.call({**request, "op": "call"})))
            finally:
                os._exit(0)
        os.close(write_end)
        text, status = self._relayed(read_end, pid)
        try:
            reply = json.loads(text)
        except (ValueError, RecursionError):
            reply = None
        return reply if isinstance(reply, dict) else {"fresh_ended": os.waitstatus_to_exitcode(status)}

    @staticmethod
    def _relayed(read_end: int, pid: int) -> tuple[str, int]:
        """What the copy ``pid`` wrote to the pipe, read until the copy has ended (a process it started
        may hold the pipe open for ever), and the copy's wait status."""
        chunks: list[bytes] = []
        status, closed = None, False
        while status is None:
            if not closed and select.select([read_end], [], [], 0.05)[0]:
                chunk = os.read(read_end, 1 << 20)
                chunks.append(chunk)
                closed = not chunk
                continue
            ended, code = os.waitpid(pid, 0 if closed else os.WNOHANG)
            if ended:
                status = code
        os.set_blocking(read_end, False)
        with contextlib.suppress(BlockingIOError):
            while not closed and (chunk := os.read(read_end, 1 << 20)):  # written just before it ended
                chunks.append(chunk)
        os.close(read_end)
        return b"".join(chunks).decode("utf-8", errors="replace"), status

    @staticmethod
    def _trace_done(signum: int, frame: FrameType | None) -> None:
        raise streams.TraceDone


class _Tracing:
    """``tracemalloc`` as the executor alone may drive it. Before the attempt is imported the functions that
    start, stop, clear or reset the tracing are replaced, in ``tracemalloc`` and ``_tracemalloc`` alike, by
    one that does nothing but note that it was called (``tampered``); the executor keeps the real ones.
    A traced call that called one, or after which tracing is off, is told as tampering. Code that makes the
    module anew from the interpreter (``_imp.create_builtin``) or reaches its state in C is not seen: the
    judge's reading of resident memory from the kernel is what stands against it."""

    tampered = False
    start, stop, peak = tracemalloc.start, tracemalloc.stop, tracemalloc.get_traced_memory
    GUARDED = ("start", "stop", "reset_peak", "clear_traces")

    @classmethod
    def guard(cls) -> None:
        def refused(*args: object, **kwargs: object) -> None:
            cls.tampered = True

        for module in (tracemalloc, _tracemalloc):
            for name in cls.GUARDED:
                setattr(module, name, refused)

    @classmethod
    def begin(cls) -> None:
        cls.tampered = False
        cls.start()

    @classmethod
    def end(cls) -> tuple[int, bool]:
        """Stop the tracing: ``(peak bytes, tampered)``."""
        tracing = tracemalloc.is_tracing()
        peak = cls.peak()[1] if tracing else 0
        cls.stop()
        return peak, cls.tampered or not tracing


def _copied(value: Any) -> Any:
    """A copy of an argument, to see whether the call changed it: a row of ints is copied as a list (40
    times faster than ``copy.deepcopy``, which made a third of a call's CPU on a long row), anything
    else deeply."""
    if type(value) is list and all(type(item) is int for item in value):
        return list(value)
    return copy.deepcopy(value)


def serve(
    attempt: str, forbidden: Sequence[str], reply_fd: int, paths: Sequence[str], cpu_cap: int, printed_fd: int
) -> None:
    """Answer requests from stdin on ``reply_fd`` until stdin closes; ``paths`` join ``sys.path``; the
    process is capped first (``limits.cap_process``: ``cpu_cap`` CPU seconds in all, memory, file size;
    ``limits.keep_children_counted``: SIGCHLD's action fixed, so every child's CPU time reaches the tree's);
    bytes printed are counted in ``printed_fd`` (``streams.Tally``; -1: here only)."""
    limits.cap_process(cpu_cap)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # whatever the executor was started with
    limits.keep_children_counted()
    _thread.stack_size(limits.THREAD_STACK)  # _thread: threading would add its fork hooks to every copy
    leftover.adopt_orphans()
    sys.set_int_max_str_digits(0)
    sys.path.extend(paths)
    replies = os.fdopen(os.dup(reply_fd), "w", encoding="utf-8")
    os.close(reply_fd)
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    runner = AttemptRunner(attempt, forbidden, streams.Tally(printed_fd if printed_fd >= 0 else None))
    replies.write(json.dumps({"ready": os.getpid()}) + "\n")  # the judge knows its executor by this
    replies.flush()
    for line in requests:
        request = json.loads(line)
        before = leftover.existing()
        if request["op"] == "import":
            reply = runner.load(request.get("functions", ()))
        elif request["op"] == "fresh":
            reply = runner.fresh(request)
        elif request["op"] == "collect":  # between calls, untimed: the reference cycles they left
            gc.collect()
            reply = {"ok": None}
        elif request["op"] == "ping":  # the round trip: a call's every step, on none of the attempt's code
            reply = runner.call(request, target=_nothing)
        else:
            reply = runner.call(request)
        replies.write(json.dumps(leftover.signed(reply, request, before)) + "\n")
        replies.flush()


if __name__ == "__main__":  # loop.py ATTEMPT REPLY_FD FORBIDDEN,NAMES PATH:PATH CPU_CAP PRINTED_FD
    attempt_file, fd, names, extra_paths, cap, printed_to = sys.argv[1:7]
    forbidden, paths = names.split(",") if names else [], extra_paths.split(os.pathsep)
    serve(attempt_file, forbidden, int(fd), paths, int(cap), int(printed_to))
