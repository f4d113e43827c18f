"""The package stays easy to find one's way in: no block hard to hold in one's head, and the attempt's
process importing only what it must. Concepts, not a line count, draw a module's edges."""

from __future__ import annotations

import ast
import sys

from radon.complexity import cc_rank, cc_visit

from coinrow.game.registry import REPO_ROOT

WORST_RANK = "C"  # radon's cyclomatic-complexity rank: C is 11 to 20 paths through a block


def test_no_block_of_the_package_is_rated_worse_than_c() -> None:
    ranked = {
        f"{path.relative_to(REPO_ROOT).as_posix()}: {block.fullname}": cc_rank(block.complexity)
        for path in (REPO_ROOT / "coinrow").rglob("*.py")
        for block in cc_visit(path.read_text(encoding="utf-8"))
    }
    assert {name: rank for name, rank in ranked.items() if rank > WORST_RANK} == {}


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
