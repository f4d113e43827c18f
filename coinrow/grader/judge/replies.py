"""What a reply from the executor means when it is not an answer: the failure it stands for, in words.

``Caller`` (``calls``) sends the requests and keeps what it must remember (a row too slow, an
attempt that borrowed code); everything that follows from one reply alone is read here.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from coinrow.game.registry import PROBLEMS, by_slug
from coinrow.grader.executor.inside.limits import (
    OUTPUT_CAP,
    PRINTED_KEPT,
    TASKS_CAP,
    WRITABLE_CAPS,
    tree_memory_cap,
)
from coinrow.grader.executor.processes import Cap, ended_in_words
from coinrow.grader.executor.provenance import FORBIDDEN_PACKAGES, borrowed_imports, linked_reference
from coinrow.grader.executor.requests import Outcome
from coinrow.grader.executor.sandbox import find_jail
from coinrow.grader.executor.stack import RecursionLimits
from coinrow.grader.executor.wire import WireError, decode, raised_error
from coinrow.grader.judge.failures import NotAttempted, Printed, WrongAnswer
from coinrow.grader.messages import calls as messages
from coinrow.grader.messages import stops
from coinrow.grader.records.results import FailureKind


def not_gradable(slug: str, path: Path, impl_dir: Path) -> WrongAnswer | None:
    """Why the attempt's file at ``path`` is not graded, read before it runs: missing (said here: a
    sandbox could not even bind a folder that is not there), or not the learner's own code."""
    if not path.is_file():
        learners = path.parent.parent.resolve() == PROBLEMS.resolve()
        return WrongAnswer(slug, (), messages.missing_file(slug, path, learners), kind="import")
    why = not_its_own(path, impl_dir)
    return None if why is None else WrongAnswer(slug, (), messages.not_graded(slug, why), kind="import")


def import_failure(slug: str, outcome: Outcome, path: Path) -> WrongAnswer | None:
    """Why the attempt at ``path`` is not graded, from how its import request ended; None if it imported."""
    reply = outcome.reply
    failure: str | None = None
    if outcome.capped is not None:
        return past_a_cap(slug, "importing the file", (), outcome.capped)
    if reply is None and outcome.ended:
        failure = messages.import_timed_out(slug, outcome.ended == "waiting")
    elif reply is None:
        failure = messages.import_ended(slug, how_it_ended(outcome))
    elif "raised" in reply and (reached := file_cap_reached(reply["raised"])):
        failure = messages.import_ended(slug, messages.import_wrote_too_much(reached))
    elif "raised" in reply:
        failure = messages.does_not_import(slug, raised_error(reply["raised"]), path)
    elif "borrowed" in reply:
        borrowed = messages.reached_for("imports", borrowed_package(reply["borrowed"]), path.name)
        failure = messages.not_graded(slug, borrowed)
    elif reply.get("elsewhere"):
        function, where = next(iter(dict(reply["elsewhere"]).items()))
        failure = messages.not_graded(slug, messages.defined_elsewhere(function, Path(where).name, path.name))
    return None if failure is None else WrongAnswer(slug, (), failure, kind="import")


def printed_in(reply: dict[str, Any]) -> Printed:
    """What the call printed, as the executor kept it (its own words: a text longer than the executor keeps
    is cut to that length, counts that are no count read as 0)."""

    def count(name: str) -> int:
        value = reply.get(name)
        return value if type(value) is int and value > 0 else 0

    text = reply.get("printed")
    return Printed(
        text[:PRINTED_KEPT] if isinstance(text, str) else "", count("more"), count("printed_bytes")
    )


def failure(
    slug: str, function: str, call_text: str, row: Sequence[int], reply: dict[str, Any], learner_file: Path
) -> NotAttempted | WrongAnswer:
    """The failure a reply without an answer stands for: not attempted, too deep, ``sys.exit``, input asked
    for, no such function, or an exception raised (by the attempt's ``learner_file``)."""
    printed = printed_in(reply)
    if reply.get("not_attempted"):
        return NotAttempted(messages.not_attempted_yet(slug, function), row)
    if "recursion" in reply:
        depth = dict(reply["recursion"])
        message = _too_deep(slug, call_text, len(row), depth) + empty_row_note(slug, row)
        return WrongAnswer(slug, row, message, kind="recursion", error=RecursionError(), printed=printed)
    if "exit" in reply:
        code = _decoded(reply["exit"])
        message = messages.called_exit(slug, call_text, code)
        return WrongAnswer(slug, row, message, kind="exit", error=SystemExit(code), printed=printed)
    if reply.get("input"):
        no_input = EOFError(messages.NO_INPUT)
        message = messages.asked_for_input(slug, call_text, no_input)
        return WrongAnswer(slug, row, message, kind="exception", error=no_input, printed=printed)
    if reply.get("no_function"):
        return WrongAnswer(slug, row, messages.no_such_function(slug, function), kind="import")
    error = raised_error(dict(reply.get("raised") or {}))
    past = file_cap_reached(reply.get("raised"))
    if past:
        message = messages.wrote_too_much(slug, call_text, past, error, learner_file)
        return WrongAnswer(slug, row, message, kind="wrote-too-much", error=error, printed=printed)
    message = messages.raised(slug, call_text, error, learner_file) + empty_row_note(slug, row)
    return WrongAnswer(slug, row, message, kind="exception", error=error, printed=printed)


