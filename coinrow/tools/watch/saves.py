"""Which katas a burst of file events saved: ``make watch``'s reading of the event lines
(``coinrow.tools.watch.events``), one save per kata however the editor writes it (see
``coinrow.tools.watch.watcher``)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from coinrow.game.registry import FORMULATIONS

DEBOUNCE = 0.05  # seconds of quiet after the last event before a save counts as written


class Saves:
    """The katas saved, from the helper's event lines: which are written and settled, which are not yet.

    Args:
        folder: the folder watched (laid out like ``problems/``).
        chosen: the slugs to grade; empty: every kata.
        closes_known: the events say when a written file is closed, so one open for writing is waited for.
    """

    def __init__(self, folder: Path, chosen: Collection[str], closes_known: bool) -> None:
        self.folder = folder.resolve()
        self.slugs = set(chosen) or {f.slug for f in FORMULATIONS}
        self.closes_known = closes_known
        self.saved: set[str] = set()  # katas with a save not yet settled
        self.writing: set[Path] = set()  # files written and not yet closed
        self.last_event = 0.0  # time.monotonic() of the last event on a kata's file

    def slug_of(self, path: Path) -> str | None:
        """The kata of an attempt's Python file (its backups aside); None for any other file."""
        try:
            parts = path.relative_to(self.folder).parts
        except ValueError:
            return None
        if len(parts) < 2 or path.suffix != ".py" or "backups" in parts or parts[0] not in self.slugs:
            return None
        if path.name.startswith((".", "#")):  # an editor's lock or temporary file (Emacs: .#name.py)
            return None
        return parts[0]

    def note(self, line: str, now: float) -> None:
        """Take one event line, ``<kind> <path>``, seen at ``now`` (``time.monotonic()``)."""
        kind, _, text = line.partition(" ")
        path = Path(text)
        slug = self.slug_of(path)
        if slug is None:
            return
        self.saved.add(slug)
        self.last_event = now
        if kind == "modified":
            self.writing.add(path)
        else:  # closed, created, deleted or moved: nothing more is being written to this path
            self.writing.discard(path)

    def wait(self, now: float) -> float | None:
        """Seconds until the saves settle if no event comes; None when there is nothing to wait for."""
        if not self.saved or (self.closes_known and self.writing):
            return None
        return max(0.0, self.last_event + DEBOUNCE - now)

    def take(self) -> list[str]:
        """The katas saved, in the registry's order; they are settled from now on."""
        taken = [f.slug for f in FORMULATIONS if f.slug in self.saved]
        self.saved.clear()
        return taken
