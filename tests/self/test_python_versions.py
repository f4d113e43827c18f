"""The supported Pythons are named once in pyproject.toml, and the Makefile, the README and CI agree.

An older ``python3`` is refused before any environment is made, in one line.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from coinrow.game.registry import REPO_ROOT
from tests.self.commandline import environment, own_stderr

PROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
CLASSIFIED = [
    c.removeprefix("Programming Language :: Python :: ")
    for c in PROJECT["classifiers"]
    if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
]
# A python3 that is 3.10: it runs the code it is given by -c with 3.10's version, and nothing else.
FAKE_PYTHON = """#!{real}
import sys
if sys.argv[1:2] != ["-c"]:
    sys.exit("the fake python3 runs only -c: " + " ".join(sys.argv[1:]))
sys.version_info = (3, 10, 13, "final", 0)
code, sys.argv = sys.argv[2], ["-c", *sys.argv[3:]]
exec(compile(code, "<string>", "exec"))
"""


def _setting(pattern: str, text: str) -> str:
    """The one group of ``pattern``, a whole line of ``text``."""
    found = re.search(pattern, text, re.MULTILINE)
    assert found is not None, pattern
    return found[1]


def test_the_supported_versions_are_one_range() -> None:
    """``requires-python`` is the oldest classified version, and the classified ones follow without a gap."""
    assert PROJECT["requires-python"] == f">={CLASSIFIED[0]}"
    minors = [int(v.split(".")[1]) for v in CLASSIFIED]
    assert minors == list(range(minors[0], minors[-1] + 1)), CLASSIFIED
    assert CLASSIFIED[0] == "3.11"  # the oldest that has tomllib and the typing the code uses


def test_the_makefile_readme_and_ci_name_the_same_versions() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert _setting(r"^MIN_PYTHON := (\S+)$", makefile) == CLASSIFIED[0]
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    named = ", ".join(CLASSIFIED[:-1]) + f" or {CLASSIFIED[-1]}"
    assert f"Python {named} and `make` are all you need" in readme
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _setting(r'^CHECKED_PYTHONS="(.*)"$', ci).split() == [CLASSIFIED[0], CLASSIFIED[-1]]


def test_an_older_python3_is_refused_in_one_line_before_any_environment(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "python3"
    fake.write_text(FAKE_PYTHON.format(real=sys.executable), encoding="utf-8")
    fake.chmod(0o755)
    venv = tmp_path / "venv"
    env = environment(REPO_ROOT, {"PATH": f"{bin_dir}:{environment()['PATH']}"})
    for name in ("MAKEFLAGS", "PYTHON"):  # under make check PYTHON=…: make passes it on in both
        env.pop(name, None)
    done = subprocess.run(
        ["make", "-s", "test", f"VENV={venv}"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert own_stderr(done) == [
        f"make: the kata needs Python {CLASSIFIED[0]} or newer; python3 is 3.10.13 "
        "(name another: make test PYTHON=python3.12)"
    ]
    assert done.stdout == ""
    assert not venv.exists()
