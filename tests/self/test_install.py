"""A light first install: ``make test`` installs what grading and the learner's tools import, nothing else.

The learner's targets share one stamp (``.venv/.installed``: pyproject.toml's
dependencies and the ``watch`` extra); each maintainer target installs its own
extra the first time it runs.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from coinrow.game.registry import REPO_ROOT

PROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
MAKEFILE = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
LEARNER_TARGETS = [
    "test",
    "next",
    "solutions",
    "watch",
    "compare",
    "trace",
    "animate",
    "play",
    "hint",
    "reset",
    "bench",
]
# What grading runs and what the learner's tools are: every file of these folders, and these files
LEARNER_CODE = ("coinrow/game", "coinrow/grader", "coinrow/tools", "coinrow/cli", "tests/grade")
LEARNER_FILES = ("coinrow/__init__.py", "coinrow/__main__.py", "tests/conftest.py", "tests/strategies.py")
MAINTAINER_TOOLS = {"mypy", "ruff", "cosmic-ray", "matplotlib", "pytest-xdist", "import-linter", "playwright"}


def _name(requirement: str) -> str:
    """The distribution a requirement names, normalised (PEP 503): ``"numpy>=1.26,<2.5"`` -> ``numpy``."""
    found = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert found is not None, requirement
    return re.sub(r"[-_.]+", "-", found[0]).lower()


def _names(requirements: list[str]) -> set[str]:
    return {_name(r) for r in requirements}


LEARNER = _names(PROJECT["dependencies"]) | _names(PROJECT["optional-dependencies"]["watch"])


def _imported(path: Path) -> set[str]:
    """The top-level modules ``path`` imports, anywhere in it, besides the standard library's and its own."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"coinrow", "tests", "solutions", "problems"}


def _distributions(modules: set[str]) -> set[str]:
    """The installed distributions that provide ``modules`` (normalised names)."""
    provided = packages_distributions()
    return {_name(d) for module in modules for d in provided.get(module, [module])}


def test_the_learner_install_holds_no_maintainer_tool() -> None:
    assert {"pytest", "hypothesis", "numpy", "rich"} <= LEARNER  # the suite runs under pytest
    assert LEARNER.isdisjoint(MAINTAINER_TOOLS), LEARNER & MAINTAINER_TOOLS


def test_grading_and_the_learners_tools_import_only_what_make_test_installs() -> None:
    """Besides the plot, which ``make compare PLOT=…`` installs first (the ``plot`` extra)."""
    paths = [p for folder in LEARNER_CODE for p in sorted((REPO_ROOT / folder).rglob("*.py"))]
    paths += [REPO_ROOT / name for name in LEARNER_FILES]
    plot = _names(PROJECT["optional-dependencies"]["plot"])
    beyond: dict[str, set[str]] = {}
    for path in paths:
        extra = _distributions(_imported(path)) - LEARNER
        if extra:
            beyond[path.relative_to(REPO_ROOT).as_posix()] = extra
    assert beyond == {"coinrow/tools/compare/growth.py": plot}


def _prerequisites(target: str) -> str:
    found = re.search(rf"^{target}: ([^#\n]*)", MAKEFILE, re.MULTILINE)
    assert found is not None, target
    return found[1].strip()


def test_each_target_installs_what_it_needs_on_first_use() -> None:
    made = r"pyproject\.toml \$\(CONSTRAINTS\) \| \$\(VENV_MADE\)$"  # new pins install again; the venv once
    assert re.search(rf"^\$\(STAMP\): {made}", MAKEFILE, re.MULTILINE)
    assert re.search(rf"^\$\(DEV_STAMP\): {made}", MAKEFILE, re.MULTILINE)  # the kata and the tools, at once
    assert "pip_install,--quiet -e '.[watch]')" in MAKEFILE  # the learner's one install
    for target in LEARNER_TARGETS:
        wanted = "$(STAMP) $(if $(PLOT),$(PLOT_STAMP))" if target == "compare" else "$(STAMP)"
        assert _prerequisites(target) == wanted, target
    for target, stamp in (("check", "DEV"), ("mutate", "MUTATE"), ("e2e", "E2E"), ("catalogue", "DEV")):
        assert _prerequisites(target) == f"$({stamp}_STAMP)", target
    extras = {"DEV": "$(DEV_EXTRAS)", "MUTATE": "mutate", "PLOT": "plot", "E2E": "e2e"}
    for stamp, extra in extras.items():
        recipe = MAKEFILE[MAKEFILE.index(f"$({stamp}_STAMP): ") :].split("\n\n")[0]
        assert f"-e '.[{extra}]'" in recipe, stamp
    assert re.search(r"^DEV_EXTRAS\s*:= watch,dev,mutate,plot$", MAKEFILE, re.MULTILINE)
