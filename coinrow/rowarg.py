"""Reading a row of coins from the command line, for the tools (animate, play)."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn


def parse_row(text: str, max_coins: int) -> tuple[int, ...]:
    """Parse ``"5 3 7 10"`` (spaces and/or commas, brackets allowed) into a row of ints.

    Args:
        text: the coins as typed, e.g. ``"5 3 7 10"``, ``"5,3,7,10"`` or ``"[5, 3, 7, 10]"``.
        max_coins: the longest row the tool accepts (at least one coin is required).

    Returns:
        The coins as a tuple of exact ints, negatives allowed.

    Raises:
        ValueError: with a one-line message naming the bad token or the length.

    >>> parse_row("[5, 3, 7, 10]", max_coins=30)
    (5, 3, 7, 10)
    """
    tokens = [t for t in re.split(r"[\s,]+", text.strip().strip("[]")) if t]
    if not tokens:
        raise ValueError('the row is empty; give coins like "5 3 7 10"')
    for token in tokens:
        if not re.fullmatch(r"[+-]?\d+", token):
            raise ValueError(f'{token!r} is not a whole number; give coins like "5 3 7 10"')
    if len(tokens) > max_coins:
        raise ValueError(f"{len(tokens)} coins is over this tool's limit of {max_coins}")
    return tuple(int(t) for t in tokens)


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr (``prog: message``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}\n")
