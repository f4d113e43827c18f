"""The messages of an import or a call that went wrong, and where in the learner's file it did.

Each names the kata (``slug``) and, for a call, the call as ``show_call`` shows it (``call_text``).
"""

from __future__ import annotations

import errno
import re
import sys
import traceback
from pathlib import Path

from coinrow.game.shown import shorten, show_value

SMALL_ROW = 12  # a row this short finishes in microseconds even by exhaustive search
NOT_ATTEMPTED = "not attempted"  # how a skipped check begins when its function is not attempted yet
NO_INPUT = "the grader gives no input: the row comes as the argument, the answer goes back by return"


def learner_frame(error: BaseException, learner_file: Path) -> str:
    """`` (at <file>:<line>: <source>)`` for the deepest traceback frame in the learner's file.

    A ``SyntaxError`` has no such frame: its own place is given, `` (at <file>:<line>)``, with
    the offending source line under it and a caret under the column Python points at.
    """
    where = getattr(error, "where", None)  # an error the executor reported: its place, found there
    if isinstance(where, dict):
        return _place(where, learner_file.name)
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


def _place(where: dict[str, object], file_name: str) -> str:
    """``learner_frame``'s words for a place the executor reported (``frame_in`` of the executor loop)."""
    if not where.get("syntax"):
        return f" (at {file_name}:{where.get('line')}: {str(where.get('text') or '').strip()})"
    place = f" (at {where.get('file') or file_name}:{where.get('line')})"
    source = str(where.get("text") or "").rstrip()
    if not source.strip():
        return place
    indent = len(source) - len(source.lstrip())
    offset = int(str(where.get("offset") or 0))
    caret = f"\n  {' ' * max(0, offset - 1 - indent)}^" if offset else ""
    return f"{place}\n  {source.strip()}{caret}"


def does_not_import(slug: str, error: BaseException, learner_file: Path) -> str:
    """The file ``learner_file`` raised ``error`` while it was imported."""
    where = learner_frame(error, learner_file)
    place = getattr(error, "where", None)
    if isinstance(place, dict) and place.get("syntax"):
        what: object = place.get("msg", error)  # where names its place once
    else:
        what = error.msg if isinstance(error, SyntaxError) else error
    message = f"{slug}: the file does not import: {type(error).__name__}: {what}{where}"
    missing = re.match(r"No module named '([A-Za-z_][A-Za-z0-9_]*)'", str(error))
    if missing and (learner_file.parent / f"{missing.group(1)}.py").is_file():
        message += f"\n  only {learner_file.name} is graded, alone: code from a file beside it goes in it"
    return message


def missing_file(slug: str, learner_file: Path, stub_restores: bool) -> str:
    """There is no file ``learner_file`` to grade; ``stub_restores`` when it is the learner's own, in
    problems/, whose stub ``make reset`` brings back. Something else at its name (a folder) is said so:
    nothing there is moved, and the reset does not go ahead while it is there."""
    if learner_file.exists() and not learner_file.is_file():
        kind = "a folder" if learner_file.is_dir() else "not a regular file"
        where = f"{learner_file.name} in {learner_file.parent}"
        return f"{slug}: {where} is {kind}: the attempt is a file of that name"
    found = f"{slug}: the file {learner_file.name} is missing"
    return (
        f"{found}: make reset F={slug} brings its stub back"
        if stub_restores
        else f"{found} from {learner_file.parent}"
    )


def import_timed_out(slug: str, waiting: bool) -> str:
    """The file's top-level code ran out of CPU time while it was imported, or (``waiting``) waited without
    computing until the import was stopped.

    >>> import_timed_out("difference_dp", True)[:95]
    'difference_dp: the file does not import: its top-level code waited without computing (sleep, in'
    """
    how = (
        "waited without computing (sleep, input, a lock) until the import was stopped"
        if waiting
        else "was still computing when the import ran out of CPU time"
    )
    return (
        f"{slug}: the file does not import: its top-level code {how}: code outside a function runs on import"
    )


