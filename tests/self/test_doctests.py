"""Every example in the docstrings of ``coinrow`` and ``solutions`` runs and prints what it shows."""

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import coinrow
from coinrow.game.registry import FORMULATIONS, IMPLS, load_module

PACKAGE_MODULES = [
    m.name
    for m in pkgutil.walk_packages(coinrow.__path__, "coinrow.")
    if not m.ispkg and m.name != "coinrow.__main__"
]
SLUGS = [f.slug for f in FORMULATIONS]


def examples_in(module: ModuleType) -> list[doctest.DocTest]:
    """The module's docstrings that hold at least one ``>>>`` example."""
    return [test for test in doctest.DocTestFinder().find(module) if test.examples]


def run_examples(module: ModuleType) -> None:
    """Run every example; fail with doctest's own report of each mismatch."""
    runner = doctest.DocTestRunner()
    report: list[str] = []
    for test in examples_in(module):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


@pytest.mark.parametrize("name", PACKAGE_MODULES)
def test_package_examples(name: str) -> None:
    run_examples(importlib.import_module(name))


@pytest.mark.parametrize("slug", SLUGS)
def test_reference_examples(slug: str) -> None:
    """Each reference shows its graded function on a row or two (the stub shows the same)."""
    module = load_module(IMPLS["solutions"], slug)
    assert examples_in(module), f"solutions/{slug} has no example in its docstrings"
    run_examples(module)


def test_the_package_has_examples_to_run() -> None:
    assert sum(len(examples_in(importlib.import_module(name))) for name in PACKAGE_MODULES) >= 10
