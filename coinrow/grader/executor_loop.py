"""The executor: the one process that runs an attempt. Standard library only: it imports nothing of coinrow.

``coinrow.grader.executor`` starts it (inside bubblewrap where there is one) as
``python -I -S loop.py ATTEMPT REPLY_FD FORBIDDEN PATHS``. It imports the attempt file on
the first request, then answers requests, one JSON line each on stdin, with one JSON line
each on ``REPLY_FD``::

    {"op": "import", "functions": ["score_difference"]}
    {"op": "call", "function": "score_difference", "args": [<value>, ...], "trace_seconds": null}
    {"op": "time", "function": "score_difference", "args": [<value>, ...], "number": 10}
    {"op": "fresh", "function": "score_difference", "args": [<value>, ...], "trace_seconds": null}

A ``fresh`` request is a call made in a copy of the process forked for it, which ends with it: the
attempt as it was imported, before any call, where the judge sends this process nothing else.

A reply is plain data, never a pickle: ``{"ok": <value>}``, ``{"not_attempted": true}``,
``{"raised": {...}}``, ``{"exit": <value>}``, ``{"input": true}``, ``{"recursion": {...}}``,
``{"no_function": true}``, ``{"borrowed": "<package>"}`` or ``{"elsewhere": {...}}``, with
``printed`` (the first lines the call printed), ``more`` (how many lines were not kept),
``changed`` (the arguments as they were after the call, when the call changed them) and
``peak`` (peak traced memory in bytes, of a traced call); ``{"fresh_ended": <status>}`` when the
copy of a ``fresh`` request ended without a reply (its exit status, or minus its signal's number).
Values (``encode``): ints as JSON numbers, or ``{"int": "<hex>"}`` past 2**53; ``{"float": "<hex>"}``;
``{"tuple": [...]}``; lists, strings, bools and null as themselves; anything else described as
``{"other": {"module", "name", "repr", "int"}}``.

The judge reads every reply as the attempt's own words: nothing in it counts for more
than what the attempt could have answered anyway. The CPU time of a call is read from
outside, by the judge, and a call past its limit is killed from outside.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import importlib.abc
import importlib.machinery
import importlib.util
import io
import json
import os
import resource
import select
import signal
import sys
import traceback
import tracemalloc
from collections.abc import Callable, Sequence
from types import FrameType, ModuleType
from typing import Any

LINE_KEPT = 200  # characters kept of each printed line
LINES_KEPT = 20  # lines kept of what one call prints
TEXT_KEPT = 10_000  # characters kept of a returned string or a repr
BIG_STACK = 1 << 30  # the C stack the judge starts this process with (RLIMIT_STACK)
DEEP_RECURSION_CAP = 120_000  # frames that fit in BIG_STACK, with room to spare (lru_cache levels included)
SHALLOW_RECURSION_CAP = 15_000  # frames that fit in the usual 8 MiB stack
MAX_DEPTH = 50  # nesting of a returned value past which it is described, not sent
MAX_ITEMS = 5_000_000  # items of a returned value past which it is described, not sent
Reply = dict[str, Any]


def recursion_cap() -> int:
    """The highest recursion limit the attempt may set here: deep when the C stack is big enough."""
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    big = soft == resource.RLIM_INFINITY or soft >= BIG_STACK
    return DEEP_RECURSION_CAP if big else SHALLOW_RECURSION_CAP


class Limits:
    """The recursion limits while the attempt ran: the one before, the highest, whether one was capped."""

    def __init__(self) -> None:
        self.original = sys.getrecursionlimit()
        self.highest = self.original
        self.capped = False


class NoInput(EOFError):
    """Raised when the attempt asks for input: the grader gives none."""


class TraceDone(BaseException):
    """Ends a traced call once it has run its traced seconds: its peak memory has shown by then."""


class NoStdin(io.TextIOBase):
    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        raise NoInput("the grader gives no input")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.read()


class Printed(io.TextIOBase):
    """What the attempt prints: the first lines, each cut short, and a count of the rest."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.more = 0
        self.partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        if len(self.lines) >= LINES_KEPT:
            self.more += text.count("\n")
            return len(text)
        if "\n" not in text:
            self.partial = (self.partial + text)[:LINE_KEPT]
            return len(text)
        *complete, rest = text.split("\n")
        complete[0] = self.partial + complete[0]
        self.partial = rest[:LINE_KEPT]
        for line in complete:
            if len(self.lines) < LINES_KEPT:
                self.lines.append(line[:LINE_KEPT])
            else:
                self.more += 1
        return len(text)

    def finish(self) -> None:
        if self.partial:
            self.write("\n")


class Borrowed(ImportError):
    """An import of a package the attempt may not use (the grader's own, the references, the suite)."""


