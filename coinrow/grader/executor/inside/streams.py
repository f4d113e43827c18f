"""The attempt's standard streams and imports, as the executor's loop sets them: no input, output kept
in part, the grader's own packages refused. Standard library only (loaded by path, inside the sandbox)."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import io
from collections.abc import Sequence
from types import ModuleType

from .limits import LINE_KEPT, LINES_KEPT


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


class CapturedOutput(io.TextIOBase):
    """What the attempt prints: the first lines, each cut short, and a count of the rest."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.more = 0
        self.partial = ""

    def writable(self) -> bool:
        return True

    @property
    def buffer(self) -> BytesWritten:
        return BytesWritten(self)

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


class BytesWritten(io.RawIOBase):
    """``sys.stdout.buffer`` of the attempt: bytes written are kept as the text they decode to."""

    def __init__(self, text: CapturedOutput) -> None:
        self.text = text

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        chunk = bytes(data)  # type: ignore[call-overload]
        self.text.write(chunk.decode("utf-8", errors="replace"))
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