def import_ended(slug: str, how: str) -> str:
    """The attempt's process ended while it imported the file (``how``, as ``stops`` words it)."""
    return f"{slug}: the file does not import: importing it {how}"


def no_such_function(slug: str, function: str) -> str:
    """The file imports but defines no callable ``function``."""
    return f"{slug}: the file has no function {function}()"


def not_graded(slug: str, why: str) -> str:
    """The attempt is not the learner's own code (``why``, from the builders below), so it is not graded."""
    return f"{slug}: not graded: {why}"


def imports_borrowed_code(package: str, attempt_name: str) -> str:
    """``why`` for ``not_graded``: the file ``attempt_name`` imports ``package`` (described in words)."""
    return f"it imports {package}: the grader grades only what you write in {attempt_name}"


def defined_elsewhere(function: str, where: object, attempt_name: str) -> str:
    """``why`` for ``not_graded``: the graded ``function`` is defined in another file, ``where``."""
    return f"{function}() is defined in {where}, not in {attempt_name}: write it in {attempt_name}"


def reached_for(action: str, package: str, attempt_name: str) -> str:
    """``why`` for ``not_graded``: while it ran, the attempt ``action`` ("imports", "loads") ``package``;
    what to do instead."""
    return f"it {action} {package}: the grader grades only what you write in {attempt_name}"


def linked_to_the_reference(attempt_name: str) -> str:
    """``why`` for ``not_graded``: the attempt's file is a link to the reference solution."""
    return f"{attempt_name} is a link into solutions/: the grader grades only what you write"


def not_attempted_yet(slug: str, function: str) -> str:
    """``function`` still raises ``NotImplementedError``."""
    return f"{slug}.{function} is not attempted yet"


def partly_attempted(slug: str, call_text: str, answered: str) -> str:
    """``call_text`` raised ``NotImplementedError`` where the call ``answered`` returned: a row left out.

    >>> partly_attempted("difference_dp", "score_difference(())", "score_difference((1, 2))")[:82]
    'difference_dp: score_difference(()) raised NotImplementedError, though score_diffe'
    """
    return (
        f"{slug}: {call_text} raised NotImplementedError, though {answered} is answered: "
        "every row is part of the task"
    )


def skipped_not_attempted(reason: object) -> str:
    """Why a check is skipped while its function is not attempted (``reason``, from ``not_attempted_yet``)."""
    return f"{NOT_ATTEMPTED}: {reason}"


def running(slug: str, call_text: str) -> str:
    """A graded call, as a stopped call names it."""
    return f"{slug}: {call_text}"


ALREADY = {  # how an earlier call could not answer (``judge.unanswered.How``), as a call not made says it
    "cpu": "already too slow",
    "waiting": "already waited without computing",
    "ended": "already ended its executor",
    "left": "already left a process running",
}


def already_past_a_cap(cap: str, tasks_cap: int, memory_cap_mib: int) -> str:
    """``how`` for ``already_unanswered`` when the attempt's processes went past ``cap`` ("processes":
    ``tasks_cap`` processes and threads at once; "memory": ``memory_cap_mib`` MiB resident, summed)."""
    if cap == "processes":
        return f"already started more than {tasks_cap} processes and threads at once"
    return f"already held more than {memory_cap_mib} MiB across its processes"


def already_unanswered(slug: str, call_text: str, n: int, how: str) -> str:
    """The call is not made: a call of the attempt already could not answer on a row of ``n`` coins."""
    return f"{slug}: not run: {call_text} — {ALREADY.get(how, how)} on a row of n = {n}"


def left_a_process(slug: str, call_text: str, answered: bool) -> str:
    """The call started a process (a fork, a subprocess not waited for) that was still there once it
    returned, running or ended but never waited for; ``answered``: that process answered a request in the
    executor's place."""
    answering = ", which answered in its place" if answered else ""
    return (
        f"{slug}: {call_text} left behind a process it started, running or ended but never waited for"
        f"{answering} (os.fork, multiprocessing or a subprocess?): a graded call only computes and returns"
    )


