"""The one fingerprint of what grading depends on besides the attempt: is a record still valid?

Three records keep outcomes of grading and reuse them only while grading would
give them again: the progress cache (``coinrow.grader.records.progress``), the
catalogue's record (``tests/catalogue/graded.json``) and the mutation record
(``tests/mutation/checked.sha256``). All three are keyed by ``fingerprint``: the
game model and its data, the grader, the grading suite, the grading options and
the versions of what grading runs on. A tool's or a maintainer command's file is
no part of it, so editing one keeps every record valid.

Python's version is part of it, except for the catalogue's record (``any_python``):
graded on Python 3.11 and on 3.13, every catalogue entry got the same verdict, the
same mistake named and the same likely cause, which is all the repository's checks
read from that record, while a message's detail did differ (a deep recursion that
ends in RecursionError on 3.13 only, a peak of memory a few per cent apart, one
more failed check of 62). So one record serves ``make check`` on every supported
Python, and a learner's cached result is still never shown under another Python.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from coinrow.game.registry import REPO_ROOT

# what grading runs besides the attempt: the package's root, the game model, the grader, the suite
GRADING_FILES = (
    "coinrow/__init__.py",
    "coinrow/game/**/*.py",
    "coinrow/game/data/*",
    "coinrow/grader/**/*.py",
    "tests/*.py",
    "tests/grade/*.py",
)
GRADING_PACKAGES = ("pytest", "hypothesis", "numpy", "pytest-parametrize-cases")


def digest(root: Path, paths: list[Path], extra: str = "") -> str:
    """A hash of ``extra``, the files' contents and their paths below ``root``: the same wherever the
    clone lies (64 hex digits). Raises ``ValueError`` for a path not below ``root``."""
    hashed = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        hashed.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()


def grading_files(root: Path = REPO_ROOT) -> list[Path]:
    """Every file below ``root`` that grading reads besides the attempt (``GRADING_FILES``), sorted."""
    return sorted({p for pattern in GRADING_FILES for p in root.glob(pattern) if p.is_file()})


def versions(python: bool = True) -> str:
    """Python's major.minor (unless ``python`` is False) and the installed versions of
    ``GRADING_PACKAGES``, as one line."""
    found = [f"python {sys.version_info.major}.{sys.version_info.minor}"] if python else []
    for package in GRADING_PACKAGES:
        try:
            found.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            found.append(f"{package} absent")
    return ", ".join(found)


def fingerprint(
    call_limit: float,
    profile: str,
    exit_first: bool = False,
    root: Path = REPO_ROOT,
    any_python: bool = False,
) -> str:
    """The hash a record of grading is kept under (64 hex digits).

    It changes with any file of ``grading_files(root)``, the grading options (the CPU seconds
    per call, the hypothesis profile, stopping at the first failure), ``versions()`` and
    pyproject.toml's pytest settings (``pytest_settings``); nothing else changes it.
    ``any_python``: the same on every Python version (the catalogue's record, as the module's
    docstring says why); the packages' versions still count.
    """
    options = f"{call_limit:g}/{profile}" + ("/exit-first" if exit_first else "")
    extra = f"{options}/{versions(python=not any_python)}/{pytest_settings(root)}"
    return digest(root, grading_files(root), extra)


def pytest_settings(root: Path = REPO_ROOT) -> str:
    """pyproject.toml's ``[tool.pytest.ini_options]``, which the grading run reads too (its markers,
    ``xfail_strict``, the capture), as one line; "" where there is none."""
    try:
        settings = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    except (OSError, ValueError, KeyError):
        return ""
    return json.dumps(settings, sort_keys=True)
