"""Calling the code under test safely: every call into learner code goes through ``Caller.call``.

It imports the attempt and runs each call under a per-call CPU-time limit
(``coinrow.grader.sandbox``), so it never hangs, turns ``NotImplementedError`` into
``NotAttempted`` and every other problem (a crash, a time-out, a recursion too
deep, a call to ``sys.exit``, borrowed code) into a ``WrongAnswer`` whose
message names the call and the row. Judging what a call returns is
``coinrow.grader.grading``'s job.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from coinrow.game.registry import by_slug, load_module, source_file
from coinrow.game.settings import CALL_LIMIT
from coinrow.game.shown import shorten, show_call, show_value
from coinrow.grader.failures import NotAttempted, WrongAnswer
from coinrow.grader.messages import empty_row_note, learner_frame, recursion_message, too_slow_message
from coinrow.grader.provenance import borrowed, linked_reference, watched
from coinrow.grader.sandbox import (
    NoInput,
    Printed,
    RecursionLimits,
    capped_recursion_limit,
    learner_io,
)
from coinrow.grader.timeout import CallTimeout, time_limit

DEFAULT_CALL_LIMIT = CALL_LIMIT  # CPU seconds (coinrow.game.settings)
MAX_CALL_LIMIT = 600.0


def call_limit(text: str) -> float:
    """``LIMIT=`` as CPU seconds per call.

    >>> call_limit("2.5")
    2.5

    Raises:
        argparse.ArgumentTypeError: not a number above 0 and at most ``MAX_CALL_LIMIT``.
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= MAX_CALL_LIMIT:
        raise argparse.ArgumentTypeError(
            f"LIMIT must be a number of seconds above 0 and at most {MAX_CALL_LIMIT:g}, got {text!r}"
        )
    return seconds


@dataclass
class Caller:
    """Calls the formulations found in ``impl_dir`` under a time limit.

    Once a formulation has run out of time on a row of n coins, later calls
    on rows at least that long fail at once instead of waiting again.
    """

    impl_dir: Path
    call_limit: float = DEFAULT_CALL_LIMIT
    _modules: dict[str, ModuleType | BaseException | str] = field(default_factory=dict)
    _too_slow_at: dict[str, int] = field(default_factory=dict)
    _recursion_limits: dict[str, int] = field(default_factory=dict)  # set by the file at import

    def module(self, slug: str) -> ModuleType:
        """The imported attempt; import problems are reported as a ``WrongAnswer``."""
        if slug not in self._modules:
            self._modules[slug] = self._import(slug)
        loaded = self._modules[slug]
        if isinstance(loaded, BaseException):
            where = learner_frame(loaded, source_file(self.impl_dir, slug))
            what = loaded.msg if isinstance(loaded, SyntaxError) else loaded  # where names its place once
            raise WrongAnswer(
                slug,
                (),
                f"{slug}: the file does not import: {type(loaded).__name__}: {what}{where}",
                kind="import",
            )
        if isinstance(loaded, str):
            raise WrongAnswer(slug, (), f"{slug}: not graded: {loaded}", kind="import")
        return loaded

    def _import(self, slug: str) -> ModuleType | BaseException | str:
        """The attempt imported, the error its import raised, or why it is not the learner's own code.

        The recursion limit the file sets while it is imported stays in force for its calls.
        """
        path = source_file(self.impl_dir, slug)
        if path.is_file() and (linked := linked_reference(path, self.impl_dir)):
            return linked
        try:
            with (
                time_limit(self.call_limit, f"importing {path.name}"),
                learner_io(),
                capped_recursion_limit() as limits,
                watched(path.parent) as seen,
            ):
                module = load_module(self.impl_dir, slug)
                limit = sys.getrecursionlimit()
        except BaseException as error:  # noqa: BLE001 - every import failure is reported
            return error
        if limits.highest > limits.original:
            self._recursion_limits[slug] = limit
        why = seen[0] if seen else borrowed(module, path, by_slug(slug).functions)
        return why if why is not None else module

    def call(self, slug: str, function: str, row: Sequence[int], *extra: object) -> Any:
        """Call ``function(row, *extra)`` from the attempt at ``slug``, safely.

        Raises:
            NotAttempted: the function raises ``NotImplementedError``.
            WrongAnswer: it raised, ran out of time or went too deep.
        """
        call_text = show_call(function, row, *extra)
        slow_n = self._too_slow_at.get(slug)
        if slow_n is not None and len(row) >= slow_n:
            raise WrongAnswer(
                slug,
                row,
                f"{slug}: not run: {call_text} — already too slow on a row of n = {slow_n}",
                ran=False,
            )
        target = getattr(self.module(slug), function, None)
        if not callable(target):
            raise WrongAnswer(slug, row, f"{slug}: the file has no function {function}()", kind="import")
        learner_file = source_file(self.impl_dir, slug)
        limits = RecursionLimits(0, 0)
        printed = Printed()
        seen: list[str] = []
        try:
            with (
                time_limit(self.call_limit, f"{slug}: {call_text}"),
                learner_io() as printed,
                capped_recursion_limit(self._recursion_limits.get(slug)) as limits,
                watched(learner_file.parent) as seen,
            ):
                answer = target(row, *extra)
        except NotImplementedError as error:
            raise NotAttempted(f"{slug}.{function} is not attempted yet") from error
        except CallTimeout as timeout:
            self._too_slow_at[slug] = min(len(row), slow_n or len(row))
            message = too_slow_message(slug, call_text, len(row), self.call_limit, timeout.waiting)
            raise WrongAnswer(slug, row, message, kind="too-slow", printed=printed) from None
        except RecursionError as error:
            message = recursion_message(slug, call_text, len(row), limits) + empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="recursion", error=error, printed=printed) from None
        except SystemExit as error:
            message = f"{slug}: {call_text} called sys.exit({show_value(error.code)}): return the answer"
            raise WrongAnswer(slug, row, message, kind="exit", error=error, printed=printed) from None
        except NoInput as error:
            message = f"{slug}: {call_text} asked for input: {error}"
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        except BaseException as error:  # noqa: BLE001 - every learner error (KeyboardInterrupt too) becomes a message
            where = learner_frame(error, learner_file)
            said = f": {shorten(str(error), 200)}" if str(error) else ""
            message = f"{slug}: {call_text} raised {type(error).__name__}{said}{where}"
            message += empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        if seen:
            self._modules[slug] = seen[0]  # not graded, as if its import had shown it: never run again
            raise WrongAnswer(slug, row, f"{slug}: not graded: {seen[0]}", kind="import")
        return answer
