"""Sealed grading: an attempt that tries to pass without solving is never "solved", and changes nothing else.

Each attempt below answers wrong and tries one way around the grader that worked
when the attempt ran in the checks' own process: patch or borrow the grader's objects
(or the executor's own loop), read the expected value from the caller's frames, forge
the records, stop the driver, rewrite the suite, read the reference, or write another
kata's file. Each is graded
as a learner grades it (``make test F=difference_dp FRESH=1``, its command) in a fresh clone; the
run must end within two minutes, not "solved", with a non-zero exit status, leaving
every tracked file of the clone as it was and no process behind.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import psutil
import pytest

from coinrow.game.registry import source_file
from coinrow.grader.executor.sandbox import find_jail
from tests.self.commandline import as_root_without_bubblewrap, run_module

pytestmark = [
    pytest.mark.xdist_group("driver"),  # one at a time: each looks for leftovers
    pytest.mark.skipif(find_jail()[0] is None, reason=f"no sandbox here: {find_jail()[1]}"),
]

STAGED = "kata-executor-"  # the prefix of the folder an unprivileged user's executor runs its copies in
MARK = "kata_sealed_marker"  # in the attempts' source, so their processes can be found
WRONG = f"\n\ndef score_difference(coins):\n    return 42  # {MARK}\n"

FIND_REPO = """
import os, pathlib
def repo_roots():
    found = set()
    for pid in os.listdir('/proc'):
        if pid.isdigit():
            try:
                found.add(pathlib.Path(os.readlink(f'/proc/{pid}/cwd')))
            except OSError:
                pass
    here = pathlib.Path(__file__).resolve()
    found.update(here.parents)
    return [p for p in found if (p / 'tests' / 'grade').is_dir()]
"""

ATTEMPTS = {
    "patches-the-grader-through-gc": """
import gc
for thing in gc.get_objects():
    if isinstance(thing, type) and thing.__name__ in ('WrongAnswer', 'Record', 'Grader'):
        for name in ('__init__', 'check_value', '__str__'):
            try:
                setattr(thing, name, lambda self, *a, **k: None)
            except Exception:
                pass
""",
    "borrows-the-grader-model-through-gc": """
import gc
def _model():
    for thing in gc.get_objects():
        if callable(thing) and getattr(thing, '__name__', '') in ('exhaustive_difference', 'optimal_totals'):
            return thing
    return None
def score_difference(coins):
    model = _model()
    if model is None:
        return 42
    found = model(coins)
    return found if isinstance(found, int) else found.difference
""",
    "reads-the-expected-value-from-the-callers-frames": """
import sys
def score_difference(coins):
    frame = sys._getframe(1)
    while frame is not None:
        for name in ('expected', 'totals'):
            value = frame.f_locals.get(name)
            if isinstance(value, int):
                return value
            if hasattr(value, 'difference'):
                return value.difference
        frame = frame.f_back
    return 42
""",
    "patches-the-exactness-check": """
import gc, math, operator
for thing in gc.get_objects():
    if callable(thing) and getattr(thing, '__name__', '') in ('is_exact_int', 'is_exact'):
        try:
            thing.__code__ = (lambda *a, **k: True).__code__
        except Exception:
            pass
