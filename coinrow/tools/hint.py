"""``make hint F=<slug>``: the task's hints one tier at a time, as rustlings gives them.

The tiers live in one place, the ``<details>`` blocks of ``problems/<slug>/README.md``;
``coinrow.tools.tiers`` reads and words them (an interview shows them the same way).
How many tiers each kata has shown is remembered in ``build/hints.json`` (git-ignored,
like all of ``build/``; ``COINROW_HINTS_FILE`` points elsewhere), so each call shows one tier more.
``--all`` shows every tier, ``--reset`` starts the count over.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from coinrow.game.registry import FORMULATIONS, REPO_ROOT
from coinrow.game.rowarg import UsageError
from coinrow.tools.tiers import hint_tiers, readme_of, tier_text

DEFAULT_STATE = REPO_ROOT / "build" / "hints.json"


def state_file() -> Path:
    """Where the shown-tier counts are kept."""
    return Path(os.environ.get("COINROW_HINTS_FILE", DEFAULT_STATE))


def _load(path: Path) -> dict[str, int]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no file yet, or one damaged by hand: start from nothing
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int}


def _save(path: Path, shown: dict[str, int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(shown, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def next_hint(slug: str, path: Path, *, show_all: bool = False, reset: bool = False) -> str:
    """The text to print for one ``make hint`` call, updating the count in ``path``.

    Raises:
        ValueError: an unknown slug (the message lists the known ones) or a README without tiers.
    """
    known = [f.slug for f in FORMULATIONS]
    if slug not in known:
        raise ValueError(f"unknown kata {slug!r}; known: {', '.join(known)}")
    hints = hint_tiers(readme_of(slug))
    if not hints:
        raise ValueError(f"problems/{slug}/README.md has no hint tiers")
    shown = _load(path)
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
        UsageError: no slug, an unknown one, a README without tiers, or a count it cannot keep.
    """
    if not args.slug:
        raise UsageError("name the kata: make hint F=<slug>, e.g. make hint F=difference_dp")
    try:
        print(next_hint(args.slug, state_file(), show_all=args.all, reset=args.reset), end="")
    except ValueError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot keep the hint count in {state_file()}: {error.strerror}") from None
    return 0
