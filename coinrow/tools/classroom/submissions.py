"""What a class hands in: each submission's kata files, found without leaving the submission.

A submission is one entry of the class's folder:

- a folder laid out like ``problems/``: ``<slug>/<slug>.py`` for each kata attempted; a
  copy of the whole kata (its ``problems/<slug>/<slug>.py``) and a folder of bare
  ``<slug>.py`` files are read too;
- a single file ``<slug>.py``: a submission named after the file holding that one kata.

A bare file is matched to its kata as people upload files: by its slug in any case, with
the decorations browsers and file managers add to a copy's name (``difference_dp (1).py``,
``difference_dp-2.py``, ``Difference_DP copy.py``); each such match is said
(``Submission.renamed``). A file at a submission's top that matches no kata is listed as
ignored, with why. Two files for one kata grade neither: the kata says so, in one line.
Any subset of the katas may be there; a kata with no file is not attempted. Only the kata
files themselves are graded, each copied into a scratch folder laid out like ``problems/``,
so grading never writes inside the class's folder. A link inside a submission is followed
only while it stays inside it: a kata file that leads out of the submission is not graded,
and says why.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.game.registry import FORMULATIONS, source_file
from coinrow.grader import linked_reference

SLUGS = tuple(f.slug for f in FORMULATIONS)
# what a second download or a copy adds to a file's name: " (1)" (browsers), "-2", "_2" or " 2",
# " copy" (macOS Finder), " - Copy" (Windows Explorer); one or more, at the end of the name
DECORATIONS = re.compile(r"(?:\s*\(\d+\)|[-_ ]\d+|\s*(?:-\s*)?copy)+$", re.IGNORECASE)
EXPECTED = f"a kata's own name, e.g. {SLUGS[0]}.py"


@dataclass(frozen=True)
class Submission:
    """One student's work: each kata's file to grade or why it is not graded, and what else was found."""

    name: str
    attempts: dict[str, Path] = field(default_factory=dict)  # slug -> the file, resolved, inside the entry
    refused: dict[str, str] = field(default_factory=dict)  # slug -> why its file is not graded
    renamed: dict[str, str] = field(default_factory=dict)  # slug -> its file's name, when not <slug>.py
    ignored: dict[str, str] = field(default_factory=dict)  # a file at the top -> why it is not graded

    def handed_in_lines(self) -> list[str]:
        """What was found besides the katas' own names: a line per renamed match, per ignored file."""
        renamed = [f"{name}: graded as {slug}" for slug, name in self.renamed.items()]
        return renamed + [f"{name}: ignored, {why}" for name, why in self.ignored.items()]


def kata_of(file_name: str) -> str | None:
    """The slug of the kata a file named ``file_name`` is for, or None.

    The name must end in ``.py`` (any case); what is before it must be a slug in any case,
    perhaps followed by ``DECORATIONS``.

    >>> kata_of("Difference_DP (1).py"), kata_of("difference_dp-2.py"), kata_of("notes.py")
    ('difference_dp', 'difference_dp', None)
    """
    stem, dot, suffix = file_name.rpartition(".")
    if not dot or suffix.lower() != "py":
        return None
    stem = stem.strip().lower()
    if stem not in SLUGS:
        stem = DECORATIONS.sub("", stem)
    return stem if stem in SLUGS else None


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _why_ignored(entry: Path) -> str | None:
    """Why a file at a submission's top is not graded; None for a file that is no attempt at all."""
    if entry.name.startswith((".", "_")) or not entry.is_file():
        return None
    if entry.suffix.lower() == ".py":
        return f"named after no kata (expected {EXPECTED})"
    slug = next((slug for slug in SLUGS if entry.name.lower().startswith(slug)), None)
    return None if slug is None else f"not a .py file (expected {slug}.py)"


def _kata_files(root: Path, name: str, given: Path) -> Submission:
    """The submission ``name`` in the folder ``root`` (``given`` as it was named, links kept): each kata's
    file (resolved), and what is refused, renamed or ignored."""
    found: dict[str, list[Path]] = {}
    for slug in SLUGS:
        laid_out = (source_file(root, slug), source_file(root / "problems", slug))
        found[slug] = [p for p in laid_out if p.is_file()]
    ignored: dict[str, str] = {}
    for entry in sorted(root.iterdir()):
        kata = kata_of(entry.name) if entry.is_file() else None
        if kata is not None:
            found[kata].append(entry)
        elif (why := _why_ignored(entry)) is not None:
            ignored[entry.name] = why
    submission = Submission(name, ignored=ignored)
    for slug, places in found.items():
        names = [p.relative_to(root).as_posix() for p in places]
        if len(places) > 1:
            submission.refused[slug] = f"{len(places)} files for {slug}, none graded: {', '.join(names)}"
        elif places and linked_reference(places[0], given) is not None:
            submission.refused[slug] = f"{names[0]} is a link into solutions/: not graded"
        elif places and not _inside(places[0].resolve(), root):
            submission.refused[slug] = f"{names[0]} is a link out of the submission: not graded"
        elif places:
            submission.attempts[slug] = places[0].resolve()
            if places[0].parent == root and places[0].name != f"{slug}.py":
                submission.renamed[slug] = places[0].name
    return submission


def read_submission(entry: Path) -> Submission:
    """The submission ``entry``: a folder (named after it) or a kata's ``.py`` file (named after the file).

    A link given as the entry itself is followed: the class's folder is the teacher's.
    A file named after no kata is a submission with nothing attempted, its file ignored.
    """
    root = entry.resolve()
    if root.is_dir():
        return _kata_files(root, entry.name or root.name, entry)  # "." is named after the folder
    name = entry.name[: -len(".py")] if entry.name.lower().endswith(".py") else entry.name
    slug = kata_of(entry.name)
    if slug is None:
        return Submission(name, ignored={entry.name: f"named after no kata (expected {EXPECTED})"})
    return Submission(name, {slug: root}, renamed={slug: entry.name} if entry.name != f"{slug}.py" else {})


def is_submission(entry: Path) -> bool:
    """A folder or a ``.py`` file whose name starts with neither ``.`` nor ``_`` (``__pycache__``)."""
    if entry.name.startswith((".", "_")):
        return False
    return entry.is_dir() or (entry.suffix.lower() == ".py" and entry.is_file())


def kata_entries(folder: Path) -> list[str]:
    """The entries that make ``folder`` one submission rather than a class; ``[]`` for a class.

    A folder is one submission when it holds a kata's folder (``<slug>/<slug>.py``) or a
    copy of the kata (``problems/``), or kata files and no folder holding any (a student's).
    """
    entries = [entry for entry in sorted(folder.iterdir()) if is_submission(entry)]
    folders = [
        entry.name + "/"
        for entry in entries
        if (entry.name in SLUGS and source_file(folder, entry.name).is_file())
        or (entry.name == "problems" and any(source_file(entry, slug).is_file() for slug in SLUGS))
    ]
    if folders:
        return folders
    files = [entry.name for entry in entries if entry.is_file() and kata_of(entry.name)]
    students = [entry for entry in entries if entry.is_dir() and _holds_katas(read_submission(entry))]
    return files if not students else []


def _holds_katas(submission: Submission) -> bool:
    return bool(submission.attempts or submission.refused)


CLASS_TABLE = "class.csv"  # the class's table, beside a folder of results per submission


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
