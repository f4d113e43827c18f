"""Run a ``coinrow`` command with one more formulation registered, as adding a kata would register it.

``python -m tests.self.new_formulation <folder> <module> [args…]`` adds ``NEW`` to the
registry, points the ``problems`` and ``solutions`` folders at ``<folder>/problems`` and
``<folder>/solutions`` (laid out by ``lay_out``), then runs ``python -m <module> args…``.
"""

from __future__ import annotations

import runpy
import shutil
import sys
from pathlib import Path

from coinrow.game import registry
from coinrow.game.quantity import DIFFERENCE
from coinrow.game.tables import TableKind

NEW = registry.Formulation(
    slug="interval_dict_dp",
    title="Interval DP in a dictionary",
    functions=("score_difference",),
    returns=DIFFERENCE,
    domain="any n",
    state="memo(i, j) = mover's total minus the other's, on coins i..j, in a dict keyed by (i, j)",
    recurrence="memo(i, j) = max(a[i] - memo(i+1, j), a[j] - memo(i, j-1))",
    base="memo(i, i) = a[i]",
    answer="memo(0, n-1) = difference",
    time=registry.by_slug("difference_dp").time,
    space=registry.by_slug("difference_dp").space,
    source="LeetCode 486, its table kept in a dict",
    bonus=True,
    table=TableKind("difference", DIFFERENCE, function="memo"),
)
STUB = '''"""Interval DP in a dictionary."""


def score_difference(coins: list[int]) -> int:
    """The first player's optimal total minus the second's."""
    raise NotImplementedError
'''
REFERENCE = '''"""Interval DP in a dictionary keyed by (i, j), filled by interval length."""


def score_difference(coins: list[int]) -> int:
    """The first player's optimal total minus the second's."""
    n, memo = len(coins), {}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            memo[i, j] = coins[i] if i == j else max(coins[i] - memo[i + 1, j], coins[j] - memo[i, j - 1])
    return memo[0, n - 1] if n else 0
'''


def lay_out(folder: Path) -> None:
    """``folder/problems`` with the stub and its README, ``folder/solutions`` with the reference beside
    every registered reference (linked), as the repository lays out a kata."""
    stubs, references = folder / "problems" / NEW.slug, folder / "solutions" / NEW.slug
    stubs.mkdir(parents=True)
    references.mkdir(parents=True)
    (stubs / f"{NEW.slug}.py").write_text(STUB)
    task = f"# {NEW.title}\n\n**Write** `score_difference(coins)` in `{NEW.slug}.py`: return `difference`.\n"
    (stubs / "README.md").write_text(task)
    (references / f"{NEW.slug}.py").write_text(REFERENCE)
    for f in registry.FORMULATIONS:
        (folder / "solutions" / f.slug).symlink_to(registry.IMPLS["solutions"] / f.slug)


def reuse_graded_references(folder: Path) -> None:
    """Copy the references' progress cache into ``folder/solutions`` where they were graded already (the
    compare tests grade them first): a result in it is reused only while grading would give it again
    (``coinrow.grader.records.progress``), so what is shown is what grading them again would show."""
    from coinrow.grader.records.progress import (
        PROGRESS_FILE,  # late: the grader reads the registry as imported
    )

    graded = registry.IMPLS["solutions"] / PROGRESS_FILE
    if graded.exists():
        shutil.copyfile(graded, folder / "solutions" / PROGRESS_FILE)


def main(folder: str, module: str, *args: str) -> None:
    """Register ``NEW`` and the folders, then run ``module`` as ``python -m`` would."""
    registry.FORMULATIONS = (*registry.FORMULATIONS, NEW)
    registry.IMPLS.update(problems=Path(folder) / "problems", solutions=Path(folder) / "solutions")
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
