"""A class with a hostile submission of each kind, graded as a teacher grades it (``make grade``'s command):
each hostile one fails with what stopped it named in its own summary, the right one beside them is solved,
and nothing any of them started is left running.

Each hostile kind is the reference with something added, bounded so that it ends by itself: a flood of
processes at import, memory spread over processes at import (graded under a tree cap of
``MEMORY_CAP_MIB``), a sleep in every call, a detached process started in a call, and, where bubblewrap
seals the attempt (the sized folders are its own), files written to ``/tmp`` and to ``/dev/shm``. The class
is graded in each sandbox tier this machine can make, as ``make grade`` picks it: bubblewrap, and, with
bubblewrap hidden from root as in a container that refuses namespaces, the unprivileged user.
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.executor.inside.limits import SHM_CAP, TASKS_CAP, TMP_CAP
from coinrow.grader.executor.sandbox import find_jail
from tests.self.commandline import as_root_without_bubblewrap, run_module

# one at a time: each starts many processes, and looks for any left
pytestmark = pytest.mark.xdist_group("driver")

NAME = "kata-contained"  # the name every process the hostile ones start gives itself (Linux's comm)
MEMORY_CAP_MIB = 192  # the tree cap the class is graded under: the reference is solved within it
SEALED = find_jail()[0] is not None

# Named, sleeping 50 s at most, without a new interpreter (the unprivileged user may not run this one).
NAMED_SLEEPER = f"""
def _named_sleeper(mib):
    import ctypes, os, time
    ctypes.CDLL(None).prctl(15, b"{NAME}", 0, 0, 0)  # PR_SET_NAME
    held = bytearray(b"x") * (mib << 20)
    time.sleep(50)
    os._exit(0)
"""

# Forked copies of the importing process, each holding {mib} MiB of its own.
FORKS_AT_IMPORT = (
    NAMED_SLEEPER
    + """
import os as _os, time as _time
for _ in range({count}):
    if _os.fork() == 0:
        _named_sleeper({mib})
_time.sleep(1.5)
"""
)

SLEEPS_IN_EVERY_CALL = """
import time as _time
_solved = score_difference


def score_difference(coins):
    _time.sleep(50)
    return _solved(coins)
"""

DETACHES_IN_A_CALL = (
    NAMED_SLEEPER
    + """
import os as _os
_solved = score_difference


def score_difference(coins):
    if _os.fork() == 0:  # a daemon: its own session, its parent gone at once
        _os.setsid()
        if _os.fork() == 0:
            _named_sleeper(0)
        _os._exit(0)
    return _solved(coins)
"""
)

WRITES_TO = """
import os as _os
_solved = score_difference


def score_difference(coins):
    with open(_os.path.join({folder!r}, f"table-{{_os.getpid()}}.bin"), "wb") as table:
        for _ in range(100):
            table.write(bytes(1 << 20))
    return _solved(coins)
"""

# submission: (what is added to the reference, words its summary must hold)
HOSTILE = {
    "flood": (
        FORKS_AT_IMPORT.format(count=TASKS_CAP + 12, mib=0),
        f"started more than {TASKS_CAP} processes and threads at once",
    ),
    "spread": (
        FORKS_AT_IMPORT.format(count=4, mib=64),
        f"held more than {MEMORY_CAP_MIB} MiB across its processes",
    ),
    "sleeper": (SLEEPS_IN_EVERY_CALL, "s without computing"),
    "detached": (
        DETACHES_IN_A_CALL,
        "left behind a process it started, running or ended but never waited for",
    ),
}
# only bubblewrap sizes the folders an attempt writes to
IN_BUBBLEWRAP = {
    "fills-tmp": (WRITES_TO.format(folder="/tmp"), f"wrote more than {TMP_CAP >> 20} MiB to /tmp"),
    "fills-shm": (WRITES_TO.format(folder="/dev/shm"), f"wrote more than {SHM_CAP >> 20} MiB to /dev/shm"),
}
# the sandbox tiers this machine can make (``tests/self/test_sealed.py``): the kinds each one is given
TIERS = {
    "bubblewrap": ([], HOSTILE | IN_BUBBLEWRAP) if SEALED else None,
    "the unprivileged user": (prefix, HOSTILE) if (prefix := as_root_without_bubblewrap()) else None,
}


def _leftovers() -> list[str]:
    """Processes the hostile submissions started that still run: each gave itself NAME."""
    found = []
    for process in psutil.process_iter(["name"]):
        if process.info["name"] == NAME:
            found.append(f"{process.pid} {NAME}")
    return found


@pytest.mark.parametrize("tier", TIERS)
def test_a_class_with_every_hostile_kind_is_graded_each_on_its_own(tmp_path: Path, tier: str) -> None:
    """Slow (10-13 s a tier): every hostile kind is a real attempt graded in a real sandbox tier, and the
    containment is what is tested: a model of the executor could not show that one attempt's processes
    never reach another's."""
    given = TIERS[tier]
    if given is None:
        pytest.skip(f"{tier} cannot grade here")
    prefix, hostile = given
    reference = source_file(IMPLS["solutions"], "difference_dp").read_text(encoding="utf-8")
    handed_in, out = tmp_path / "class", tmp_path / "out"
    for name, added in [("right", ""), *((name, source) for name, (source, _) in hostile.items())]:
        (handed_in / name).mkdir(parents=True)
        (handed_in / name / "difference_dp.py").write_text(reference + added, encoding="utf-8")
    started = time.monotonic()
    done = run_module(
        "coinrow",
        "grade",
        f"--submissions={handed_in}",
        f"--out={out}",
        "--profile=catalogue",
        "--limit=1.5",
        extra={"COINROW_TREE_MEMORY_MIB": str(MEMORY_CAP_MIB)},
        wrapper=prefix,
        timeout=600,
    )
    took = time.monotonic() - started
    assert done.returncode == 0, done.stdout + done.stderr
    with (out / "class.csv").open(encoding="utf-8", newline="") as table:
        cells = {row["submission"]: row["difference_dp"] for row in csv.DictReader(table)}
    assert cells == {"right": "solved", **{name: "failing" for name in hostile}}, done.stdout
    assert all(f"│ {tier}" in row for row in _rows(done.stdout)), (
        done.stdout
    )  # the sandbox each was graded in
    for name, (_, said) in hostile.items():
        summary = (out / name / "summary.txt").read_text(encoding="utf-8")
        assert said in summary, f"{name}: {summary}"
    for _ in range(50):  # every process is killed at once; the kernel may take a moment to reap them
        if not _leftovers():
            break
        time.sleep(0.1)
    assert _leftovers() == []
    print(f"{tier}: graded {len(hostile) + 1} submissions in {took:.1f} s", file=sys.stderr)


def _rows(table: str) -> list[str]:
    """The class table's rows of submissions, as printed."""
    return [line for line in table.splitlines() if line.startswith("│ ")]
