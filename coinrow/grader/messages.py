"""The failure messages that need more than one line of reasoning: too slow, too deep, the empty row,
and the place in the learner's file an error comes from."""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from pathlib import Path

from coinrow.game.registry import by_slug
from coinrow.grader.sandbox import RecursionLimits, recursion_cap
from coinrow.grader.timeout import waiting_limit

SMALL_ROW = 12  # a row this short finishes in microseconds even by exhaustive search


def learner_frame(error: BaseException, learner_file: Path) -> str:
    """`` (at <file>:<line>: <source>)`` for the deepest traceback frame in the learner's file.

    A ``SyntaxError`` has no such frame: its own place is given, `` (at <file>:<line>)``, with
    the offending source line under it and a caret under the column Python points at.
    """
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.lineno:
        name = Path(error.filename).name if error.filename else learner_file.name
        place = f" (at {name}:{error.lineno})"
        source = (error.text or "").rstrip()
        if not source.strip():
            return place
        indent = len(source) - len(source.lstrip())
        caret = f"\n  {' ' * max(0, (error.offset or 0) - 1 - indent)}^" if error.offset else ""
        return f"{place}\n  {source.strip()}{caret}"
    mine = [f for f in frames if Path(f.filename).resolve() == learner_file.resolve()]
    if not mine:
        return ""
    frame = mine[-1]
    return f" (at {learner_file.name}:{frame.lineno}: {(frame.line or '').strip()})"


def empty_row_note(slug: str, row: Sequence[int]) -> str:
    """For a failure on the empty row: n = 0 is part of the task, and what it must give."""
    if row:
        return ""
    formulation = by_slug(slug)
    answer = formulation.returns.empty_row_answer
    return f"\n  n = 0 is part of the task: the empty row's answer is {answer!r} (no coins, nothing to take)"


def too_slow_message(slug: str, call_text: str, n: int, limit: float, waiting: bool = False) -> str:
    """Why ``call_text`` ran out of its ``limit`` of CPU seconds on a row of ``n`` coins (or, ``waiting``,
    stopped without computing), with the likely cause for the kata ``slug``."""
    if waiting:
        return (
            f"{slug}: stopped: {call_text} waited {waiting_limit(limit):g} s without computing: "
            "code that waits (sleep, input, a lock, a thread or process it joins) — "
            "a graded call only computes and returns"
        )
    needed = by_slug(slug).time
    if n <= SMALL_ROW:
        cause = f"even n = {n} does not finish: an endless loop (a loop variable that never moves?)"
    elif needed.at_most_linear:
        cause = f"this kata needs {needed} work; an O(n^2) table or a nested loop is far too slow at n = {n}"
    else:
        cause = (
            "exponential work — no memo, a memo that is never written, 0/-1 used as 'not computed' "
            "(a real value, so the memo never hits), lru_cache(maxsize=128) evicting, "
            "or a memo key that copies the row (O(n) per call)"
        )
    return (
        f"{slug}: too slow: {call_text} did not finish in {limit:g} s of CPU time.\n  likely cause: {cause}"
    )


def recursion_message(slug: str, call_text: str, n: int, limits: RecursionLimits) -> str:
    """Why ``call_text`` raised ``RecursionError`` on a row of ``n`` coins under these ``limits``, and what
    to do about it."""
    if limits.allows_depth_of(n):
        return (
            f"{slug}: RecursionError: {call_text} recursed far deeper than n = {n} needs.\n"
            "  likely cause: endless recursion: check the base case, and that every call shrinks i..j"
        )
    if limits.capped:
        advice = (
            f"the grader caps the recursion limit at {recursion_cap()}, too low for this depth: "
            "fill the table bottom-up"
        )
    elif limits.highest > limits.original:
        advice = (
            f"your limit of {limits.highest} is too low for n = {n} (about 3 * n + 100 frames with "
            "lru_cache): raise it further, or fill the table bottom-up"
        )
    else:
        advice = (
            "raise it with sys.setrecursionlimit (about 3 * n + 100, restored afterwards) "
            "or fill the table bottom-up"
        )
    return (
        f"{slug}: RecursionError: {call_text} recursed deeper than Python's limit "
        f"(depth grows with n = {n}; the default limit of 1000 fails near n = 500).\n"
        f"  what to do: {advice}"
    )
