"""What a graded call can end in besides an answer: not attempted, or a failure of one kind."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coinrow.grader.messages import added_line
from coinrow.grader.messages.values import unshrunk
from coinrow.grader.records.results import FailureKind


@dataclass(frozen=True)
class Printed:
    """What learner code printed during one call, as its executor kept it: the first characters
    (``inside/limits.PRINTED_KEPT`` at most), how many characters more, and the bytes in all (UTF-8).

    >>> Printed("a\\nb\\n", 7, 9).lines, Printed("a\\nb\\n", 7, 9).characters
    (['a', 'b'], 11)
    """

    text: str = ""
    more: int = 0
    bytes: int = 0

    @property
    def lines(self) -> list[str]:
        """The characters kept, line by line (a last line break ends the last line)."""
        return self.text.removesuffix("\n").split("\n") if self.text else []

    @property
    def characters(self) -> int:
        return len(self.text) + self.more


class NotAttempted(Exception):
    """The function still raises ``NotImplementedError``; ``row``: the row of the call that raised it."""

    def __init__(self, message: str, row: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.row = tuple(row)


class WrongAnswer(AssertionError):
    """A graded call failed; ``str()`` is the whole one-glance message.

    ``kind`` says what sort of failure it is (the summary lists one failure per
    kind); ``mistake`` is the id of a catalogued mistake the grader verified, if any.
    A diagnosis costs calls into the attempt, so ``explain`` runs only when the failure is
    reported (``diagnose``, called by the pytest plugin): hypothesis raises many failures while
    it shrinks a row, and only the one reported is diagnosed. Reading it (``str()``) runs nothing.
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
        self.ran = ran and kind != "not-run"  # False: not made, as a call on a row no longer could not answer
        self.kind: FailureKind = kind if self.ran else "not-run"  # a failure passed on keeps being not run
        self.error = error  # what the learner's code raised, if it raised
        self.printed = printed or Printed()  # what the learner's code printed in the call, if it answered
        self.output = self.printed.lines
        self.more_output = self.printed.more  # characters printed past those kept

    def diagnose(self) -> WrongAnswer:
        """Run the diagnosis this failure carries, once: the likely mistake's line (or what is certain)
        is added under the message and ``mistake`` set where one is verified. Costs calls into the
        attempt: called where the failure is reported. Returns the failure itself."""
        explain, self._explain = self._explain, None
        try:
            found = explain() if explain is not None else None
        except Exception:  # noqa: BLE001 - the diagnosis failed, not the answer: it fails undiagnosed
            found = None
        if found is not None:
            line, self._mistake = found
            self._message = added_line(self._message, line)
        return self

    def __str__(self) -> str:
        return self._message

    def unshrunk(self) -> WrongAnswer:
        """This failure on the row it was found on, saying so; not diagnosed (the summary never shows it)."""
        return WrongAnswer(
            self.slug,
            self.row,
            unshrunk(self._message),
            kind=self.kind,
            error=self.error,
            printed=self.printed,
        )

    @property
    def mistake(self) -> str | None:
        """The id of the catalogued mistake ``diagnose`` verified; None before it ran, or if none fits."""
        return self._mistake
