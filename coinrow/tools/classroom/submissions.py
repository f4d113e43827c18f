"""What a class hands in: each submission's kata files, found without leaving the submission.

A submission is one entry of the class's folder:

- a folder laid out like ``problems/``: ``<slug>/<slug>.py`` for each kata attempted; a
  copy of the whole kata (its ``problems/<slug>/<slug>.py``) and a folder of bare
  ``<slug>.py`` files are read too, in that order of preference;
- a single file ``<slug>.py``: a submission named ``<slug>`` holding that one kata.

Any subset of the katas may be there; a kata with no file is not attempted. Only the
kata files themselves are graded, each copied into a scratch folder laid out like
``problems/``, so grading never writes inside the class's folder. A link inside a
submission is followed only while it stays inside it: a kata file that leads out of the
submission is not graded, and says why.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.game.registry import FORMULATIONS, source_file

SLUGS = tuple(f.slug for f in FORMULATIONS)


@dataclass(frozen=True)
class Submission:
    """One student's work: its name, and each kata's file to grade or the reason it is not graded."""

    name: str
    attempts: dict[str, Path] = field(default_factory=dict)  # slug -> the file, resolved, inside the entry
    refused: dict[str, str] = field(default_factory=dict)  # slug -> why its file is not graded


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _kata_files(root: Path) -> tuple[dict[str, Path], dict[str, str]]:
    """Each kata's file in the folder ``root`` (resolved), and the katas whose file leads out of it."""
    attempts: dict[str, Path] = {}
    refused: dict[str, str] = {}
    for slug in SLUGS:
        places = (source_file(root, slug), source_file(root / "problems", slug), root / f"{slug}.py")
        found = next((p for p in places if p.is_file()), None)
        if found is None:
            continue
        real = found.resolve()
        if _inside(real, root):
            attempts[slug] = real
        else:
            refused[slug] = f"{found.relative_to(root)} is a link out of the submission: not graded"
    return attempts, refused


def read_submission(entry: Path) -> Submission:
    """The submission ``entry``: a folder (named after it) or a ``<slug>.py`` file (named ``<slug>``).

    A link given as the entry itself is followed: the class's folder is the teacher's.
    A ``.py`` file named after no kata is a submission with nothing attempted.
    """
    root = entry.resolve()
    if root.is_dir():
        attempts, refused = _kata_files(root)
        return Submission(entry.name or root.name, attempts, refused)  # "." is named after the folder
    name = entry.name.removesuffix(".py")
    return Submission(name, {name: root} if name in SLUGS else {})


def is_submission(entry: Path) -> bool:
    """A folder or a ``.py`` file whose name starts with neither ``.`` nor ``_`` (``__pycache__``)."""
    if entry.name.startswith((".", "_")):
        return False
    return entry.is_dir() or (entry.suffix == ".py" and entry.is_file())


def class_submissions(folder: Path) -> list[Submission]:
    """Every submission in ``folder``, by name.

    Raises:
        ValueError: two entries give one name (``bob/`` and ``bob.py``): their results would collide.
    """
    found = [read_submission(entry) for entry in sorted(folder.iterdir()) if is_submission(entry)]
    names = [s.name for s in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"two entries are named {twice[0]!r} (a folder and a .py file): rename one")
    return sorted(found, key=lambda s: s.name)


def lay_out(submission: Submission, folder: Path) -> None:
    """Copy each kata file of ``submission`` to ``folder/<slug>/<slug>.py``, as ``problems/`` holds it."""
    for slug, attempt in submission.attempts.items():
        copy = source_file(folder, slug)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(attempt, copy)
