"""Is the code under test the learner's own? A graded attempt may not borrow the answer.

An attempt that imports the reference solutions or the grader's own game model,
or whose graded function is defined in another file, would be graded on code
the learner did not write. ``borrowed`` says so in one line, and the grader
then fails the attempt instead of grading it.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType

from coinrow.game.registry import IMPLS, REPO_ROOT
from coinrow.grader.messages import calls as messages

FORBIDDEN_PACKAGES = {
    "solutions": "the reference solutions (solutions/)",
    "coinrow": "the grader's own game model (coinrow)",
    "tests": "the grading suite (tests/)",
}


@functools.lru_cache(maxsize=64)
def borrowed_imports(source: str) -> str | None:
    """The first forbidden package that ``source`` imports, described, or None.

    >>> borrowed_imports("from coinrow.game.game import optimal_totals")
    "the grader's own game model (coinrow)"
    >>> borrowed_imports("import functools") is None
    True
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None  # the import itself reports it
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top in FORBIDDEN_PACKAGES:
                return FORBIDDEN_PACKAGES[top]
    return None


def _defined_in(function: object) -> Path | None:
    code = getattr(inspect.unwrap(function), "__code__", None)  # type: ignore[arg-type]
    return Path(code.co_filename).resolve() if code is not None else None


def borrowed(module: ModuleType, attempt: Path, functions: Iterable[str]) -> str | None:
    """Why ``module`` (imported from ``attempt``) is not the learner's own code, or None if it is.

    What the file loads while it runs is watched by ``watched``; this reads the file itself.

    Args:
        module: the imported attempt.
        attempt: its file.
        functions: the names of the graded functions.
    """
    found = borrowed_imports(attempt.read_text(encoding="utf-8", errors="replace"))
    if found:
        return messages.imports_borrowed_code(found, attempt.name)
    for name in functions:
        function = getattr(module, name, None)
        where = _defined_in(function) if callable(function) else None
        if where is not None and where != attempt.resolve():
            shown = where.relative_to(REPO_ROOT) if where.is_relative_to(REPO_ROOT) else where.name
            return messages.defined_elsewhere(name, shown, attempt.name)
    return None


PROTECTED = tuple(REPO_ROOT / name for name in FORBIDDEN_PACKAGES)  # the folders of the packages above


def _protected(path: object, own: Path | None) -> str | None:
    """The protected package ``path`` lies in (not counting the attempt's own folder), or None."""
    if isinstance(path, bytes):
        path = path.decode(errors="replace")
    if not isinstance(path, str | Path):
        return None  # a file descriptor
    where = Path(path).resolve()
    if own is not None and where.is_relative_to(own):
        return None
    for folder in PROTECTED:
        if where.is_relative_to(folder):
            return folder.name
    return None


class _Watch:
    """What the code under test reaches for while it runs: imports and files of the protected packages."""

    def __init__(self) -> None:
        self.active = False
        self.own: Path | None = None  # the attempt's own folder: reading it is fine
        self.seen: list[str] = []
        self._names: list[str] = []
        self._counted = -1
        sys.addaudithook(self._audit)

    def protected_names(self, fresh: bool = False) -> list[str]:
        """The loaded modules of the protected packages (recounted only when ``sys.modules`` grew)."""
        if fresh or len(sys.modules) != self._counted:
            self._names = [n for n in sys.modules if n.partition(".")[0] in FORBIDDEN_PACKAGES]
            self._counted = len(sys.modules)
        return self._names

    def _audit(self, event: str, args: tuple[object, ...]) -> None:
        if not self.active:
            return
        if event == "import" and str(args[0]).split(".")[0] in FORBIDDEN_PACKAGES:
            self.seen.append(messages.reached_for("imports", FORBIDDEN_PACKAGES[str(args[0]).split(".")[0]]))
        elif event == "open" and (package := _protected(args[0], self.own)) is not None:
            self.seen.append(messages.reached_for("loads", FORBIDDEN_PACKAGES[package]))


_WATCH: _Watch | None = None


@contextlib.contextmanager
def watched(own: Path) -> Iterator[list[str]]:
    """Run learner code with the protected packages out of ``sys.modules``; yield what it reached for.

    ``own`` is the attempt's folder, which it may read (its own file and cache among them).

    Out of ``sys.modules``, even a computed ``importlib.import_module`` of them is a real import, which
    the audit hook sees; they are put back afterwards, exactly as they were.
    """
    global _WATCH
    if _WATCH is None:
        _WATCH = _Watch()
    watch = _WATCH
    hidden = {name: sys.modules.pop(name) for name in watch.protected_names()}
    left = len(sys.modules)
    watch.seen, watch.own = [], own.resolve()
    watch.active = True
    try:
        yield watch.seen
    finally:
        watch.active = False
        if len(sys.modules) != left:  # it imported something: drop what it loaded of the protected packages
            for name in watch.protected_names(fresh=True):
                del sys.modules[name]
        sys.modules.update(hidden)


def linked_reference(attempt: Path, impl_dir: Path) -> str | None:
    """Why ``attempt`` is the reference solution itself (a link into ``solutions/``), or None."""
    references = IMPLS["solutions"].resolve()
    if impl_dir.resolve() != references and attempt.resolve().is_relative_to(references):
        return messages.linked_to_the_reference(attempt.name)
    return None
