"""The messages of a value that came back wrong: its value, its type or shape, a move of a line of
play, or a ``ValueError`` that was not raised.

Each names the kata (``slug``) and the call as ``show_call`` shows it (``call_text``).
"""

from __future__ import annotations

from coinrow.game.shown import show_value
from coinrow.grader.messages import added_line

ODD_ROW = "the parity strategy needs an even number of coins"


def wrong_value(slug: str, call_text: str, got: object, expected: object) -> str:
    """The call returned ``got`` where ``expected`` is right."""
    return f"{slug}: {call_text} returned {show_value(got)}, expected {expected!r}"


def when_timed(message: str) -> str:
    """``message``, about a timed call (one whose answer, or time-out, the growth check judges): said so
    under it."""
    return added_line(message, "this was a timed call (the growth check's, on a random row)")


def wrong_type(slug: str, call_text: str, got: object, expected: object, shape_problem: str | None) -> str:
    """The call returned ``got``, not exact ints in the shape of ``expected``.

    ``shape_problem`` is what the quantity says is wrong with the shape of ``got`` (a pair's); None
    for a quantity that is one exact int, whose message then says what came back instead.
    """
    problem = type_problem(got) if shape_problem is None else shape_problem
    return added_line(wrong_value(slug, call_text, got, expected), problem)


def type_problem(value: object) -> str:
    """Why ``value`` is not an exact int, in a few words.

    >>> type_problem(2.0)
    'a float came back: floats lose exactness above 2**53; stay in ints (use //)'
    """
    kind = type(value)
    if kind is bool:
        return "a bool came back, expected an int"
    if kind is float:
        return "a float came back: floats lose exactness above 2**53; stay in ints (use //)"
    if kind.__module__ == "numpy":
        if kind.__name__ == "ndarray":
            return "a NumPy array came back, expected a single int"
        return (
            f"a NumPy {kind.__name__} came back: convert it with int() (int64 also overflows past 2**63 - 1)"
        )
    if isinstance(value, int):
        return f"an int subclass ({kind.__name__}) came back: return a plain int"
    return f"a {kind.__name__} came back, expected an int"


def not_a_line(slug: str, call_text: str, line: object, n: int) -> str:
    """The call returned ``line``, which is not a list of ``n`` moves.

    >>> not_a_line("optimal_moves", "optimal_line((0,))", [], 1)
    'optimal_moves: optimal_line((0,)) returned [], expected a list of 1 move'
    """
    return (
        f"{slug}: {call_text} returned {show_value(line)}, expected a list of {n} move{'' if n == 1 else 's'}"
    )


def not_a_move(slug: str, call_text: str, number: int, move: object) -> str:
    """Move ``number`` (from 1) of the returned line is neither "left" nor "right"."""
    return f"{slug}: {call_text}: move {number} is {show_value(move)}, expected 'left' or 'right'"


def not_an_optimal_move(
    slug: str, call_text: str, number: int, move: str, ends: tuple[int, int], got: int, best: int, end: str
) -> str:
    """Move ``number`` (from 1) takes the ``move`` end of coins ``ends`` (i..j) and leaves the mover a
    difference of ``got``, where the optimum is ``best``, reached by taking the ``end`` end."""
    i, j = ends
    return (
        f"{slug}: {call_text}: move {number} takes the {move} end of coins {i}..{j}, "
        f"which leaves the mover a difference of {got}; the optimum there is {best} (take the {end} end)"
    )


def wrong_line_totals(slug: str, call_text: str, got: tuple[int, int], expected: tuple[int, int]) -> str:
    """The returned line gives the totals ``got`` (first, second), not the optimal ``expected``."""
    return f"{slug}: {call_text}: the line gives totals {got}, expected {expected}"


def must_raise(slug: str, function: str, extra: tuple[object, ...], n: int, why: str) -> str:
    """``function`` must raise ``ValueError`` on a row of ``n`` coins (and the ``extra`` arguments), for
    the reason ``why``: the first part of each message below."""
    args = f" for {extra[0] if len(extra) == 1 else extra}" if extra else ""
    return (
        f"{slug}: {function} must raise ValueError{args} on a row of {n} coin{'' if n == 1 else 's'} ({why})"
    )


def raised_something_else(must: str, failure: str) -> str:
    """Under ``must`` (from ``must_raise``), the ``failure`` the call ended in instead."""
    return added_line(must, failure)


def raised_without_a_message(must: str) -> str:
    """The ``ValueError`` was raised with no message."""
    return f"{must}: it raised one with no message; say what is wrong"


def returned_instead(must: str, call_text: str, got: object) -> str:
    """The call returned ``got`` instead of raising."""
    return f"{must}; {call_text} returned {show_value(got)}"


def unshrunk(message: str) -> str:
    """``message`` of a failure reported on the row it was found on, not shrunk."""
    return added_line(message, "(the row as found, not shrunk: a shorter row already fails this way)")
