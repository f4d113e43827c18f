"""Progress that persists: each formulation's last result, keyed by a hash of its attempt and the grader.

As rustlings keeps its state, the grading driver keeps the result of every
formulation it graded in ``<impl>/.kata-progress.json`` (git-ignored). A result
is reused only while the attempt's files and the fingerprint of what grading
depends on (``coinrow.grader.records.fingerprint``) are both unchanged, so a cached
"solved" is always one the grader would give again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from pathlib import Path
from typing import Any

from coinrow.grader.records.fingerprint import digest
from coinrow.grader.records.results import Record, Result

PROGRESS_FILE = ".kata-progress.json"


def attempt_hash(impl_dir: Path, slug: str) -> str:
    """A hash of every file in the attempt's folder: all of them are the attempt's to import or read (its
    backups, a helper module, a data file, a compiled ``.pyc``), so a cached result stands only for them."""
    return digest(impl_dir / slug, _attempt_files(impl_dir / slug))


def _attempt_files(folder: Path) -> list[Path]:
    return [path for path in folder.rglob("*") if path.is_file()] if folder.is_dir() else []


def attempt_stamps(impl_dir: Path, slug: str) -> tuple[tuple[str, int, int], ...]:
    """The attempt's Python files with their sizes and modification times (ns): they change with every
    write, even of the same text, which ``attempt_hash`` does not see (a save is one of a Python file:
    an editor's swap files, which change as the learner types, are not)."""
    found = []
    for path in sorted((impl_dir / slug).rglob("*.py")):
        try:
            stat = path.stat()
        except OSError:  # removed since it was listed
            continue
        found.append((path.as_posix(), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


def attempt_key(impl_dir: Path, slug: str, fingerprint: str) -> str:
    """A hash of the attempt's files and the ``fingerprint`` of grading: a result is reused only under it."""
    return hashlib.sha256((attempt_hash(impl_dir, slug) + fingerprint).encode()).hexdigest()


class Progress:
    """The cached results of one implementation folder."""

    def __init__(self, impl_dir: Path) -> None:
        self.path = impl_dir / PROGRESS_FILE
        self.entries: dict[str, Any] = {}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            self.entries = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            pass  # no progress yet, or an unreadable file: start afresh

    def get(self, slug: str, key: str) -> Result | None:
        """The cached result of ``slug``, if it was graded with exactly this key."""
        entry = self.entries.get(slug)
        if not isinstance(entry, dict) or entry.get("key") != key:
            return None
        try:
            records = [Record.from_json(r) for r in entry["records"]]
        except (KeyError, TypeError):
            return None
        wall = entry.get("wall")
        return Result(slug, records, cached=True, wall=float(wall) if isinstance(wall, int | float) else None)

    def put(self, result: Result, key: str, attempt: str) -> None:
        """Remember ``result``; a stopped run is not remembered (the next run grades it again)."""
        if result.reason is None:
            records = [r.to_json() for r in result.records]
            entry = {"key": key, "attempt": attempt, "records": records, "wall": result.wall}
            self.entries[result.slug] = entry

    def last_graded(self, slug: str) -> Result | None:
        """The result ``slug`` was last graded with, under any options (another call limit, say), if its
        attempt is as it was then."""
        entry = self.entries.get(slug)
        if not isinstance(entry, dict) or entry.get("attempt") != attempt_hash(self.path.parent, slug):
            return None
        return self.get(slug, entry.get("key", ""))

    def solved(self) -> set[str]:
        """The formulations whose attempt, as it is now, was last graded solved (under any options)."""
        return {slug for slug in self.entries if (last := self.last_graded(slug)) and last.status == "solved"}

    def save(self) -> None:
        with contextlib.suppress(OSError):  # a read-only folder: progress is simply not kept
            self.path.write_text(json.dumps(self.entries), encoding="utf-8")
