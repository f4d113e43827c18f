"""The stubs as shipped: the newest committed version of each stub, read from git, and an attempt that is one.

A learner who restores a stub (``git checkout``, ``make reset``) has not
attempted that kata, and grading it would only say so: the grading entry point
(``coinrow.grader.run.grade``) shows such a file "not attempted" without starting a
child. The stub is the newest version of ``problems/<slug>/<slug>.py`` in git
history that is still a stub, so an attempt committed by the learner does not
hide it. Without git (a downloaded archive, no git program) there is no stub to
compare with, and every attempt is graded. ``make reset`` (``coinrow.tools.reset``)
and ``make check`` (``coinrow.dev.shipped``) read the stubs through this module too.
"""

from __future__ import annotations

import ast
import subprocess
from collections.abc import Iterable
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


def below_the_raise(source: str) -> tuple[str, ...]:
    """The public functions whose body begins (after its docstring) with ``raise NotImplementedError`` and
    goes on below it: code written under the stub's raise line, which never runs.

    >>> below_the_raise("def f(coins):\\n    'Doc.'\\n    raise NotImplementedError\\n    return 0\\n")
    ('f',)
    >>> below_the_raise("def f(coins):\\n    raise NotImplementedError\\n")
    ()
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ()
    found = []
    for function in tree.body:
        if not isinstance(function, ast.FunctionDef) or function.name.startswith("_"):
            continue
        body = function.body[1:] if ast.get_docstring(function) is not None else function.body
        if len(body) > 1 and ast.unparse(body[0]) == "raise NotImplementedError":
            found.append(function.name)
    return tuple(found)


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


def _head_versions(root: Path, relatives: list[str]) -> dict[str, str]:
    """HEAD's version of each file (paths below ``root``) that HEAD has, read by one ``git cat-file``;
    {} without git."""
    request = "".join(f"HEAD:{relative}\n" for relative in relatives).encode()
    try:
        run = subprocess.run(
            ["git", "cat-file", "--batch"], cwd=root, input=request, capture_output=True, check=False
        )
    except OSError:
        return {}
    found, rest = {}, run.stdout
    for relative in relatives:
        header, _, rest = rest.partition(b"\n")
        if not header.endswith(b"missing") and header.count(b" ") == 2:
            size = int(header.split()[2])
            found[relative] = rest[:size].decode("utf-8", errors="replace")
            rest = rest[size + 1 :]  # the blob, then a newline
    return found


def shipped_stubs(impl_dir: Path, slugs: Iterable[str], root: Path = REPO_ROOT) -> set[str]:
    """The ``slugs`` whose attempt in ``impl_dir`` is, byte for byte, the stub as shipped in ``root``'s git.

    Only a file that is a stub (``is_stub``) is compared, so an attempt costs git nothing. HEAD's
    version of each, when it is a stub, is the newest committed stub: one git process reads them
    all, and only a file that HEAD holds as an attempt has its history read. None without git,
    and no link (grading judges where it points).
    """
    attempts: dict[str, bytes] = {}
    for slug in slugs:
        attempt = source_file(impl_dir, slug)
        try:
            if not attempt.is_symlink() and is_stub(attempt.read_text(encoding="utf-8")):
                attempts[slug] = attempt.read_bytes()
        except (OSError, UnicodeDecodeError):
            continue
    relative = {slug: source_file(PROBLEMS, slug).relative_to(REPO_ROOT).as_posix() for slug in attempts}
    heads = _head_versions(root, list(relative.values())) if attempts else {}
    found = set()
    for slug, attempt_bytes in attempts.items():
        stub = heads.get(relative[slug], "")
        try:
            stub = stub if is_stub(stub) else committed_stub(relative[slug], root)
        except NoCommittedStub:
            continue
        if attempt_bytes == stub.encode("utf-8"):
            found.add(slug)
    return found


def is_shipped_stub(impl_dir: Path, slug: str, root: Path = REPO_ROOT) -> bool:
    """True when ``impl_dir``'s attempt at ``slug`` is, byte for byte, the stub as shipped in ``root``'s git
    (``shipped_stubs``)."""
    return slug in shipped_stubs(impl_dir, [slug], root)
