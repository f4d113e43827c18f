"""Why a call, or a formulation's whole run in its child process, was stopped before it finished, and
what a call stopped for its time printed (``with_printing_note``).

A run's reason follows the formulation's name in the summary (``STOPPED: <reason>``); a call that
swallows every time-out ends its run with one line of its own.
"""

from __future__ import annotations

from coinrow.grader.messages import added_line

PRINTING_NOTED = 1_000_000  # bytes a call printed from which a failure on its time says so

_BY_SIGNAL = {
    "SIGSEGV": "crashed with SIGSEGV (a segmentation fault: the C stack overflowed, or ctypes)",
    "SIGXCPU": "used up its CPU cap",
    "SIGINT": "was interrupted (SIGINT)",
    "SIGABRT": "aborted (SIGABRT)",
}


def swallowed_the_time_out(what: str) -> str:
    """The call ``what`` (``importing`` or ``running`` in ``calls``) caught its own time-out, again and
    again: the line the run ends with, on a line of its own."""
    return (
        f"\nstopped: {what} did not stop when its time was up: it catches every "
        "exception (a bare except: or except BaseException:), the time-out included; "
        "catch only the exceptions you expect\n"
    )


def past_the_wall_cap(seconds: float) -> str:
    """The run did not end within ``seconds`` of wall time, the last resort."""
    return f"did not end within {seconds:g} s"


def past_the_cpu_cap(seconds: float) -> str:
    """The run's processes used more than ``seconds`` of CPU time together."""
    return f"used more than {seconds:g} s of CPU time in all (the cap per formulation)"


def stalled(seconds: float) -> str:
    """The run used almost no CPU for ``seconds`` in a row."""
    return (
        f"stopped: it used almost no CPU for {seconds:.0f} s in a row (it sleeps, or waits for "
        "a thread, a process or a lock)"
    )


def during(test_id: str) -> str:
    """What follows a run's reason when it stopped in the check ``test_id`` (a pytest node id), in words.

    >>> during("tests/grade/test_values.py::test_agrees_with_the_game_table_on_longer_rows[difference_dp]")
    ', during the check "agrees with the game table on longer rows"'
    """
    name = test_id.split("::")[-1].split("[")[0].removeprefix("test_").replace("_", " ")
    return f', during the check "{name}"'


def ended_by_signal(
    signal: int, name: str | None, output_cap_mib: int, folder_caps: dict[str, int] | None = None
) -> str:
    """The run's process was ended by ``signal`` (its ``name``, None for one Python does not know); a
    file may hold ``output_cap_mib`` MiB, and each of the sandbox's writable folders its ``folder_caps``
    (bytes, by folder): a SIGBUS is a write to memory mapped from a file its filesystem could not hold."""
    shown = name or f"signal {signal}"
    if shown == "SIGXFSZ":
        return f"wrote more than {output_cap_mib} MiB to one file (its output included)"
    if shown == "SIGBUS" and folder_caps:
        caps = ", ".join(f"{cap / 2**20:g} MiB to {folder}" for folder, cap in folder_caps.items())
        return (
            "crashed with SIGBUS: it wrote to memory mapped from a file past what the file's "
            f"filesystem holds (the sandbox's caps: {caps}; shared_memory lives in /dev/shm) or past "
            "the file's end: keep the table in memory"
        )
    return _BY_SIGNAL.get(shown, f"was ended by {shown}")


def reply_too_long(cap_bytes: int) -> str:
    """The executor's reply ran past ``cap_bytes`` (``REPLY_CAP``) and the executor was ended unread."""
    return f"the executor's reply ran past {cap_bytes >> 20} MiB, more than any answer"


def past_a_tree_cap(cap: str, tasks_cap: int, memory_cap_mib: int) -> str:
    """The attempt's processes, looked at together, went past ``cap``: "processes" (more than
    ``tasks_cap`` processes and threads at once) or "memory" (more than ``memory_cap_mib`` MiB resident,
    summed); what follows a call's name, and what to do instead."""
    if cap == "processes":
        return (
            f"stopped: the attempt started more than {tasks_cap} processes and threads at once (its import's "
            "count too), and all were ended: a graded call computes in its own process and returns"
        )
    return (
        f"stopped: the attempt held more than {memory_cap_mib} MiB across its processes (resident, summed "
        "over all it started), and all were ended"
    )


def exited_early(code: int, during: str, last_line: str) -> str:
    """The run's process exited with status ``code`` before it finished; ``during`` is from ``during``
    (or ""), and ``last_line`` what it last printed (or "")."""
    said = f": {last_line}" if last_line else ""
    return f"ended the interpreter early with exit status {code} (os._exit?){during}{said}"


def run_exited_early(code: int, during: str, last_line: str) -> str:
    """The grading run's own process (the grader's, not the attempt's: graded code runs in executors)
    exited with status ``code`` before it finished; ``during`` is from ``during`` (or ""), ``last_line``
    what it last printed (or "")."""
    said = f": {last_line}" if last_line else ""
    return f"the grading run itself (the grader's process) ended early with exit status {code}{during}{said}"


def broke(done: int, expected: int, last_line: str) -> str:
    """The run finished after ``done`` of its ``expected`` checks; ``last_line`` is what it last printed."""
    return f"the grading run broke after {done} of {expected} checks: {last_line}"


def grader_stumbled(slug: str, check: str, error: BaseException | None) -> str:
    """The grader itself raised ``error`` while it judged the answer in ``check``: the first line said."""
    return f"{slug}: {check}: {type(error).__name__}: {error}".splitlines()[0]


def not_sandboxed(why: str) -> str:
    """The summary's last line when the attempts ran without the OS sandbox (``why``: in a few words)."""
    return (
        f"not sandboxed ({why}): each attempt ran in a process of its own, apart from the checks, "
        "but could read and write what you can"
    )


def sandboxed_as_user(user: str, why: str) -> str:
    """The summary's last line when the attempts ran as an unprivileged ``user`` because bubblewrap could
    not run (``why``: in a few words)."""
    return (
        f"sandboxed as the unprivileged user {user} ({why}): each attempt ran apart from the checks and "
        "could not write the grader's files or signal it, but could read what any user can"
    )


def printing_note(printed_bytes: int, cost: str = "time") -> str:
    """The line that says a call printed a lot, for a failure on its ``cost`` ("time", or "memory": text to
    print is built in memory first): "" under ``PRINTING_NOTED`` bytes.

    >>> printing_note(40_213_000)
    'printed 40.2 MB during this call: printing takes time too (what is printed is not graded)'
    >>> printing_note(1_500_000, "memory")
    'printed 1.5 MB during this call: text to print is built in memory first (what is printed is not graded)'
    >>> printing_note(999_999)
    ''
    """
    if printed_bytes < PRINTING_NOTED:
        return ""
    megabytes = printed_bytes / 1e6
    said = "printing takes time too" if cost == "time" else "text to print is built in memory first"
    return f"printed {megabytes:,.1f} MB during this call: {said} (what is printed is not graded)"


def with_printing_note(message: str, printed_bytes: int, cost: str = "time") -> str:
    """``message`` with ``printing_note(printed_bytes, cost)`` under its first line, before any cause or
    order of growth (lines added later go under it all); ``message`` as it is when the call printed less.

    >>> with_printing_note("dp: too slow: f([1]).\\n  likely cause: a loop", 2_000_000).splitlines()[1]
    '  printed 2.0 MB during this call: printing takes time too (what is printed is not graded)'
    """
    note = printing_note(printed_bytes, cost)
    if not note:
        return message
    first, newline, rest = message.partition("\n")
    return added_line(first, note) + newline + rest
