"""Is the code under test the learner's own? A graded attempt may not borrow the answer.

An attempt that imports the reference solutions or the grader's own game model,
or whose graded function is defined in another file, would be graded on code
the learner did not write; the grader then fails it, "not graded", instead of
grading it. What can be read without running the file is read here: its import
statements (``borrowed_imports``) and whether it is a link to the reference
(``linked_reference``). What it reaches for while it runs, the executor refuses and
reports (``FORBIDDEN_PACKAGES`` are refused by name; in the sandbox the reference and
the grader are not even there to be read).
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

from coinrow.game.registry import IMPLS
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


def linked_reference(attempt: Path, impl_dir: Path) -> str | None:
    """Why ``attempt`` is the reference solution itself (a link into ``solutions/``), or None. The
    references are graded as themselves only from their own folder reached with no link on the way
    (``--impl=solutions``): a folder that is, or sits behind, a link to it is graded as anyone's.

    >>> linked_reference(IMPLS["solutions"] / "difference_dp" / "difference_dp.py", IMPLS["solutions"])
    """
    references = IMPLS["solutions"].resolve()
    if Path(os.path.abspath(impl_dir)) != references and attempt.resolve().is_relative_to(references):
        return messages.linked_to_the_reference(attempt.name)
    return None