def too_slow_message(
    slug: str, call_text: str, n: int, limit: float, waited: float | None, needs: str, at_most_linear: bool
) -> str:
    """Why ``call_text`` ran out of its ``limit`` of CPU seconds on a row of ``n`` coins (or was stopped
    after it ``waited`` that many seconds without computing), with what a kata that ``needs`` this much
    work asks. How the time grows is measured apart and added under it (``coinrow.grader.measure.orders``)."""
    if waited is not None:
        return (
            f"{slug}: stopped: {call_text} waited {waited:g} s without computing: code that waits "
            "(sleep, input, a lock, a thread or process it joins) — a graded call only computes and returns"
        )
    message = f"{slug}: too slow: {call_text} did not finish in {limit:g} s of CPU time."
    if n <= SMALL_ROW:
        cause = (
            f"even n = {n} does not finish: an endless loop (a loop variable that never moves?), or a thread "
            "the code started that goes on computing (the CPU time of every thread counts)"
        )
    elif at_most_linear:
        cause = f"this kata needs {needs} work; an O(n^2) table or a nested loop is far too slow at n = {n}"
    else:
        return message
    return f"{message}\n  likely cause: {cause}"


def memory_hidden(slug: str, call_text: str, traced: int, resident: int) -> str:
    """The process of ``call_text`` grew by ``resident`` bytes while tracing saw a peak of ``traced``."""
    return (
        f"{slug}: {call_text} let tracemalloc see {traced / 2**20:.1f} MiB at its peak, but its process "
        f"grew by {resident / 2**20:.1f} MiB: memory hidden from tracing is counted as it is, from outside"
    )


def memory_tracing_tampered(slug: str, call_text: str) -> str:
    """``call_text`` started, stopped, cleared or reset ``tracemalloc``'s tracing while its memory was
    measured."""
    return (
        f"{slug}: {call_text} started, stopped, cleared or reset tracemalloc's tracing while its memory was "
        "measured: a graded call leaves the tracing to the grader"
    )


def recursion_message(
    slug: str, call_text: str, n: int, deep_enough: bool, capped_at: int | None, set_to: int | None
) -> str:
    """Why ``call_text`` raised ``RecursionError`` on a row of ``n`` coins, and what to do about it.

    Args:
        deep_enough: the recursion limit allowed the depth n needs, so the recursion is endless.
        capped_at: the grader's cap, when it lowered a limit the attempt set; else None.
        set_to: the limit the attempt set last (higher or lower than Python's), when it set one; else None.
    """
    if deep_enough:
        return (
            f"{slug}: RecursionError: {call_text} recursed far deeper than n = {n} needs.\n"
            "  likely cause: endless recursion: check the base case, and that every call shrinks i..j"
        )
    if capped_at is not None:
        advice = (
            f"the grader caps the recursion limit at {capped_at}, too low for this depth: "
            "fill the table bottom-up"
        )
    elif set_to is not None:
        advice = (
            f"your limit of {set_to} is too low for n = {n}: raise it further (3 * n + 100 leaves room), "
            "or fill the table bottom-up"
        )
    else:
        advice = (
            "raise it with sys.setrecursionlimit (3 * n + 100 leaves room; restore it afterwards) "
            "or fill the table bottom-up"
        )
    return (
        f"{slug}: RecursionError: {call_text} recursed deeper than Python's limit of calls "
        f"(depth grows with n = {n}: {LRU_CACHE_DEPTH}).\n"
        f"  what to do: {advice}"
    )


