"""Values on their way to and from the executor: plain JSON data, never a pickle.

The judge sends rows (lists or tuples of exact ints of any size); the executor answers
with what the attempt returned, as ``coinrow/grader/executor/inside/loop.py``'s ``encode`` writes
it. ``decode`` rebuilds ints, floats, strings, bools, None, lists and tuples as themselves (a
subclass of list or tuple, such as a named tuple, comes as the plain list or tuple of its items);
any other type comes back as a stand-in (``Foreign``) that has the type's module and name
and the value's repr, and is an int (of that value) when the returned object was an int
subclass, so a message about a returned ``numpy.int64`` or ``bool`` subclass reads as before.
Nothing the executor sends is ever run, imported or unpickled.

>>> decode(encode((1, [2, 2**70])))
(1, [2, 1180591620717411303424])
>>> type(decode({"other": {"module": "numpy", "name": "int64", "repr": "np.int64(5)", "int": "0x5"}}))
<class 'numpy.int64'>
"""

from __future__ import annotations

import builtins
import functools
import os
import re
from typing import Any

SAFE_INT = 2**53  # past this an int travels as hex: exact, and read in linear time
MAX_DEPTH = 100  # nesting of a value read: the executor sends values nested 50 deep at most
MAX_FOREIGN_TYPES = 256  # stand-in classes made at most (a hostile executor could name endless types)
#: a JSON escape of a UTF-16 surrogate, ``\ud800`` to ``\udfff``: one of a pair reads as half a character,
#: one alone as a string Python holds but cannot write as UTF-8
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def without_lone_surrogates(data: Any, depth: int = 0) -> Any:
    """``data``, a reply as ``json.loads`` read it, with each lone surrogate in its strings written as its
    escape (``\\ud800``): an exception's message or printed output holding one would end whatever writes
    the text as UTF-8 (the summary, a class's reports). Nested past ``MAX_DEPTH``: ``WireError``.

    >>> without_lone_surrogates({"error": ["odd \\ud800 text", 5]})
    {'error': ['odd \\\\ud800 text', 5]}
    """
    if depth > MAX_DEPTH:
        raise WireError("a reply nested too deep")
    if isinstance(data, str):
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            return data.encode("utf-8", "backslashreplace").decode("utf-8")
        return data
    if isinstance(data, list):
        return [without_lone_surrogates(item, depth + 1) for item in data]
    if isinstance(data, dict):
        return {
            without_lone_surrogates(key, depth + 1): without_lone_surrogates(value, depth + 1)
            for key, value in data.items()
        }
    return data


class WireError(ValueError):
    """What the executor sent is not a value of the wire format."""


class Foreign:
    """A stand-in for a returned value of a type the judge does not rebuild; equal to nothing else."""

    shown = ""

    def __repr__(self) -> str:
        return self.shown


class ForeignInt(int):
    """A stand-in for a returned int subclass (a bool subclass, an IntEnum...), with its int value."""

    shown = ""

    def __repr__(self) -> str:
        return self.shown


@functools.lru_cache(maxsize=MAX_FOREIGN_TYPES)
def _stand_in(module: str, name: str, is_int: bool) -> type:
    base = ForeignInt if is_int else Foreign
    return type(name.rpartition(".")[2] or "object", (base,), {"__module__": module, "__qualname__": name})


def encode(value: object) -> Any:
    """A row, an int or a tuple of them as wire data.

    Raises:
        WireError: a value of another type (the judge sends only rows and ints).
    """
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        assert isinstance(value, int)
        return value if -SAFE_INT < value < SAFE_INT else {"int": hex(value)}
    if kind is list:
        assert isinstance(value, list)
        plain = set(map(type, value)) <= {int}  # no bool, no subclass
        if plain and (not value or (min(value) > -SAFE_INT and max(value) < SAFE_INT)):
            return list(value)  # ints that JSON holds exactly, as rows are: a copy made at C speed
        return [encode(item) for item in value]
    if kind is tuple:
        assert isinstance(value, tuple)
        return {"tuple": [encode(item) for item in value]}
    raise WireError(f"the judge sends no {kind.__name__}")