class Forbidden(importlib.abc.MetaPathFinder):
    """Refuses the packages the judge names: wherever they could be found, the attempt may not load them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = set(names)

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name.partition(".")[0] in self.names:
            raise Borrowed(name.partition(".")[0])
        return None


def cut(text: str, width: int = TEXT_KEPT) -> str:
    return text if len(text) <= width else text[: width - 30] + " … " + text[-20:]


def describe(value: object) -> Reply:
    """A value the judge does not rebuild, described: its type's module and name, its repr, its int value."""
    kind = type(value)
    try:
        shown = cut(repr(value))
    except Exception:  # noqa: BLE001 - a repr that raises (or an int past the repr limit) is described
        digits = f" of about {value.bit_length() * 3 // 10} digits" if isinstance(value, int) else ""
        shown = f"<{kind.__name__}{digits}>"
    as_int = hex(int.__index__(value)) if isinstance(value, int) else None
    return {"other": {"module": kind.__module__, "name": kind.__qualname__, "repr": shown, "int": as_int}}


class TooBig(Exception):
    pass


def encode(value: object, depth: int = 0, budget: list[int] | None = None) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    budget = budget if budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise TooBig
    kind = type(value)
    if value is None or kind is bool:
        return value
    if isinstance(value, int) and kind is int:
        return value if -(2**53) < value < 2**53 else {"int": hex(value)}
    if isinstance(value, float) and kind is float:
        return {"float": value.hex()}
    if isinstance(value, str) and kind is str:
        return cut(value)
    if isinstance(value, list) and kind is list:
        return [encode(item, depth + 1, budget) for item in value]
    if isinstance(value, tuple) and kind is tuple:
        return {"tuple": [encode(item, depth + 1, budget) for item in value]}
    return describe(value)


def encode_or_describe(value: object) -> Any:
    try:
        return encode(value)
    except (TooBig, RecursionError):
        return describe(value)


def decode(data: Any) -> Any:
    """The judge's plain data (rows: lists or tuples of ints) back as Python values."""
    if isinstance(data, dict):
        if "int" in data:
            return int(data["int"], 16)
        if "tuple" in data:
            return tuple(decode(item) for item in data["tuple"])
        raise ValueError(f"not a value the judge sends: {data!r}")
    if isinstance(data, list):
        return [decode(item) for item in data]
    return data


def frame_in(error: BaseException, attempt: str) -> Reply | None:
    """The place in the attempt's file an error comes from: its line number and source line, or None."""
    if isinstance(error, SyntaxError) and error.lineno:
        name = os.path.basename(error.filename or attempt)
        return {"syntax": True, "file": name, "line": error.lineno, "text": error.text or "",
                "offset": error.offset or 0, "msg": str(error.msg)}  # fmt: skip
    mine = [f for f in traceback.extract_tb(error.__traceback__) if os.path.realpath(f.filename) == attempt]
    if not mine:
        return None
    return {"syntax": False, "file": os.path.basename(attempt), "line": mine[-1].lineno,
            "text": mine[-1].line or ""}  # fmt: skip


def raised(error: BaseException, attempt: str) -> Reply:
    """An exception as plain data: its type's name and ancestry, its message, its place in the attempt."""
    try:
        message = cut(str(error), 2000)
    except Exception:  # noqa: BLE001 - a __str__ that raises
        message = "<its message could not be read>"
    ancestry = [f"{k.__module__}.{k.__qualname__}" for k in type(error).__mro__]
    return {"raised": {"type": type(error).__name__, "ancestry": ancestry, "message": message,
                       "where": frame_in(error, attempt)}}  # fmt: skip


