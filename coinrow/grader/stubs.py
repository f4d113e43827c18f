"""The stubs as shipped: the newest committed version of each stub, read from git, and an attempt that is one.

A learner who restores a stub (``git checkout``, ``make reset``) has not
attempted that kata, and grading it would only say so: the grading entry point
(``coinrow.grader.grade``) shows such a file "not attempted" without starting a
child. The stub is the newest version of ``problems/<slug>/<slug>.py`` in git
history that is still a stub, so an attempt committed by the learner does not
hide it. Without git (a downloaded archive, no git program) there is no stub to
compare with, and every attempt is graded. ``make reset`` (``coinrow.tools.reset``)
and ``make check`` (``coinrow.dev.shipped``) read the stubs through this module too.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

from coinrow.game.registry import PROBLEMS, REPO_ROOT, source_file


class NoCommittedStub(Exception):
    """Git has no stub of the file: not a git checkout, git failed, or no version of it is a stub."""


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


def _git(root: Path, *args: str) -> str:
    try:
        run = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
    except OSError as error:  # no git program at all
        raise NoCommittedStub(f"git cannot run: {error.strerror}") from None
    if run.returncode != 0:
        raise NoCommittedStub(f"git {' '.join(args)} failed: {run.stderr.strip() or 'not a git checkout?'}")
    return run.stdout


def committed_stub(relative: str, root: Path = REPO_ROOT) -> str:
    """The newest committed version of ``relative`` (a path below ``root``) that is still a stub.

    Raises:
        NoCommittedStub: ``root`` is not a git checkout, git cannot run, or no committed
            version of the file is a stub.
    """
    for commit in _git(root, "log", "--format=%H", "--", relative).split():
        source = _git(root, "show", f"{commit}:{relative}")
        if is_stub(source):
            return source
    raise NoCommittedStub(f"no stub of {relative} found in git history")


def is_shipped_stub(impl_dir: Path, slug: str, root: Path = REPO_ROOT) -> bool:
    """True when ``impl_dir``'s attempt at ``slug`` is, byte for byte, the stub as shipped in ``root``'s git.

    Only a file that is a stub (``is_stub``) is compared, so an attempt costs git nothing.
    False without git, and for a link (grading judges where it points).
    """
    attempt = source_file(impl_dir, slug)
    try:
        if attempt.is_symlink() or not is_stub(attempt.read_text(encoding="utf-8")):
            return False
        stub = committed_stub(source_file(PROBLEMS, slug).relative_to(REPO_ROOT).as_posix(), root)
    except (OSError, UnicodeDecodeError, NoCommittedStub):
        return False
    return attempt.read_bytes() == stub.encode("utf-8")