#: how deep a memo's recursion on n coins goes in calls Python counts, on this Python (measured: a memo of
#: best(i, j) on 1000 coins needs a limit of 1005, or 2006 through functools.lru_cache on 3.11, 1004 on 3.13)
LRU_CACHE_DEPTH = (
    "about n calls, 2 * n through functools.lru_cache, on this Python: the default limit of 1000 fails near "
    "n = 500 with lru_cache"
    if sys.version_info < (3, 12)
    else "about n calls, through functools.lru_cache too, on this Python: the default limit of 1000 fails "
    "near n = 1000"
)


def called_exit(slug: str, call_text: str, code: object) -> str:
    """The call ended by calling ``sys.exit(code)``."""
    return f"{slug}: {call_text} called sys.exit({show_value(code)}): return the answer"


def asked_for_input(slug: str, call_text: str, error: BaseException) -> str:
    """The call read from stdin (``error`` says the grader gives no input)."""
    return f"{slug}: {call_text} asked for input: {error}"


def raised(slug: str, call_text: str, error: BaseException, learner_file: Path) -> str:
    """The call raised ``error``: its type, its text (shortened), that a sandbox takes writes only in ``/tmp``
    where the text says a file system is read-only, and the line of ``learner_file`` it came from.

    >>> print(raised("k", "f((1,))", OSError("[Errno 30] Read-only file system"), Path("k.py")))
    k: f((1,)) raised OSError: [Errno 30] Read-only file system (sandboxed, graded code writes only in /tmp)
    """
    said = f": {shorten(str(error), 200)}" if str(error) else ""
    if isinstance(error, OSError) and str(error).startswith(f"[Errno {errno.EROFS}]"):  # the text it was sent
        said += " (sandboxed, graded code writes only in /tmp)"
    return f"{slug}: {call_text} raised {type(error).__name__}{said}{learner_frame(error, learner_file)}"


def past_a_folder_cap(folder: str, cap: int) -> str:
    """What a call did that filled the sandbox's ``folder``, a filesystem of ``cap`` bytes."""
    return f"wrote more than {cap / 2**20:g} MiB to {folder} (the sandbox's cap on files an attempt writes)"


def past_the_folder_caps(caps: dict[str, int]) -> str:
    """What a call did that filled one of the sandbox's folders (``caps``: each one's size in bytes)."""
    shown = ", ".join(f"{cap / 2**20:g} MiB to {folder}" for folder, cap in caps.items())
    return f"wrote more than the sandbox holds ({shown}: its caps on files an attempt writes)"


def past_the_file_cap(cap: int) -> str:
    """What a call did that made one file bigger than ``cap`` bytes (RLIMIT_FSIZE)."""
    return f"wrote more than {cap / 2**20:g} MiB to one file (the cap on any file an attempt writes)"


def wrote_too_much(slug: str, call_text: str, what: str, error: BaseException, learner_file: Path) -> str:
    """The call raised ``error`` as it reached a cap on what it writes (``what``, from the builders above)."""
    return f"{slug}: {call_text} {what}: keep the table in memory{learner_frame(error, learner_file)}"


def import_wrote_too_much(what: str) -> str:
    """``how`` for ``import_ended``: importing the file reached a cap on what it writes (``what``)."""
    return f"{what}: keep what it computes in memory"


def process_ended(slug: str, call_text: str, how: str) -> str:
    """The attempt's process ended during the call, without an answer (``how``, as ``stops`` words it)."""
    return f"{slug}: {call_text} {how}"


def unreadable_answer(slug: str, call_text: str, error: object) -> str:
    """The call's answer came back in a form that is no value (``error`` says why)."""
    return f"{slug}: {call_text} gave an answer that cannot be read: {error}"


def fails_with_coins_too() -> str:
    """Under a failure on the empty row when a probe row with coins failed too (raised, or answered with
    the wrong type): the empty row is not the only one to mend."""
    return "\n  a row with coins fails too, so the empty row is not the only one to mend"


def empty_row_note(answer: object) -> str:
    """Under a failure on the empty row: n = 0 is part of the task, and ``answer`` is what it must give."""
    return f"\n  n = 0 is part of the task: the empty row's answer is {answer!r} (no coins, nothing to take)"
