"""The attempt's side of the wire: a value it returned, or an error it raised, as plain JSON data.

The judge's side (``coinrow.grader.executor.wire``) reads what this writes and writes the rows this
reads. Standard library only (loaded by path, inside the sandbox).
"""

from __future__ import annotations

import errno
import os
import resource
import traceback
from typing import Any

from .limits import SENT_DEPTH, SENT_ITEMS, TEXT_KEPT, WRITABLE_CAPS

Reply = dict[str, Any]


def cut(text: str, width: int = TEXT_KEPT) -> str:
    return text if len(text) <= width else text[: width - 30] + " … " + text[-20:]


def describe(value: object) -> Reply:
    """A value the judge does not rebuild, described: its type's module and name, its repr, its int value."""
    kind = type(value)
    number = value if issubclass(kind, int) else None  # the type, never ``__class__``, says it is an int
    try:
        shown = cut(repr(value))
    except Exception:  # noqa: BLE001 - a repr that raises (or an int past the repr limit) is described
        about = int.bit_length(number) * 30103 // 100000 + 1 if isinstance(number, int) else None
        digits = "" if about is None else f" of about {about} digits"  # bits times log10 2, plus one
        shown = f"<{kind.__name__}{digits}>"
    as_int = hex(int.__index__(number)) if isinstance(number, int) else None
    return {"other": {"module": kind.__module__, "name": kind.__qualname__, "repr": shown, "int": as_int}}


class TooBig(Exception):
    pass


def to_wire(value: object, depth: int = 0, budget: list[int] | None = None) -> Any:
    """``value`` as plain JSON data (see the module docstring)."""
    budget = budget if budget is not None else [SENT_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or depth > SENT_DEPTH:
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
    if issubclass(kind, list | tuple):  # a subclass (a named tuple) as its items, never by its own methods
        base: Any = list if issubclass(kind, list) else tuple  # the type, never ``__class__``, says which
        items = [to_wire(item, depth + 1, budget) for item in base.__iter__(value)]
        return items if base is list else {"tuple": items}
    return describe(value)


def to_wire_or_described(value: object) -> Any:
    """``value`` as wire data, or described when it is too big or too deep to send."""
    try:
        return to_wire(value)
    except (TooBig, RecursionError):
        return describe(value)


def from_wire(data: Any) -> Any:
    """The judge's plain data (rows: lists or tuples of ints) back as Python values."""
    if isinstance(data, dict):
        if "int" in data:
            return int(data["int"], 16)
        if "tuple" in data:
            return tuple(from_wire(item) for item in data["tuple"])
        raise ValueError(f"not a value the judge sends: {data!r}")
    if isinstance(data, list):
        return [from_wire(item) for item in data]
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
    described = {"type": type(error).__name__, "ancestry": ancestry, "message": message,
                 "where": frame_in(error, attempt)}  # fmt: skip
    try:
        past = past_a_cap(error)
    except Exception:  # noqa: BLE001 - an error whose attributes raise is reported as it is
        past = None
    if past is not None:
        described["past_a_cap"] = past
    return {"raised": described}


def past_a_cap(error: BaseException) -> Reply | None:
    """What an error that is a filesystem's or a file's cap reached (``ENOSPC``, ``EFBIG``; the error itself
    or one it was raised from or during, 10 deep at most) says of that cap; None for any other error.

    ``{"errno": 28 or 27, "filename": the path named or None, "full": the folders of ``WRITABLE_CAPS``
    with less than 1 MiB free now, "file_cap": RLIMIT_FSIZE in bytes, or None when there is none}``.
    """
    for _ in range(10):
        if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EFBIG):
            break
        following = error.__cause__ or error.__context__
        if following is None:
            return None
        error = following
    else:
        return None
    full = []
    for folder in WRITABLE_CAPS:
        try:
            found = os.statvfs(folder)
        except OSError:
            continue
        if found.f_bavail * found.f_frsize < 1 << 20:
            full.append(folder)
    soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    filename = error.filename if isinstance(error.filename, str) else None
    return {"errno": error.errno, "filename": filename and cut(filename, 500), "full": full,
            "file_cap": None if soft == resource.RLIM_INFINITY else soft}  # fmt: skip
