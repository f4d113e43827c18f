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
from coinrow.game.shown import show_call
from coinrow.grader.failures import NotAttempted, WrongAnswer
from coinrow.grader.messages import calls as messages
from coinrow.grader.provenance import borrowed, linked_reference, watched
from coinrow.grader.sandbox import (
    NoInput,
    Printed,
    RecursionLimits,
    capped_recursion_limit,
    learner_io,
    recursion_cap,
)
from coinrow.grader.timeout import CallTimeout, time_limit, waiting_limit

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
            message = messages.does_not_import(slug, loaded, source_file(self.impl_dir, slug))
            raise WrongAnswer(slug, (), message, kind="import")
        if isinstance(loaded, str):
            raise WrongAnswer(slug, (), messages.not_graded(slug, loaded), kind="import")
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
                time_limit(self.call_limit, messages.importing(path.name)),
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
            raise WrongAnswer(slug, row, messages.already_too_slow(slug, call_text, slow_n), ran=False)
        target = getattr(self.module(slug), function, None)
        if not callable(target):
            raise WrongAnswer(slug, row, messages.no_such_function(slug, function), kind="import")
        learner_file = source_file(self.impl_dir, slug)
        limits = RecursionLimits(0, 0)
        printed = Printed()
        seen: list[str] = []
        try:
            with (
                time_limit(self.call_limit, messages.running(slug, call_text)),
                learner_io() as printed,
                capped_recursion_limit(self._recursion_limits.get(slug)) as limits,
                watched(learner_file.parent) as seen,
            ):
                answer = target(row, *extra)
        except NotImplementedError as error:
            raise NotAttempted(messages.not_attempted_yet(slug, function)) from error
        except CallTimeout as timeout:
            self._too_slow_at[slug] = min(len(row), slow_n or len(row))
            needs = by_slug(slug).time
            waited = waiting_limit(self.call_limit) if timeout.waiting else None
            message = messages.too_slow_message(
                slug, call_text, len(row), self.call_limit, waited, str(needs), needs.at_most_linear
            )
            raise WrongAnswer(slug, row, message, kind="too-slow", printed=printed) from None
        except RecursionError as error:
            message = _too_deep(slug, call_text, len(row), limits) + _empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="recursion", error=error, printed=printed) from None
        except SystemExit as error:
            message = messages.called_exit(slug, call_text, error.code)
            raise WrongAnswer(slug, row, message, kind="exit", error=error, printed=printed) from None
        except NoInput as error:
            message = messages.asked_for_input(slug, call_text, error)
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        except BaseException as error:  # noqa: BLE001 - every learner error (KeyboardInterrupt too) becomes a message
            message = messages.raised(slug, call_text, error, learner_file) + _empty_row_note(slug, row)
            raise WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed) from None
        if seen:
            self._modules[slug] = seen[0]  # not graded, as if its import had shown it: never run again
            raise WrongAnswer(slug, row, messages.not_graded(slug, seen[0]), kind="import")
        return answer


def _too_deep(slug: str, call_text: str, n: int, limits: RecursionLimits) -> str:
    """The message of a ``RecursionError`` on a row of ``n`` coins under these recursion ``limits``."""
    capped_at = recursion_cap() if limits.capped else None
    raised_to = limits.highest if limits.highest > limits.original else None
    return messages.recursion_message(slug, call_text, n, limits.allows_depth_of(n), capped_at, raised_to)


def _empty_row_note(slug: str, row: Sequence[int]) -> str:
    """For a failure on the empty row, the note of what it must give; "" for a row with coins."""
    return "" if row else messages.empty_row_note(by_slug(slug).returns.empty_row_answer)
