"""Reading values from the command line: rows of coins, slugs, folders, sizes; one reader each.

Every tool uses these. Bad input raises ``UsageError`` with a one-line message;
``coinrow.cli.main`` prints it on stderr and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from coinrow.game.registry import FORMULATIONS, NoSuchFolder, by_slug, resolve_impl
from coinrow.game.settings import MAX_COINS

MAX_CALL_LIMIT = 600.0  # CPU seconds: the most LIMIT= may give one call

_INTEGER = re.compile(r"[+-]?\d+")
MAX_DIGITS = 1000  # Python refuses to print ints past 4300 digits; sums of long coins must still print
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|[+-]?(inf|nan)", re.IGNORECASE)


class UsageError(ValueError):
    """Bad input from the command line; ``str()`` is the one-line message.

    ``setting`` and ``value``, when the message is about one setting: the option (``--row``) or
    argument (``slug``) and the text given for it. ``coinrow.cli.main`` puts ``<setting>=<value>: ``
    before the message, the setting named as the learner typed it (``ROW=`` under make).
    """

    def __init__(self, message: str, setting: str = "", value: str = "") -> None:
        super().__init__(message)
        self.setting = setting
        self.value = value


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


def row_option(text: str) -> tuple[int, ...]:
    """The ``--row`` of the tools that play or draw one row (``play``, ``animate``): 1 to ``MAX_COINS`` coins.

    Raises:
        UsageError: about ``--row``, what ``parse_row`` finds wrong with it.
    """
    try:
        return parse_row(text, MAX_COINS, required=True)
    except UsageError as error:
        raise UsageError(str(error), "--row", text) from None


def formulation_slug(slug: str) -> str:
    """``slug`` itself when the registry knows it.

    >>> formulation_slug("difference_dp")
    'difference_dp'

    Raises:
        UsageError: ``unknown formulation 'x'; known: …``, naming every known slug; or, for several known
            slugs, that one kata is taken.
    """
    parts = slug.replace(",", " ").split()
    if len(parts) > 1 and all(part in {f.slug for f in FORMULATIONS} for part in parts):
        raise UsageError(f"one kata at a time here, not {len(parts)}: F={parts[0]}, say")
    try:
        return by_slug(slug).slug
    except KeyError as error:
        raise UsageError(error.args[0]) from None


def formulation_slugs(text: str) -> list[str]:
    """Slugs separated by commas or spaces, each checked, repeats dropped; ``[]`` for a blank text.

    >>> formulation_slugs("difference_dp, top_down_memo")
    ['difference_dp', 'top_down_memo']

    Raises:
        UsageError: an unknown slug, with the known ones.
    """
    return list(dict.fromkeys(formulation_slug(s) for s in text.replace(",", " ").split()))


def impl_dir(impl: str, option: str = "--impl") -> Path:
    """The folder of the code to run: ``problems``, ``solutions`` or a folder laid out like them.

    Args:
        impl: as given on the command line.
        option: the setting it was given as.

    Raises:
        UsageError: about ``option``, if there is no such folder.
    """
    try:
        return resolve_impl(impl)
    except NoSuchFolder as error:
        raise UsageError(str(error), option, impl) from None


def parse_sizes(option: str, text: str, smallest: int = 1) -> tuple[int, ...]:
    """Row lengths to time, separated by commas or spaces: sorted, without repeats.

    >>> parse_sizes("--sizes", "1000,500 1000")
    (500, 1000)

    Raises:
        UsageError: a token that is not a whole number, no size at all, or one under ``smallest``.
    """
    try:
        sizes = parse_row(text)
    except UsageError:
        raise UsageError(
            f"{option}={text}: expected numbers separated by commas or spaces, like 500,1000"
        ) from None
    if not sizes or min(sizes) < 1:
        raise UsageError(f"{option}={text}: give one or more positive row lengths")
    if min(sizes) < smallest:
        raise UsageError(f"{option}={text}: every size must be at least {smallest}")
    return tuple(sorted(set(sizes)))


def add_impl_option(parser: argparse.ArgumentParser, default: str) -> None:
    """``--impl``: the code to run, read by ``impl_dir`` once parsed."""
    parser.add_argument(
        "--impl",
        default=default,
        help=f"problems, solutions or a folder laid out like them (default {default})",
    )


def add_row_arguments(parser: argparse.ArgumentParser) -> None:
    """The row as positional coins or ``--row``, and ``--json``: what compare and trace take."""
    parser.add_argument("coins", nargs="*", help="the row, e.g. 5 3 7 10 (use -- before negative coins)")
    parser.add_argument("--row", help='the row as one string, e.g. --row="8 15 3 7" (what make ROW= passes)')
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON instead of tables")


def row_of(args: argparse.Namespace) -> tuple[int, ...]:
    """The row given by ``add_row_arguments``' options; () when none was given.

    Raises:
        UsageError: about ``--row`` (or the ``coins``, when no ``--row`` was given), a bad coin, or a row
            given but empty (``ROW="[]"``).
    """
    given = bool((args.row or "").strip() or args.coins)  # ROW="[]" is given but empty: an error
    try:
        return parse_row(" ".join([args.row or "", *args.coins]), required=given)
    except UsageError as error:
        setting, value = ("--row", args.row) if args.row is not None else ("coins", " ".join(args.coins))
        raise UsageError(str(error), setting, value) from None


def call_limit(text: str) -> float:
    """``LIMIT=`` as CPU seconds per call.

    >>> call_limit("2.5")
    2.5

    Raises:
        argparse.ArgumentTypeError: not a number above 0 and at most ``MAX_CALL_LIMIT``.
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= MAX_CALL_LIMIT:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_CALL_LIMIT:g}"
        )
    return seconds


def jobs_count(text: str) -> int:
    """``JOBS=`` as a number of children at once.

    >>> jobs_count("2")
    2

    Raises:
        argparse.ArgumentTypeError: not a whole number of at least 1.
    """
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError("must be a whole number of at least 1")
    return int(text)
