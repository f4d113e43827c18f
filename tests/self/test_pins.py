"""The pins (``requirements/constraints.txt``): every release installed, chosen once by ``make pins``.

Every install the Makefile makes is held to them, so a fresh clone grades on the
releases the catalogue's record was made with, and the record is current there.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.records.fingerprint import GRADING_PACKAGES

CONSTRAINTS = REPO_ROOT / "requirements" / "constraints.txt"
PROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
MAKEFILE = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")


def pins() -> dict[str, str]:
    """Each pinned package's canonical name and its release; AssertionError on a line not ``name==v``."""
    found: dict[str, str] = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        pinned = re.fullmatch(r"([A-Za-z0-9._-]+)==([A-Za-z0-9.+!-]+)", line)
        assert pinned, f"not a pin: {line!r}"
        name = canonicalize_name(pinned.group(1))
        assert name not in found, f"{name} is pinned twice"
        found[name] = pinned.group(2)
    return found


def requirements() -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies and every extra's."""
    listed = [
        *PROJECT["dependencies"],
        *(r for extra in PROJECT["optional-dependencies"].values() for r in extra),
    ]
    return [Requirement(text) for text in listed]


def test_every_requirement_is_pinned_to_a_release_it_allows() -> None:
    pinned = pins()
    for requirement in requirements():
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue  # not installed on this platform or Python
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement} is not pinned: make pins"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"{requirement} does not allow the pin {name}=={pinned[name]}: make pins"
        )


def test_what_grading_runs_on_is_installed_as_pinned() -> None:
    """The catalogue's record is kept under these packages' versions (``fingerprint.versions``)."""
    pinned = pins()
    for package in GRADING_PACKAGES:
        assert version(package) == pinned[canonicalize_name(package)], f"{package}: reinstall with make check"


def test_every_install_is_held_to_the_pins_and_renewed_by_one_command() -> None:
    assert "pip_install = $(PY) -m pip install --no-compile -c $(CONSTRAINTS)" in MAKEFILE
    assert "$(STAMP): pyproject.toml $(CONSTRAINTS) |" in MAKEFILE  # new pins reinstall
    assert "$(DEV_STAMP): pyproject.toml $(CONSTRAINTS) |" in MAKEFILE
    assert "CONSTRAINTS := requirements/constraints.txt" in MAKEFILE
    assert "#    make pins" in CONSTRAINTS.read_text(encoding="utf-8")  # the header names the command
    setup = (REPO_ROOT / "coinrow" / "tools" / "classroom" / "gradescope" / "setup.sh").read_text()
    assert '-c "$SOURCE/requirements/constraints.txt"' in setup  # a class is graded on the same releases
