"""The attempt's standard streams and imports, as the executor's loop sets them: no input, output kept
in part and counted, the grader's own packages refused. Standard library only (loaded by path, inside
the sandbox)."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import io
import mmap
import os
from collections.abc import Sequence
from types import ModuleType

from .limits import PRINTED_KEPT


class NoInput(EOFError):
    """Raised when the attempt asks for input: the grader gives none."""


class TraceDone(BaseException):
    """Ends a traced call once it has run its traced seconds: its peak memory has shown by then."""


class NoStdin(io.TextIOBase):
    """The attempt's standard input: text read raises ``NoInput`` (``input()`` says the grader gives none);
    its ``buffer``, which a contest-style script binds at import, is at end of input."""

    def readable(self) -> bool:
        return True

    @property
    def buffer(self) -> io.BytesIO:
        return io.BytesIO(b"")

    def read(self, size: int | None = -1) -> str:
        raise NoInput("the grader gives no input")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.read()


class Tally:
    """Bytes the attempt has printed since its executor started, in all its calls (UTF-8, as a terminal
    would get them), kept where the judge reads them too: 8 bytes of a memory file the judge made
    (``PRINTED_FD``) that it reads after a call it had to end, which sent no reply. Without that file
    (``fd`` None) the count is kept in this process only."""

    def __init__(self, fd: int | None = None) -> None:
        self._shared = memoryview(mmap.mmap(-1 if fd is None else fd, 8)).cast("Q")
        if fd is not None:
            os.close(fd)

    def add(self, count: int) -> None:
        self._shared[0] += count  # read back each time: a forked copy of the executor adds to it too


class CapturedOutput(io.TextIOBase):
    """What the attempt prints during one call: the first ``PRINTED_KEPT`` characters, how many characters
    there were in all, and the bytes, added to the executor's ``Tally``. Nothing past the first characters
    is kept: a call may print gigabytes, and counting a write costs the same whatever its length."""

    def __init__(self, tally: Tally | None = None) -> None:
        self.kept: list[str] = []
        self.characters = 0  # characters printed in all, kept or not
        self.bytes = 0  # bytes printed in all (UTF-8)
        self.tally = tally if tally is not None else Tally()

    @property
    def text(self) -> str:
        """The first ``PRINTED_KEPT`` characters printed."""
        return "".join(self.kept)

    @property
    def more(self) -> int:
        """Characters printed past those kept."""
        return self.characters - len(self.text)

    def writable(self) -> bool:
        return True

    @property
    def buffer(self) -> BytesWritten:
        return BytesWritten(self)

    def write(self, text: str) -> int:
        text = str(text)
        self.keep(text, len(text))
        # isascii is read from the string's header: a long ASCII text costs no pass over it
        self.count_bytes(len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass")))
        return len(text)

    def count_bytes(self, count: int) -> None:
        self.bytes += count
        self.tally.add(count)

    def keep(self, text: str, characters: int) -> None:
        """Count ``characters`` printed, of which ``text`` begins: kept up to ``PRINTED_KEPT`` in all."""
        room = PRINTED_KEPT - len(self.text) if self.characters < PRINTED_KEPT else 0
        if room > 0:
            self.kept.append(text[:room])
        self.characters += characters


class BytesWritten(io.RawIOBase):
    """``sys.stdout.buffer`` of the attempt: bytes written are counted as they are, and the first kept as
    the text they decode to; past those, each byte counts as a character (nothing long is decoded)."""

    def __init__(self, text: CapturedOutput) -> None:
        self.text = text

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        chunk = bytes(data)  # type: ignore[call-overload]
        shown = chunk[: 4 * PRINTED_KEPT].decode("utf-8", errors="replace")  # 4 bytes at most a character
        self.text.keep(shown, len(shown) if len(chunk) <= 4 * PRINTED_KEPT else len(chunk))
        self.text.count_bytes(len(chunk))
        return len(chunk)


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