def decode(data: Any, depth: int = 0) -> Any:
    """Wire data from the executor as a Python value (see the module docstring).

    Raises:
        WireError: data that is not of the wire format, or nested deeper than ``MAX_DEPTH`` (the
            executor describes a value nested deeper than it sends: only a forged reply is).
    """
    if depth > MAX_DEPTH:
        raise WireError("the executor sent a value nested deeper than any it sends")
    if data is None or isinstance(data, bool | str):
        return data
    if type(data) is int:
        return data
    if isinstance(data, list):
        return [decode(item, depth + 1) for item in data]
    if isinstance(data, dict) and len(data) == 1:
        ((tag, inner),) = data.items()
        try:
            if tag == "int":
                return int(inner, 16)
            if tag == "float":
                return float.fromhex(inner)
            if tag == "tuple" and isinstance(inner, list):
                return tuple(decode(item, depth + 1) for item in inner)
            if tag == "other" and isinstance(inner, dict):
                return _foreign(inner)
        except (TypeError, ValueError, OverflowError) as error:
            raise WireError(f"a {tag} the executor sent cannot be read: {error}") from None
    raise WireError("the executor sent what is no value")


def _foreign(described: dict[str, Any]) -> Foreign | ForeignInt:
    module, name, shown = (str(described.get(key, "")) for key in ("module", "name", "repr"))
    as_int = described.get("int")
    kind = _stand_in(module[:200], name[:200], as_int is not None)
    value: Foreign | ForeignInt = kind(int(as_int, 16)) if as_int is not None else kind()
    value.shown = shown
    return value


class RaisedError(Exception):
    """A stand-in for an exception the attempt raised: its type's name, its message, its place.

    Made by ``raised_error`` as a subclass of the built-in exception the attempt's type
    derives from (so ``isinstance(error, ValueError)`` holds for a ``ValueError`` subclass),
    never from the attempt's own class.
    """

    where: dict[str, Any] | None = None  # the place in the attempt's file, as the executor found it
    said = ""  # str() of the attempt's exception, as the executor read it

    def __str__(self) -> str:
        return self.said


@functools.lru_cache(maxsize=MAX_FOREIGN_TYPES)
def _error_type(name: str, builtin: str) -> type[RaisedError]:
    base = getattr(builtins, builtin, Exception)
    if not (isinstance(base, type) and issubclass(base, BaseException)):
        base = Exception
    bases = (RaisedError,) if base in (Exception, BaseException) else (RaisedError, base)
    return type(name or "Exception", bases, {"__module__": "builtins", "__qualname__": name or "Exception"})


def raised_error(described: dict[str, Any]) -> RaisedError:
    """The executor's description of a raised exception (``{"type", "ancestry", "message", "where"}``)
    as an exception object the judge can inspect and show; never the attempt's own class.

    >>> error = raised_error({"type": "Odd", "ancestry": ["m.Odd", "builtins.ValueError"], "message": "odd"})
    >>> isinstance(error, ValueError), type(error).__name__, str(error)
    (True, 'Odd', 'odd')
    """
    ancestry = [str(name) for name in described.get("ancestry", [])][:50]
    builtin = next((n.removeprefix("builtins.") for n in ancestry if n.startswith("builtins.")), "Exception")
    message = str(described.get("message", ""))
    try:
        error = _error_type(str(described.get("type", "Exception"))[:200], builtin)(message)
    except (
        TypeError,
        ValueError,
    ):  # a built-in whose constructor wants more (an exception group, a decode error)
        error = _error_type(str(described.get("type", "Exception"))[:200], "Exception")(message)
    error.said = message
    where = described.get("where")
    error.where = where if isinstance(where, dict) else None
    return error


class ReplyPipe:
    """The read end of the pipe an executor replies on, read a line at a time without blocking.

    Args:
        fd: the pipe's read end, non-blocking; closed by ``close``.
        cap: bytes of one line past which the pipe counts as ended (a value that big is no answer), and
            ``too_long`` is set.
    """

    def __init__(self, fd: int, cap: int) -> None:
        self.fd, self.cap, self.ended, self.too_long = fd, cap, False, False
        self._buffer, self._scanned = bytearray(), 0  # bytes of the buffer already looked at for a line's end

    def line(self) -> bytes | None:
        """The next whole line, if one has arrived (each byte read is looked at once: a reply of hundreds
        of MiB costs its length, not its length squared); None, with ``ended`` set at the pipe's end."""
        while (end := self._buffer.find(b"\n", self._scanned)) < 0:
            self._scanned = len(self._buffer)
            try:
                chunk = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                return None
            if not chunk:
                self.ended = True
                return None
            self._buffer += chunk
            if len(self._buffer) > self.cap:
                self.ended = self.too_long = True
                return None
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        self._scanned = 0
        return line

    @property
    def partial(self) -> bool:
        """Bytes of a line not yet ended have come."""
        return bool(self._buffer)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