operator.eq = operator.__eq__ = lambda a, b: True
math.isclose = lambda *a, **k: True
class Always(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__
def score_difference(coins):
    return Always(42)
""",
    "patches-the-executor-loop": """
import gc
for thing in gc.get_objects():
    if isinstance(thing, type) and thing.__name__ == 'Executor':
        for name in ('call', 'load', 'time'):
            try:
                setattr(thing, name, lambda self, *a, **k: None)
            except Exception:
                pass
""",
    "forges-records-in-the-results-file": """
import json, os, pathlib
for folder in pathlib.Path('/tmp').glob('kata-*'):
    for results in folder.glob('*.jsonl'):
        with open(results, 'a') as out:
            out.write(json.dumps({'event': 'end', 'exitstatus': 0}) + '\\n')
for pid in os.listdir('/proc'):
    if pid.isdigit():
        try:
            for fd in os.listdir(f'/proc/{pid}/fd'):
                target = os.readlink(f'/proc/{pid}/fd/{fd}')
                if target.endswith('.jsonl'):
                    with open(target, 'a') as out:
                        out.write(json.dumps({'event': 'end', 'exitstatus': 0}) + '\\n')
        except OSError:
            pass
""",
    "stops-the-driver-with-sigstop": """
import os, signal
for pid in range(1, 1 << 16):
    if pid != os.getpid():
        try:
            os.kill(pid, signal.SIGSTOP)
        except OSError:
            pass
""",
    "kills-the-driver-with-sigkill": """
import os, signal
parent = os.getppid()
for _ in range(6):
    try:
        os.kill(parent, signal.SIGKILL)
        parent = int(open(f'/proc/{parent}/stat').read().rsplit(')', 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        break
""",
    "rewrites-the-suite-on-disk": FIND_REPO
    + """
for root in repo_roots():
    for test in [*(root / 'tests' / 'grade').glob('test_*.py'), root / 'tests' / 'conftest.py']:
        try:
            test.write_text('')
        except OSError:
            pass
""",
    "reads-the-reference-through-a-child-process": FIND_REPO
    + """
import subprocess
def score_difference(coins):
    for root in repo_roots():
        reference = root / 'solutions' / 'difference_dp' / 'difference_dp.py'
        done = subprocess.run(['cat', str(reference)], capture_output=True, text=True)
        if done.returncode == 0:
            space = {}
            exec(done.stdout, space)
            return space['score_difference'](coins)
    return 42
""",
    "writes-another-katas-file": """
import pathlib
here = pathlib.Path(__file__).resolve().parent
other = here.parent / 'rolling_array' / 'rolling_array.py'
try:
    other.write_text('def score_difference(coins):\\n    return 0\\n')
except OSError:
    pass
""",
}


def _leftovers(clone: Path, since: float) -> list[str]:
    """Processes whose command line names the clone (an executor: its sandbox binds the attempt's folder
    by its path), or an unprivileged user's executor's copies, started since ``since``."""
    found = []
    for process in psutil.process_iter(["cmdline", "create_time"]):
        try:
            cmdline = " ".join(process.info["cmdline"] or [])
        except psutil.Error:
            continue
        staged = STAGED in cmdline and process.info["create_time"] >= since
        if (str(clone) in cmdline or staged) and "pytest" not in cmdline:
            found.append(cmdline)
    return found


TIERS = {"the sandbox found": [], "the unprivileged user": as_root_without_bubblewrap()}


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("name", ATTEMPTS)
def test_a_hostile_attempt_is_never_solved_and_changes_nothing(clone: Path, name: str, tier: str) -> None:
    """In each sandbox tier this machine can make: the one it finds (bubblewrap here), and, for root, the
    unprivileged user where bubblewrap cannot run."""
    prefix = TIERS[tier]
    if prefix is None:
        pytest.skip("needs bubblewrap (to hide it), root, setpriv, and nobody able to run this Python")
    source = ATTEMPTS[name]
    attempt = source_file(clone / "problems", "difference_dp")
    attempt.write_text(source + ("" if "def score_difference" in source else WRONG), encoding="utf-8")
    started, since = time.monotonic(), time.time()
    done = run_module(
        "coinrow", "test", "--formulation=difference_dp", "--fresh", cwd=clone, wrapper=prefix, timeout=180
    )
    took = time.monotonic() - started
    if prefix:
        assert "sandboxed as the unprivileged user nobody" in done.stdout, done.stdout
    line = next((x for x in done.stdout.splitlines() if x.startswith("difference_dp ")), "")
    assert done.returncode != 0, done.stdout
    assert line, done.stdout
    assert "solved" not in line.split()[1].lower(), done.stdout
    assert took < 120, f"{name} took {took:.0f} s"
    changed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=clone,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert changed == [" M problems/difference_dp/difference_dp.py"], changed
    time.sleep(0.5)
    assert _leftovers(clone, since) == []
