"""What a graded call can end in besides an answer: not attempted, or a failure of one kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from coinrow.grader.messages import added_line
from coinrow.grader.messages.values import unshrunk


@dataclass(frozen=True)
class Printed:
    """What learner code printed during a call: its first lines (each cut short), and how many more."""

    lines: list[str]
    more: int = 0


class NotAttempted(Exception):
    """The function still raises ``NotImplementedError``."""


FailureKind = Literal[
    "wrong-value",  # a value that is not the optimum (or a move that is not optimal)
    "wrong-type",  # not an exact int, not a pair, not a list of moves
    "exception",  # the learner's code raised
    "too-slow",  # ran out of CPU time
    "not-run",  # skipped: already too slow on a shorter row
    "recursion",  # RecursionError
    "mutated",  # changed the caller's row
    "import",  # the file does not import, or lacks the function
    "exit",  # called sys.exit
    "growth",  # right values, but the time or memory grows faster than the task asks
]


class WrongAnswer(AssertionError):
    """A graded call failed; ``str()`` is the whole one-glance message.

    ``kind`` says what sort of failure it is (the summary lists one failure per
    kind); ``mistake`` is the id of a catalogued mistake the grader verified, if any.
    A diagnosis costs calls into the attempt, so ``explain`` runs only when the
    message is read: hypothesis raises many failures while it shrinks a row, and
    only the one reported is ever read.
    """

    def __init__(
        self,
        slug: str,
        row: Sequence[int],
        message: str,
        *,
        kind: FailureKind = "wrong-value",
        ran: bool = True,
        error: BaseException | None = None,
        mistake: str | None = None,
        printed: Printed | None = None,
        explain: Callable[[], tuple[str, str | None] | None] | None = None,
    ) -> None:
        super().__init__(message)
        self._message = message
        self._explain = explain  # (the likely mistake in words, its id), or None when none is verified
        self._mistake = mistake
        self.slug = slug
        self.row = tuple(row)
        self.ran = ran and kind != "not-run"  # False: not run, as already too slow on a shorter row
        self.kind: FailureKind = kind if self.ran else "not-run"  # a failure passed on keeps being not run
        self.error = error  # what the learner's code raised, if it raised
        self.output = printed.lines if printed else []  # what the learner's code printed in the call
        self.more_output = printed.more if printed else 0

    def _diagnose(self) -> None:
        explain, self._explain = self._explain, None
        found = explain() if explain is not None else None
        if found is not None:
            line, self._mistake = found
            self._message = added_line(self._message, line)

    def __str__(self) -> str:
        self._diagnose()
        return self._message

    def unshrunk(self) -> WrongAnswer:
        """This failure on the row it was found on, saying so; not diagnosed (the summary never shows it)."""
        copy = WrongAnswer(self.slug, self.row, unshrunk(self._message), kind=self.kind, error=self.error)
        copy.output, copy.more_output = self.output, self.more_output
        return copy

    @property
    def mistake(self) -> str | None:
        self._diagnose()
        return self._mistake
