"""The rich Console every command prints with: a terminal's width on a terminal, no wrapping elsewhere.

Piped to a file or another program, output is written for that reader, not for an
80-column screen: lines are never wrapped or folded (a 23-digit coin stays whole),
and no line ends in the spaces rich pads table cells with.
"""

from __future__ import annotations

import io
import sys
from typing import Any, TextIO

from rich.console import Console

UNWRAPPED_WIDTH = 10_000  # wide enough that no table or line of ours is ever folded


class TrailingSpaceStripper(io.TextIOBase):
    """A text stream that passes whole lines to ``target`` without their trailing spaces."""

    def __init__(self, target: TextIO) -> None:
        self.target = target
        self._pending = ""

    def write(self, text: str) -> int:
        """Write the complete lines of ``pending + text``, each right-stripped; keep the rest pending."""
        *lines, self._pending = (self._pending + text).split("\n")
        for line in lines:
            self.target.write(line.rstrip() + "\n")
        return len(text)

    def flush(self) -> None:
        """Write what is pending as it is (a prompt: its space stays before the answer); flush ``target``."""
        if self._pending:
            self.target.write(self._pending)
            self._pending = ""
        self.target.flush()


def output_console(**options: Any) -> Console:
    """A Console on stdout: as rich sets it up on a terminal; otherwise unwrapped and right-stripped.

    ``options`` go to ``rich.console.Console`` (e.g. ``highlight=False``).
    """
    if sys.stdout.isatty():
        return Console(**options)
    unwrapped = {"file": TrailingSpaceStripper(sys.stdout), "width": UNWRAPPED_WIDTH, "soft_wrap": True}
    return Console(**{**options, **unwrapped})
