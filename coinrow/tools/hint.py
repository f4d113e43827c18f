"""``make hint F=<slug>``: the task's hints one tier at a time, as rustlings gives them.

The tiers live in one place, the ``<details>`` blocks of ``problems/<slug>/README.md``;
``coinrow.game.hints`` reads them and ``coinrow.tools.tiers`` words one (an interview shows them
the same way). How many tiers each kata has shown is remembered in ``build/hints.json``
(``coinrow.game.hints.state_file``), so each call shows one tier more; the summary of
``make test`` reads the same count. ``--all`` shows every tier, ``--reset`` starts the count over.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from coinrow.game.hints import hint_tiers, readme_of, shown_counts, state_file
from coinrow.game.registry import by_slug
from coinrow.game.rowarg import UsageError, formulation_slug
from coinrow.tools.tiers import tier_text


def _save(path: Path, shown: dict[str, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(shown, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def next_hint(slug: str, path: Path, *, show_all: bool = False, reset: bool = False) -> str:
    """The text to print for one ``make hint`` call, updating the count in ``path``.

    Raises:
        KeyError: an unknown slug (``registry.by_slug``: the closest known one, and every known one).
        ValueError: a README without tiers.
    """
    by_slug(slug)
    hints = hint_tiers(readme_of(slug))
    if not hints:
        raise ValueError(f"problems/{slug}/README.md has no hint tiers")
    shown = shown_counts(path)
    if reset:
        shown.pop(slug, None)
        _save(path, shown)
        return f"Hints for {slug} start over: the next make hint F={slug} shows hint 1 of {len(hints)}.\n"
    if show_all:
        shown[slug] = len(hints)
        _save(path, shown)
        return "\n".join(tier_text(slug, k, hints) for k in range(1, len(hints) + 1))
    already = min(shown.get(slug, 0), len(hints))
    if already == len(hints):
        return (
            tier_text(slug, already, hints)
            + f"\nThat was the last of {len(hints)} hints (ALL=1 shows them all, RESET=1 starts over).\n"
        )
    shown[slug] = already + 1
    _save(path, shown)
    text = tier_text(slug, already + 1, hints)
    if already + 1 < len(hints):
        return text + f"\nmake hint F={slug} again shows hint {already + 2} of {len(hints)}.\n"
    return text + "\nThat was the last hint.\n"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow hint``."""
    parser.add_argument("slug", nargs="?", default="", help="the kata, e.g. difference_dp")
    parser.add_argument("--all", action="store_true", help="show every tier")
    parser.add_argument("--reset", action="store_true", help="start the count over")


def run(args: argparse.Namespace) -> int:
    """``coinrow hint``: print the next hint; 0.

    Raises:
        UsageError: no slug, an unknown one (with the closest known one), a README without tiers, or a
            count it cannot keep.
    """
    if not args.slug:
        raise UsageError("name the kata: make hint F=<slug>, e.g. make hint F=difference_dp")
    try:
        slug = formulation_slug(args.slug)
    except UsageError as error:
        raise UsageError(str(error), "slug", args.slug) from None
    try:
        print(next_hint(slug, state_file(), show_all=args.all, reset=args.reset), end="")
    except ValueError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot keep the hint count in {state_file()}: {error.strerror}") from None
    return 0
