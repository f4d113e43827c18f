"""``make reset F=<slug>``: back up the attempt, then restore the stub from git.

The attempt is copied to ``problems/<slug>/backups/<slug>-<timestamp>.py`` first,
so nothing the learner wrote is lost. The stub restored is the newest version
of the file in git history that is still a stub (every public function only
raises ``NotImplementedError``), so committing an attempt does not hide it.
"""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
from datetime import datetime

from coinrow.game.registry import PROBLEMS, REPO_ROOT, by_slug, source_file
from coinrow.game.rowarg import UsageError, formulation_slug


class ResetError(Exception):
    """A reason the reset cannot go ahead, said in one line."""


def is_stub(source: str) -> bool:
    """True when every public function's body is a docstring and ``raise NotImplementedError``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    return bool(functions) and all(
        [ast.unparse(s) for s in f.body[1:]] == ["raise NotImplementedError"] for f in functions
    )


def _git(*args: str) -> str:
    run = subprocess.run(["git", *args], cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise ResetError(f"git {' '.join(args)} failed: {run.stderr.strip() or 'not a git checkout?'}")
    return run.stdout


def pristine_stub(relative: str) -> str:
    """The newest committed version of ``relative`` that is still a stub."""
    for commit in _git("log", "--format=%H", "--", relative).split():
        source = _git("show", f"{commit}:{relative}")
        if is_stub(source):
            return source
    raise ResetError(f"no stub of {relative} found in git history")


def reset(slug: str, now: datetime | None = None) -> str:
    """Back up ``problems/<slug>/<slug>.py`` (if it is not the stub) and restore the stub.

    Returns:
        One line saying what was done, naming the backup file.

    Raises:
        ResetError: unknown slug, not a git checkout, or no stub in history.
    """
    try:
        by_slug(slug)
    except KeyError as error:
        raise ResetError(error.args[0]) from None
    path = source_file(PROBLEMS, slug)
    relative = path.relative_to(REPO_ROOT).as_posix()
    stub = pristine_stub(relative)
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


USAGE = "usage: make reset F=<slug>  (for example F=difference_dp)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow reset``: the one kata."""
    parser.add_argument("slug", nargs="?", default="", help="the kata, e.g. difference_dp")


def run(args: argparse.Namespace) -> int:
    """``coinrow reset <slug>``: back up the attempt, restore the stub, say so in one line; 0, or 2.

    Raises:
        UsageError: an unknown slug, or a reset that cannot go ahead (``ResetError``, ``OSError``).
    """
    if not args.slug:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        print(reset(formulation_slug(args.slug)))
    except (ResetError, OSError) as error:
        raise UsageError(str(error)) from None
    return 0
