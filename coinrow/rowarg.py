"""Reading a row of coins from the command line: the one parser every tool uses.

Bad input raises ``UsageError`` with a one-line message; each command prints
it on stderr and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

_INTEGER = re.compile(r"[+-]?\d+")
MAX_DIGITS = 1000  # Python refuses to print ints past 4300 digits; sums of long coins must still print
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]?(inf|nan)", re.IGNORECASE)


class UsageError(ValueError):
    """Bad input from the command line; ``str()`` is the one-line message."""


def parse_row(text: str, max_coins: int | None = None, *, required: bool = False) -> tuple[int, ...]:
    """Parse a row of coins: integers separated by spaces and/or commas, brackets allowed.

    Args:
        text: e.g. ``"5 3 7 10"``, ``"8, 15, 3, 7"`` or ``"[1, -5, 2]"``.
        max_coins: the longest row the tool accepts, or None for no limit.
        required: if True, an empty row is an error.

    Returns:
        The coins as exact ints (any size, any sign); ``()`` for a blank text.

    Raises:
        UsageError: a token that is not an integer (floats get their own hint),
            an empty row when one is required, or a row over ``max_coins``.

    >>> parse_row("[8, 15, 3, 7]")
    (8, 15, 3, 7)
    """
    coins = []
    for token in text.replace(",", " ").replace("[", " ").replace("]", " ").split():
        if _INTEGER.fullmatch(token):
            if len(token.lstrip("+-")) > MAX_DIGITS:
                raise UsageError(
                    f"a coin of {len(token.lstrip('+-'))} digits is over the limit of {MAX_DIGITS}"
                )
            coins.append(int(token))
        elif _NUMBER.fullmatch(token):
            raise UsageError(f'{token!r} is not an integer: coins are whole numbers (e.g. ROW="5 3 7 10")')
        else:
            raise UsageError(f"{token!r} is not an integer (ROW is coin values separated by spaces)")
    if required and not coins:
        raise UsageError('the row is empty; give coins like ROW="5 3 7 10"')
    if max_coins is not None and len(coins) > max_coins:
        raise UsageError(f"{len(coins)} coins is over this tool's limit of {max_coins}")
    return tuple(coins)


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr (``prog: message``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")
