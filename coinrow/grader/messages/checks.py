"""The messages of the grading suite's own checks (``tests/grade/``): a row changed, the int64 edges,
speed at a kata's graded size, memory, and the parity strategy's contract.

Each names the kata (``slug``); a call is as ``show_call`` shows it (``call_text``), a row as
``show_row`` shows it (``row_text``).
"""

from __future__ import annotations

from coinrow.game.shown import show_value
from coinrow.grader.messages import added_line

# What a wrong answer at each int64 edge tells the learner, by the row's sum(|coins|).
INT64_EDGE_NOTES = {
    2**63 - 1: (
        "at the edge: sum(|coins|) = 2**63 - 1, the largest int64, so every value of the table still fits "
        "(|D[i][j]| <= sum(|coins|)): int64 is right here"
    ),
    2**63: (
        "likely cause: overflows at exactly 2**63: sum(|coins|) = 2**63 is one past the largest int64 "
        "(2**63 - 1); int64 is safe only while sum(|coins|) <= 2**63 - 1, Python ints from 2**63 on"
    ),
}


def changed_the_row(slug: str, call_text: str, row: object) -> str:
    """The call changed the caller's row (``call_text`` shows it as passed) to ``row``."""
    return f"{slug}: {call_text} changed the caller's row to {row}"


def beyond_the_graded_length(slug: str, max_n: int, n: int) -> str:
    """Why a check on a row of ``n`` coins is skipped for a kata graded up to ``max_n`` coins."""
    return f"{slug} is graded on rows of at most {max_n} coins; this row has {n}"


def timed_in_the_growth_check(slug: str, label: str) -> str:
    """Why the case ``label`` (a random row of the task's largest size) is not called apart for ``slug``."""
    return f"{slug}: {label} is covered by the growth check, which checks each call on random rows that long"


def at_the_int64_edge(failure: str, abs_sum: int) -> str:
    """``failure`` on a row whose sum(|coins|) is ``abs_sum`` (a key of ``INT64_EDGE_NOTES``), noted."""
    return added_line(failure, INT64_EDGE_NOTES[abs_sum])


def power_of_ten(n: int) -> str:
    """``10^4`` for 10000; other numbers as they are.

    >>> power_of_ten(10_000), power_of_ten(4000)
    ('10^4', '4000')
    """
    text = str(n)
    return f"10^{len(text) - 1}" if text.startswith("1") and set(text[1:]) <= {"0"} and n >= 100 else text


def _at_size(n: int, int64_edge: bool) -> str:
    edge = (
        " with coins summing to exactly 2**63 - 1 (int64 still holds every value there)" if int64_edge else ""
    )
    return f"at n = {power_of_ten(n)}{edge}"


def still_running(slug: str, needs: str, call_limit: float, n: int, int64_edge: bool, call_text: str) -> str:
    """A kata that ``needs`` this speed ran out of its ``call_limit`` on its graded row of ``n`` coins
    (``int64_edge``: coins summing to 2**63 - 1)."""
    at = _at_size(n, int64_edge)
    return added_line(
        f"{slug}: needs {needs}: still running after {call_limit:g} s of CPU time {at}, stopped there",
        call_text,
    )


def too_slowly(
    slug: str, needs: str, used: float, n: int, int64_edge: bool, limit: float, call_text: str
) -> str:
    """A kata that ``needs`` this speed took ``used`` CPU seconds, over its ``limit``, on its graded row of
    ``n`` coins (``int64_edge``: coins summing to 2**63 - 1), and answered right."""
    took = f"{slug}: needs {needs}: {used:.1f} s {_at_size(n, int64_edge)}"
    return added_line(
        f"{took}; the limit is {limit:g} s of CPU time", f"{call_text} returned the right answer, too slowly"
    )


def too_much_memory(slug: str, call_text: str, peak: int, bound: int, stopped_at: float | None = None) -> str:
    """The call's traced memory peaked at ``peak`` bytes, over the ``bound`` (bytes) a rolling row allows;
    ``stopped_at``: the CPU seconds after which tracing stopped the call, which had not returned by then."""
    within = (
        "" if stopped_at is None else f" within its first {_cpu_seconds(stopped_at)}, when tracing stopped it"
    )
    return (
        f"{slug}: {call_text} used {peak / 2**20:.1f} MiB at its peak{within}; "
        f"one rolling row needs well under {bound / 2**20:.0f} MiB (an n x n table needs 128 MB)"
    )


def too_much_resident(slug: str, call_text: str, grown: int, bound: int, watched: float) -> str:
    """The call's process tree grew by ``grown`` resident bytes (the kernel's reading) within its first
    ``watched`` CPU seconds, over ``bound``."""
    return (
        f"{slug}: {call_text} grew its process by {grown / 2**20:.1f} MiB of resident memory within its "
        f"first {_cpu_seconds(watched)}, read by the kernel; one rolling row needs well under "
        f"{bound / 2**20:.0f} MiB (memory tracing does not see all)"
    )


def _cpu_seconds(seconds: float) -> str:
    """``1 CPU second``, ``2 CPU seconds``."""
    return f"{seconds:g} CPU second{'' if seconds == 1 else 's'}"


def guarantee_out_of_bounds(slug: str, row_text: str, guarantee: object, half: float, optimum: int) -> str:
    """``parity_guarantee`` returned ``guarantee``, outside [``half`` the row's sum, the ``optimum``]."""
    return (
        f"{slug}: parity_guarantee({row_text}) returned {show_value(guarantee)}, outside "
        f"[sum/2, optimum] = [{half:g}, {optimum}]"
    )


def not_a_parity_move(slug: str, row_text: str, left: int, right: int, move: object) -> str:
    """``parity_move`` on coins ``left``..``right`` returned ``move``, neither "left" nor "right"."""
    shown = show_value(move)
    return f"{slug}: parity_move({row_text}, {left}, {right}) returned {shown}, expected 'left' or 'right'"


def held_below_the_guarantee(slug: str, row_text: str, collected: int, guarantee: int) -> str:
    """Playing ``parity_move``, the first player can be held to ``collected``, below the ``guarantee``."""
    return (
        f"{slug}: playing parity_move on {row_text}, an opponent can hold you to {collected}; "
        f"the parity strategy guarantees {guarantee}"
    )
