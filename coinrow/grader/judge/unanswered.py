"""Calls that could not answer, remembered per attempt for every caller in this process.

Once a call of an attempt ran out of CPU time, waited past its limit, ended its executor (a crash, a
C stack overflowed, an exit) or left a process running, on a row of n coins, a later call on a row at
least that long would most likely only fail the same way, and each would cost the learner up to the
limit again (a crash per call, each overflowing a 1 GiB stack, had taken minutes). Such a call fails at
once, as not run; a shorter row is still called, so a failure of another kind on it is still listed.
Judges that stop a submission at its first fatal verdict do the same (Codeforces, AtCoder).

The record is per process, not per ``Caller``: the growth check, the prober and the fresh-import check
call through callers of their own, and the growth check may run in a thread beside the suite (a call it
is waiting on is given up once another caller learnt it is in vain).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from coinrow.grader.executor.inside.limits import TASKS_CAP, tree_memory_cap
from coinrow.grader.executor.process import Executor
from coinrow.grader.executor.requests import Outcome
from coinrow.grader.executor.time_limit import CallTimeout, waiting_limit
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.printed import count_printed
from coinrow.grader.messages.calls import already_past_a_cap, already_unanswered

Key = tuple[object, ...]  # an attempt as ``attempt_key`` names it
How = Literal[
    "cpu", "waiting", "ended", "left", "processes", "memory"
]  # past its CPU time, waited, its executor ended, left a process, its tree past a cap (``Outcome.capped``)


@dataclass(frozen=True)
class Unanswered:
    """The shortest row, of ``n`` coins, a call of the attempt could not answer on, and how it ended."""

    n: int
    how: How


_SEEN: dict[Key, Unanswered] = {}  # by ``attempt_key``
_LOCK = threading.Lock()  # the growth check's thread notes them too


def attempt_key(path: Path, call_limit: float) -> Key:
    """The attempt file at ``path`` as it is now (a file written anew is another attempt), graded under
    ``call_limit`` CPU seconds per call."""
    try:
        found = os.stat(path)
        version: tuple[int, ...] = (found.st_dev, found.st_ino, found.st_mtime_ns, found.st_size)
    except OSError:
        version = ()
    return (str(path), version, call_limit)


def note(key: Key, n: int, how: How) -> None:
    """Remember that a call on a row of ``n`` coins could not answer (the shortest such row is kept)."""
    with _LOCK:
        known = _SEEN.get(key)
        if known is None or n < known.n:
            _SEEN[key] = Unanswered(n, how)


def blocking(key: Key, n: int) -> Unanswered | None:
    """What makes a call on a row of ``n`` coins vain: an earlier call that could not answer on a row no
    longer than it; None when there is none."""
    known = _SEEN.get(key)
    return known if known is not None and n >= known.n else None


def request_unless_vain(
    executor: Executor, key: Key, request: dict[str, Any], limit: float, n: int, every: bool = False
) -> Outcome:
    """``executor.request``: ``request``, a call on a row of ``n`` coins (0 for the import), under ``limit``
    CPU seconds, given up once it is in vain (``blocking``); an outcome ``ended`` "given up" at once, not
    sent, when it already is. ``every``: the executor's process tree is looked up again at the reply. The
    outcome has the bytes the attempt printed during the request, however it ended (``printed_bytes``)."""
    if blocking(key, n) is not None:
        return Outcome(None, 0.0, ended="given up")

    def give_up() -> bool:  # read by the executor while it waits
        return blocking(key, n) is not None

    if executor.printed is not None:
        executor.printed.mark()  # a process started for this request counts from 0 anyway
    outcome = executor.request(request, limit, waiting_limit(limit), give_up, every=every)
    if executor.printed is not None:  # read from outside, counted for the kata (its file's name: its slug)
        outcome.printed_bytes = executor.printed.since_mark()
        count_printed(executor.attempt.stem, outcome.printed_bytes)
    return outcome


def vain(key: Key, slug: str, call_text: str, row: Sequence[int]) -> WrongAnswer:
    """The failure of a call on ``row`` not made because it is in vain (``blocking``), as not run."""
    known = blocking(key, len(row)) or Unanswered(len(row), "ended")
    how: str = known.how
    if how in ("processes", "memory"):
        how = already_past_a_cap(how, TASKS_CAP, tree_memory_cap() >> 20)
    return WrongAnswer(slug, row, already_unanswered(slug, call_text, known.n, how), ran=False)


def import_failure(key: Key, slug: str, outcome: Outcome, failure: WrongAnswer | None) -> WrongAnswer | None:
    """The failure of an import that ended as ``outcome`` (``failure``, as its reply says), noted when it
    could not answer; as not run when it was in vain. None when it imported."""
    if outcome.ended == "given up":  # another caller's import or call could not answer
        return vain(key, slug, "import", ())
    if outcome.reply is None:
        note(key, 0, how_it_ended(outcome))
    return failure


def refuse_in_vain(key: Key, slug: str, call_text: str, row: Sequence[int], timing: bool = False) -> None:
    """Raise, for a call on ``row`` that is in vain (``blocking``), its failure as not run; for a timing
    (``Caller.time_rows``) in vain for CPU time, the time-out it would run into. Nothing when it is not."""
    known = blocking(key, len(row))
    if known is None:
        return
    if timing and known.how == "cpu":
        raise CallTimeout()
    raise vain(key, slug, call_text, row)


def refuse_if_given_up(
    outcome: Outcome, key: Key, slug: str, call_text: str, row: Sequence[int], timing: bool = False
) -> None:
    """``refuse_in_vain`` for a request that ended as ``outcome``, if it was given up."""
    if outcome.ended == "given up":
        refuse_in_vain(key, slug, call_text, row, timing)
        raise vain(key, slug, call_text, row)  # what made it vain is always still known: never reached


def how_it_ended(outcome: Outcome) -> How:
    """How a request that got no answer ended, as it is kept here."""
    if outcome.stray is not None:
        return "left"
    if outcome.capped is not None:
        return outcome.capped
    if outcome.ended == "cpu":
        return "cpu"
    return "waiting" if outcome.ended == "waiting" else "ended"
