"""Values as the grader's messages show them, and whether a returned number is an exact int.

Nothing here imports the rest of the package, so the quantities (``coinrow.game.quantity``)
and the mistakes use these helpers as freely as the grader does.
"""

from __future__ import annotations

from collections.abc import Sequence

#: characters a row's literal may take and still be shown in full (a longer one is elided in the middle)
SHOWN_IN_FULL = 100


def show_row(row: Sequence[int], keep: int = 12) -> str:
    """The row as the literal it was passed as (list or tuple): in full when it takes ``SHOWN_IN_FULL``
    characters or fewer (or has ``keep`` coins or fewer), else its middle elided, ``keep`` coins shown.

    >>> show_row(list(range(20)), keep=6)
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]'
    >>> show_row(list(range(1000, 1040)), keep=6)
    '[1000, 1001, 1002, …34 more…, 1037, 1038, 1039]'
    >>> show_row((7,))
    '(7,)'
    >>> show_row([1, 10**5000])  # an int past Python's 4300-digit limit for str()
    '[1, <int of about 5001 digits>]'
    """
    try:
        return _show_row(list(row), isinstance(row, tuple), keep)
    except ValueError:  # an int too long to print: each coin as ``literal`` says it
        return _show_row([_Said(literal(coin)) for coin in row], isinstance(row, tuple), keep)


def _show_row(items: list[object], is_tuple: bool, keep: int) -> str:
    if len(items) <= max(keep, SHOWN_IN_FULL // 3):  # a coin takes 3 characters at least
        text = repr(tuple(items) if is_tuple else items)
        if len(items) <= keep or len(text) <= SHOWN_IN_FULL:
            return text
    head, tail = items[: keep // 2], items[-(keep // 2) :]
    hidden = len(items) - len(head) - len(tail)
    inside = ", ".join(map(str, head)) + f", …{hidden} more…, " + ", ".join(map(str, tail))
    return f"({inside})" if is_tuple else f"[{inside}]"


class _Said(str):
    """Text that is shown as it is, in a row's literal too."""

    def __repr__(self) -> str:
        return str(self)


def _printable(value: object) -> bool:
    try:
        repr(value)
    except ValueError:
        return False
    return True


def show_value(value: object, width: int = 120) -> str:
    """``literal(value)``, cut in the middle past ``width`` characters.

    >>> show_value(10**5000), show_value(-(10**4400))
    ('<int of about 5001 digits>', '<int of about 4401 digits>')
    """
    return shorten(literal(value), width)


def literal(value: object) -> str:
    """``repr(value)``; never raises: an int past Python's 4300-digit limit for str() is said as its size
    (its bits times log10 2, plus one: within one of its digits), in a plain list or tuple too.

    >>> literal((15, 10**5000))
    '(15, <int of about 5001 digits>)'
    """
    try:
        return repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int past the 4300-digit repr limit
        if type(value) in (list, tuple):
            items = [_Said(literal(item)) for item in value]  # type: ignore[attr-defined]
            return repr(tuple(items) if type(value) is tuple else items)
        about = value.bit_length() * 30103 // 100000 + 1 if isinstance(value, int) else None
        digits = "" if about is None else f" of about {about} digits"
        return f"<{type(value).__name__}{digits}>"


def json_safe(value: object) -> object:
    """``value``, or for an int past Python's 4300-digit limit for str() its ``literal`` (a JSON output
    cannot hold it as a number).

    >>> json_safe(7), json_safe(10**5000)
    (7, '<int of about 5001 digits>')
    """
    return value if _printable(value) else literal(value)


#: every character ``str.splitlines`` breaks a line at, each written as its escape in a shortened text
LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


def shorten(text: str, width: int = 120) -> str:
    """``text`` on one line (each line break written as its escape: an attempt's text cannot start a line of
    the summary's own) and cut in the middle past ``width`` characters.

    >>> shorten("5\\nSolved 6 of 6")
    '5\\\\nSolved 6 of 6'
    """
    text = text.translate(LINE_BREAKS)
    return text if len(text) <= width else text[: width - 30] + " … " + text[-20:]


def show_call(function: str, row: Sequence[int], *extra: object) -> str:
    """``name([row], extra…)`` with the row shortened, plus ``(n = …)`` for long rows."""
    args = ", ".join([show_row(row), *map(repr, extra)])
    size = f"  (n = {len(row)})" if len(row) > 12 else ""
    return f"{function}({args}){size}"


def is_exact_int(value: object) -> bool:
    """True for a plain Python int (not a bool, not an int subclass, not a NumPy integer)."""
    return type(value) is int
