"""The package stays easy to find one's way in: small modules, and rooms of the grader that hold a few."""

from __future__ import annotations

import ast
import sys

from coinrow.game.registry import REPO_ROOT

MAX_LINES = 300  # lines of one module of coinrow/
MAX_MODULES_PER_ROOM = 12  # modules in one folder of coinrow/grader/


def test_no_module_is_over_300_lines() -> None:
    sizes = {p.relative_to(REPO_ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in (REPO_ROOT / "coinrow").rglob("*.py")}  # fmt: skip
    assert {path: n for path, n in sizes.items() if n > MAX_LINES} == {}


def test_no_room_of_the_grader_holds_more_than_12_modules() -> None:
    rooms = [
        p for p in (REPO_ROOT / "coinrow" / "grader").rglob("*") if p.is_dir() and p.name != "__pycache__"
    ]
    crowded = {room.name: len([m for m in room.glob("*.py") if m.name != "__init__.py"]) for room in rooms}
    assert {room: n for room, n in crowded.items() if n > MAX_MODULES_PER_ROOM} == {}


def test_what_runs_inside_the_attempts_process_imports_only_the_standard_library_and_its_siblings() -> None:
    """The executor's loop is started by its path inside the sandbox, where only its own folder is: each
    module there imports the standard library, or a sibling relatively, nothing else."""
    inside = REPO_ROOT / "coinrow" / "grader" / "executor" / "inside"
    found = []
    for path in sorted(inside.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append((path.name, node.module))
            elif isinstance(node, ast.Import):
                found.extend((path.name, alias.name) for alias in node.names)
    assert found
    assert [
        (name, module) for name, module in found if module.split(".")[0] not in sys.stdlib_module_names
    ] == []