class Executor:
    """The attempt, imported once, and every call into it."""

    def __init__(self, attempt: str, forbidden: Sequence[str]) -> None:
        self.attempt = os.path.realpath(attempt)
        self.module: ModuleType | None = None
        self.import_reply: Reply | None = None
        self.recursion_limit: int | None = None  # the limit the file set while imported, kept for its calls
        self.printed = Printed()  # what the last call printed
        sys.meta_path.insert(0, Forbidden(forbidden))

    def run(self, action: Callable[[], Any], limits: Limits) -> tuple[Any, Printed]:
        """Run ``action()`` with captured output (kept in ``printed``, whatever happens), no stdin and a
        capped recursion limit."""
        printed = self.printed = Printed()
        setter = sys.setrecursionlimit
        cap = recursion_cap()

        def capped(limit: int) -> None:
            setter(limit)  # refuses what the real one refuses
            setter(min(limit, cap))
            limits.highest = max(limits.highest, sys.getrecursionlimit())
            limits.capped = limits.capped or limit > cap

        if self.recursion_limit is not None:
            capped(self.recursion_limit)
        saved = sys.stdin, sys.stdout, sys.stderr
        sys.stdin, sys.stdout, sys.stderr = NoStdin(), printed, printed
        sys.setrecursionlimit = capped
        try:
            try:
                return action(), printed
            finally:
                sys.setrecursionlimit = setter
                sys.stdin, sys.stdout, sys.stderr = saved
                setter(limits.original)
        finally:
            printed.finish()

    def load(self, functions: Sequence[str] = ()) -> Reply:
        """Import the attempt once; the reply says how it went (the same reply on every later request)."""
        if self.import_reply is not None:
            return self.import_reply
        limits = Limits()
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
        try:
            (self.module, limit), _ = self.run(load, limits)
            if limits.highest > limits.original:
                self.recursion_limit = limit
            reply = {"ok": None, "elsewhere": self.defined_elsewhere(functions)}
        except Borrowed as error:
            reply = {"borrowed": str(error)}
        except BaseException as error:  # noqa: BLE001 - every import failure is reported
            reply = raised(error, self.attempt)
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

    def call(self, request: Reply) -> Reply:
        loaded = self.load()
        if "ok" not in loaded:
            return loaded
        target = getattr(self.module, str(request["function"]), None)
        if not callable(target):
            return {"no_function": True}
        args = decode(request["args"])
        if request["op"] == "time":
            return self.time(target, args, int(request.get("number", 1)))
        before = copy.deepcopy(args)
        limits = Limits()
        trace = request.get("trace_seconds")
        reply: Reply = {}
        self.printed = Printed()
        try:
            if trace is not None:
                tracemalloc.start()
                signal.signal(signal.SIGPROF, self._trace_done)
                signal.setitimer(signal.ITIMER_PROF, float(trace))
            answer, _ = self.run(lambda: target(*args), limits)
            reply = {"ok": encode_or_describe(answer)}
        except TraceDone:
            reply = {"traced": True}
        except NotImplementedError:
            reply = {"not_attempted": True}
        except RecursionError:
            reply = {"recursion": {"original": limits.original, "highest": limits.highest,
                                   "capped": limits.capped, "cap": recursion_cap()}}  # fmt: skip
        except SystemExit as error:
            reply = {"exit": encode_or_describe(error.code)}
        except NoInput:
            reply = {"input": True}
        except Borrowed as error:
            reply = {"borrowed": str(error)}
        except BaseException as error:  # noqa: BLE001 - every error of the attempt's is reported
            reply = raised(error, self.attempt)
        finally:
            if trace is not None:
                signal.setitimer(signal.ITIMER_PROF, 0)
                reply["peak"] = tracemalloc.get_traced_memory()[1]
                tracemalloc.stop()
        reply["printed"], reply["more"] = self.printed.lines, self.printed.more
        if args != before:
            reply["changed"] = encode_or_describe(args)
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
        raise TraceDone

    def time(self, target: Callable[..., Any], args: list[Any], number: int) -> Reply:
        """Call ``target`` ``number`` times, each on a fresh copy of the arguments; the judge times it.
        The reply holds the last call's answer: the judge checks it too, as an attempt may answer a timed
        call otherwise than a plain one."""
        copies = [copy.deepcopy(args) for _ in range(number)]
        gc.collect()  # as timeit does: garbage from before is not this call's, and no collection runs in it
        gc.disable()
        try:
            answers, _ = self.run(lambda: [target(*each) for each in copies], Limits())
        except BaseException as error:  # noqa: BLE001 - a timed call that fails is reported as it is
            return raised(error, self.attempt)
        finally:
            gc.enable()
        return {"ok": encode_or_describe(answers[-1] if answers else None)}


def serve(attempt: str, forbidden: Sequence[str], reply_fd: int, paths: Sequence[str]) -> None:
    """Answer requests from stdin on ``reply_fd`` until stdin closes; ``paths`` join ``sys.path``."""
    sys.set_int_max_str_digits(0)
    sys.path.extend(paths)
    replies = os.fdopen(os.dup(reply_fd), "w", encoding="utf-8")
    os.close(reply_fd)
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    executor = Executor(attempt, forbidden)
    for line in requests:
        request = json.loads(line)
        if request["op"] == "import":
            reply = executor.load(request.get("functions", ()))
        elif request["op"] == "fresh":
            reply = executor.fresh(request)
        else:
            reply = executor.call(request)
        replies.write(json.dumps(reply) + "\n")
        replies.flush()


if __name__ == "__main__":  # loop.py ATTEMPT REPLY_FD FORBIDDEN,NAMES PATH:PATH
    attempt_file, fd, names, extra_paths = sys.argv[1:5]
    serve(attempt_file, names.split(",") if names else [], int(fd), extra_paths.split(os.pathsep))
