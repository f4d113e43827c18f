"""Every sentence a failure shows is worded in ``coinrow/grader/messages/``, and nowhere else.

The scan reads the grader's and the game model's modules, and the grading suite (``tests/grade/``
and the helpers it shares in ``tests/``), for f-strings whose text has a space:
sentences (a path, an option, a node id or a file name has no space in its text). Outside the
messages package, such sentences word only what is not a failure's: each place that has them is
listed in ``NOT_FAILURES`` with what it words. A sentence anywhere else fails the test: word it
as a builder in ``coinrow/grader/messages/`` and call that.

Plain string constants are not scanned: data such as the catalogue's descriptions of mistakes
(``coinrow/grader/diagnosis/mistakes.py``) is plain strings, and stays where its mistake is defined.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from coinrow.game.registry import REPO_ROOT

MESSAGES = "coinrow/grader/messages"
SCANNED = ("coinrow/grader/**/*.py", "coinrow/game/*.py", "tests/*.py", "tests/grade/*.py")

# Where sentences that are no failure's message are worded: a module, or a function in one.
NOT_FAILURES = {
    "coinrow/grader/records/results.py": "the summary's layout around the messages",
    "coinrow/grader/run/command.py": "the command line's errors and the JSON report's test names",
    "coinrow/grader/records/exercism.py": "the JSON report's test names",
    "coinrow/grader/records/stubs.py::_git": "why git could not give the stub as committed (reset's error)",
    "coinrow/grader/records/stubs.py::committed_stub": "why git could not give the stub as committed",
    "coinrow/grader/executor/inside/loop.py": "the executor's own words, apart from ours",
    "coinrow/grader/executor/inside/replies.py": "the executor's own words, apart from ours",
    "coinrow/grader/__init__.py::__getattr__": "Python's own error for a missing name",
    "coinrow/grader/records/fingerprint.py::versions": "the versions grading depends on, as text to hash",
    "coinrow/grader/executor/sandbox.py::_working_bwrap": "why bubblewrap cannot be used, in a few words",
    "coinrow/grader/executor/sandbox.py::name": "the sandbox's name, as the reports name it",
    "coinrow/grader/executor/as_user.py::cannot_run_as": "why the unprivileged user cannot be used",
    "coinrow/grader/executor/wire.py": "what the executor sent that is not a value of the wire format",
    "coinrow/grader/run/options.py::pytest_addoption": "pytest's help for --call-limit",
    "coinrow/grader/run/plugin.py::_impl_dir": "pytest's usage error for --impl",
    "coinrow/grader/run/plugin.py::pytest_terminal_summary": "the summary's title",
    "coinrow/grader/diagnosis/mistake_kinds.py::quantity_mistake": "a catalogued mistake's description",
    "coinrow/grader/diagnosis/mistakes_play.py": "the catalogued mistakes of play's descriptions",
    "coinrow/grader/diagnosis/mistake_kinds.py::wrong_cell": "a catalogued mistake's description",
    "coinrow/game/rowarg.py": "the command line's errors and help",
    "coinrow/game/registry.py": "an unknown slug, a missing module",
    "coinrow/game/game.py": "an argument the model is not defined on",
    "coinrow/game/oracle.py": "a row too long for the exhaustive oracle",
    "coinrow/game/cost.py": "an order of growth in words",
    "coinrow/game/tables.py": "a cell of a table by name",
    "coinrow/game/shown.py::_show_row": "a row as a literal",
    "coinrow/game/shown.py::literal": "a value as a literal",
    "coinrow/game/shown.py::show_call": "a call as code",
    "coinrow/game/quantity.py::__repr__": "a quantity's repr",
    "coinrow/game/quantity.py::shape_problem": "a pair's own shape, as the quantity states it",
    "coinrow/game/quantity.py::number_kind_problem": "compare's verdict on a number of the wrong type",
    "coinrow/game/quantity.py::judge": "compare's verdict on a parity guarantee",
    "tests/grade/test_errors.py": "the reason each documented error gives, as data",
}


def sentences(path: Path) -> Iterator[tuple[str, int, str]]:
    """Each outermost f-string of ``path`` whose text has a space: (its function, its line, its source)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(node: ast.AST, function: str) -> Iterator[tuple[str, int, str]]:
        if isinstance(node, ast.JoinedStr):
            text = "".join(str(part.value) for part in node.values if isinstance(part, ast.Constant))
            if " " in text:
                yield function, node.lineno, ast.unparse(node)
            return  # an f-string inside it is part of the same sentence
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        for child in ast.iter_child_nodes(node):
            yield from visit(child, function)

    yield from visit(tree, "")


def worded_outside_messages() -> list[str]:
    """``path:line: source`` of every sentence outside the messages package and ``NOT_FAILURES``."""
    found = []
    for pattern in SCANNED:
        for path in sorted(REPO_ROOT.glob(pattern)):
            name = path.relative_to(REPO_ROOT).as_posix()
            if name.startswith(f"{MESSAGES}/") or name in NOT_FAILURES:
                continue
            for function, line, source in sentences(path):
                if f"{name}::{function}" not in NOT_FAILURES:
                    found.append(f"{name}:{line}: {source}")
    return found


def test_failures_are_worded_in_the_messages_package() -> None:
    assert worded_outside_messages() == []


def test_the_scan_finds_a_sentence_and_only_sentences(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "def f(slug, n):\n    path = f'{slug}/{slug}.py'\n    return f'{slug}: too slow at {n}'\n",
        encoding="utf-8",
    )
    assert list(sentences(source)) == [("f", 3, "f'{slug}: too slow at {n}'")]


def test_every_place_listed_has_sentences_of_its_own() -> None:
    """A place that no longer words anything is taken off the list, so the list stays a true map."""
    worded = set()
    for pattern in SCANNED:
        for path in REPO_ROOT.glob(pattern):
            name = path.relative_to(REPO_ROOT).as_posix()
            functions = {function for function, _, _ in sentences(path)}
            worded |= {f"{name}::{function}" for function in functions} | ({name} if functions else set())
    assert sorted(set(NOT_FAILURES) - worded) == []
