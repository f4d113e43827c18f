"""The supported Pythons are named once in pyproject.toml, and the Makefile, the README and CI agree.

An older ``python3``, or a 3.12 release whose functools.cache recursion is too short for the kata, is
refused before any environment is made, in one line.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.specifiers import SpecifierSet

from coinrow.game.registry import REPO_ROOT
from tests.self.commandline import environment, own_stderr

PROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
CLASSIFIED = [
    c.removeprefix("Programming Language :: Python :: ")
    for c in PROJECT["classifiers"]
    if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
]
# A python3 of another version: it runs the code it is given by -c under that version, and nothing else.
FAKE_PYTHON = """#!{real}
import sys
if sys.argv[1:2] != ["-c"]:
    sys.exit("the fake python3 runs only -c: " + " ".join(sys.argv[1:]))
sys.version_info = (*{version}, "final", 0)
code, sys.argv = sys.argv[2], ["-c", *sys.argv[3:]]
exec(compile(code, "<string>", "exec"))
"""


def _setting(pattern: str, text: str) -> str:
    """The one group of ``pattern``, a whole line of ``text``."""
    found = re.search(pattern, text, re.MULTILINE)
    assert found is not None, pattern
    return found[1]


def test_the_supported_versions_are_one_range_less_two_releases() -> None:
    """``requires-python``: from the oldest classified version on, less the two 3.12 releases whose
    functools.cache stops a recursion at about 500 calls; the classified versions follow without a gap."""
    supported = SpecifierSet(PROJECT["requires-python"])
    assert [v for v in ("3.10.13", "3.11.0", "3.12.0", "3.12.1", "3.12.2", "3.13.0") if v in supported] == [
        "3.11.0",
        "3.12.2",
        "3.13.0",
    ]
    assert f">={CLASSIFIED[0]}" in str(supported).split(",")
    minors = [int(v.split(".")[1]) for v in CLASSIFIED]
    assert minors == list(range(minors[0], minors[-1] + 1)), CLASSIFIED


def test_the_makefile_readme_and_ci_name_the_same_versions() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert _setting(r"^MIN_PYTHON := (\S+)$", makefile) == CLASSIFIED[0]
    excluded = sorted(s.version for s in SpecifierSet(PROJECT["requires-python"]) if s.operator == "!=")
    assert _setting(r"^EXCLUDED_PYTHONS := (.+)$", makefile).split() == excluded
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert CLASSIFIED == ["3.11", "3.12", "3.13"]  # as the README names them, 3.12.0 and 3.12.1 excluded
    assert "Python 3.11, 3.12 (from 3.12.2) or 3.13 and `make` are\nall you need" in readme
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _setting(r'^CHECKED_PYTHONS="(.*)"$', ci).split() == [CLASSIFIED[0], CLASSIFIED[-1]]


def _make_test_with_python3(
    tmp_path: Path, version: tuple[int, int, int]
) -> subprocess.CompletedProcess[str]:
    """``make test`` with a fake ``python3`` of ``version`` first on the PATH, into a venv in ``tmp_path``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "python3"
    fake.write_text(FAKE_PYTHON.format(real=sys.executable, version=version), encoding="utf-8")
    fake.chmod(0o755)
    env = environment(REPO_ROOT, {"PATH": f"{bin_dir}:{environment()['PATH']}"})
    for name in ("MAKEFLAGS", "PYTHON"):  # under make check PYTHON=…: make passes it on in both
        env.pop(name, None)
    return subprocess.run(
        ["make", "-s", "test", f"VENV={tmp_path / 'venv'}"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_an_older_python3_is_refused_in_one_line_before_any_environment(tmp_path: Path) -> None:
    done = _make_test_with_python3(tmp_path, (3, 10, 13))
    assert done.returncode == 2
    assert own_stderr(done) == [
        f"make: the kata needs Python {CLASSIFIED[0]} or newer; python3 is 3.10.13 "
        "(name another: make test PYTHON=python3.13)"
    ]
    assert done.stdout == ""
    assert not (tmp_path / "venv").exists()


def test_a_python3_with_the_short_cache_recursion_is_refused_in_one_line(tmp_path: Path) -> None:
    done = _make_test_with_python3(tmp_path, (3, 12, 1))
    assert done.returncode == 2
    assert own_stderr(done) == [
        "make: python3 is Python 3.12.1, whose functools.cache stops a recursion at about 500 calls "
        "(fixed in 3.12.2): name another, e.g. make test PYTHON=python3.13"
    ]
    assert not (tmp_path / "venv").exists()