def file_cap_reached(raised: Any) -> str:
    """The cap an exception the executor reported (``raised``, as ``inside/replies.raised`` writes it) shows
    the attempt reached, in words: a file past RLIMIT_FSIZE (``EFBIG``), anywhere; a full ``/tmp`` or
    ``/dev/shm`` (``ENOSPC``), in bubblewrap only (elsewhere it is the machine's own disk that is full).
    "" for an exception that is no cap reached."""
    past = raised.get("past_a_cap") if isinstance(raised, dict) else None
    if not isinstance(past, dict):
        return ""
    if past.get("errno") == errno.EFBIG:
        cap = past.get("file_cap")
        return messages.past_the_file_cap(cap if isinstance(cap, int) and cap > 0 else OUTPUT_CAP)
    jail = find_jail()[0]
    if past.get("errno") != errno.ENOSPC or jail is None or not jail.bwrap:
        return ""
    filename = past.get("filename")
    named = [
        folder
        for folder in WRITABLE_CAPS
        if isinstance(filename, str) and (filename == folder or filename.startswith(f"{folder}/"))
    ]
    full = [folder for folder in WRITABLE_CAPS if folder in (past.get("full") or [])]
    folders = named or full
    if len(folders) == 1:
        return messages.past_a_folder_cap(folders[0], WRITABLE_CAPS[folders[0]])
    return messages.past_the_folder_caps(WRITABLE_CAPS)


def no_answer(slug: str, call_text: str, row: Sequence[int], outcome: Outcome) -> WrongAnswer:
    """The failure of a call that got no answer though the judge did not end it: it left a process running
    (which may have answered in the executor's place), or its executor ended."""
    if outcome.stray is not None:
        message = messages.left_a_process(slug, call_text, outcome.stray == "answered")
        return WrongAnswer(slug, row, message, kind="stray-process")
    if outcome.capped is not None:
        return past_a_cap(slug, call_text, row, outcome.capped)
    message = messages.process_ended(slug, call_text, how_it_ended(outcome)) + empty_row_note(slug, row)
    return WrongAnswer(slug, row, message, kind="exception")


def past_a_cap(slug: str, call_text: str, row: Sequence[int], cap: Cap) -> WrongAnswer:
    """The failure of an attempt whose processes went past ``cap`` (``processes.Census.over_cap``) during
    ``call_text`` (or before it: what its import or an earlier call left running counts)."""
    how = stops.past_a_tree_cap(cap, TASKS_CAP, tree_memory_cap() >> 20)
    kind: FailureKind = "too-many-processes" if cap == "processes" else "too-much-memory"
    return WrongAnswer(slug, row, messages.process_ended(slug, call_text, how), kind=kind)


def decoded_answer(slug: str, row: Sequence[int], answer: Any, call_text: str) -> Any:
    """An answer as it came over the wire, decoded; one that cannot be read fails as unreadable."""
    try:
        return decode(answer)
    except WireError as error:
        raise WrongAnswer(slug, row, messages.unreadable_answer(slug, call_text, error)) from None


def not_its_own(path: Path, impl_dir: Path) -> str | None:
    """Why the file at ``path`` is not the learner's own code, read without running it; None if it is."""
    linked = linked_reference(path, impl_dir)
    if linked:
        return linked
    found = borrowed_imports(path.read_text(encoding="utf-8", errors="replace"))
    return messages.imports_borrowed_code(found, path.name) if found else None


def how_it_ended(outcome: Outcome) -> str:
    """How the executor ended without an answer, as the driver words a child's end."""
    status = outcome.status
    if status is None:
        return outcome.broken or ""
    return ended_in_words(status)


def borrowed_package(name: object) -> str:
    """The name a forbidden package is known by in messages (``provenance.FORBIDDEN_PACKAGES``)."""
    return FORBIDDEN_PACKAGES.get(str(name), str(name))


def _decoded(data: object) -> object:
    try:
        return decode(data)
    except WireError:
        return data


def _too_deep(slug: str, call_text: str, n: int, depth: dict[str, Any]) -> str:
    """The message of a ``RecursionError`` on a row of ``n`` coins, from the limits the executor reports."""
    original, last = int(depth.get("original", 1000)), depth.get("last")
    set_to = int(last) if isinstance(last, int) else None
    limits = RecursionLimits(original, original if set_to is None else set_to, bool(depth.get("capped")))
    capped_at = int(depth.get("cap", 0)) if limits.capped else None
    return messages.recursion_message(slug, call_text, n, limits.allows_depth_of(n), capped_at, set_to)


def empty_row_note(slug: str, row: Sequence[int]) -> str:
    """For a failure on the empty row, the note of what it must give; "" for a row with coins."""
    return "" if row else messages.empty_row_note(by_slug(slug).returns.empty_row_answer)


def too_slow(
    slug: str, call_text: str, n: int, call_limit: float, waited: float | None, printed_bytes: int = 0
) -> str:
    """The message of a call on a row of ``n`` coins that ran out of CPU time (``waited``: None) or waited
    past ``waited`` seconds, with the order of growth the task asks, and under its first line how much it
    printed, if it printed ``PRINTING_NOTED`` bytes or more (``stops.with_printing_note``)."""
    needs = by_slug(slug).time
    message = messages.too_slow_message(
        slug, call_text, n, call_limit, waited, str(needs), needs.at_most_linear
    )
    return stops.with_printing_note(message, printed_bytes)
