"""``make reset F=<slug>``: back up the attempt, then restore the stub from git.

The attempt is copied to ``problems/<slug>/backups/<slug>-<timestamp>.py`` first,
so nothing the learner wrote is lost. The stub restored is the newest version
of the file in git history that is still a stub (every public function only
raises ``NotImplementedError``; ``coinrow.grader.records.stubs.committed_stub``), so committing an
attempt does not hide it.
"""

from __future__ import annotations

import argparse
import os
from datetime import datetime

from coinrow.game.registry import PROBLEMS, REPO_ROOT, by_slug, source_file
from coinrow.game.rowarg import UsageError, formulation_slug
from coinrow.grader import NoCommittedStub, committed_stub


class ResetError(Exception):
    """A reason the reset cannot go ahead, said in one line."""


def reset(slug: str, now: datetime | None = None) -> str:
    """Back up ``problems/<slug>/<slug>.py`` (if it is not the stub) and restore the stub.

    Returns:
        One line saying what was done, naming the backup file.

    Raises:
        ResetError: unknown slug, not a git checkout, no stub in history, or a folder at the file's name.
    """
    try:
        by_slug(slug)
    except KeyError as error:
        raise ResetError(error.args[0]) from None
    path = source_file(PROBLEMS, slug)
    relative = path.relative_to(REPO_ROOT).as_posix()
    try:
        stub = committed_stub(relative)
    except NoCommittedStub as error:
        raise ResetError(str(error)) from None
    if path.exists() and not path.is_file():  # a folder, say: never moved or written into
        raise ResetError(f"{relative} is not a file: move it away, then reset")
    current = path.read_bytes() if path.exists() else None  # bytes: any encoding the learner saved in
    if current == stub.encode("utf-8") and not path.is_symlink():
        return f"{relative} is already the stub; nothing to do"
    message = ""
    if current is not None:
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        backup = path.parent / "backups" / f"{slug}-{stamp}.py"
        copy = 1
        while os.path.lexists(backup):  # two resets in one second keep both attempts
            copy += 1
            backup = backup.with_name(f"{slug}-{stamp}-{copy}.py")
        if backup.parent.is_symlink():
            raise ResetError(f"{backup.parent.relative_to(REPO_ROOT)} is a link: move it away, then reset")
        backup.parent.mkdir(exist_ok=True)
        # O_EXCL: never through a link planted at the backup's name, never over a file
        with os.fdopen(os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644), "wb") as saved:
            saved.write(current)  # the content, wherever a link pointed
        message = f"your attempt is saved in {backup.relative_to(REPO_ROOT)}; "
    if path.is_symlink():  # never write through a link: it may point outside the kata, or at another attempt
        path.unlink()
        message += "the link is replaced by a file; "
    path.write_text(stub, encoding="utf-8")
    return message + f"{relative} is the stub again"


USAGE = "name the kata: make reset F=<slug>, e.g. make reset F=difference_dp"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow reset``: the one kata."""
    parser.add_argument("slug", nargs="?", default="", help="the kata, e.g. difference_dp")


def run(args: argparse.Namespace) -> int:
    """``coinrow reset <slug>``: back up the attempt, restore the stub, say so in one line; 0, or 2.

    Raises:
        UsageError: an unknown slug, or a reset that cannot go ahead (``ResetError``, ``OSError``).
    """
    if not args.slug:
        raise UsageError(USAGE)
    try:
        slug = formulation_slug(args.slug)
    except UsageError as error:
        raise UsageError(str(error), "slug", args.slug) from None
    try:
        print(reset(slug))
    except (ResetError, OSError) as error:
        raise UsageError(str(error)) from None
    return 0
