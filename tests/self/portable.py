"""A machine without Linux's extras, made on Linux: the grading command run where macOS would leave it.

``without_linux_extras`` wraps a command in a bubblewrap of its own (the test's, not the grader's) where

- there is no ``/proc``: the folder does not exist, as on macOS (the grader's own readers of ``/proc`` fall
  back to what they do elsewhere). psutil, which on macOS reads the kernel through ``sysctl``, reads a
  procfs mounted where the grader's code does not look (``PSUTIL_PROC``), told so by a ``sitecustomize``
  on ``PYTHONPATH``: the one thing simulated in the grader's own processes;
- there is no bubblewrap, nor ``setpriv`` (macOS has neither: no second sandbox as the user ``nobody``
  either): their executables are hidden under an empty file, so ``shutil.which`` finds none;
- ``pidfd_open`` (and the other pidfd calls) fail with ``ENOSYS``, and setting ``RLIMIT_AS`` fails with
  ``EINVAL`` (Python's ``ValueError``), by a seccomp filter bubblewrap loads: the grader's code runs as it
  is, only the kernel refuses.

What it does not take away: ``prctl``'s subreaper (macOS has none: the grader finds orphans through their
session there) and the process CPU clocks (macOS has none for another process; the grader reads psutil's
times wherever ``/proc/<pid>/stat`` cannot be read, as here).
"""

from __future__ import annotations

import errno
import os
import platform
import shutil
import struct
from pathlib import Path

PSUTIL_PROC = "/psutil-proc"  # where psutil alone finds a procfs

# seccomp's numbers (linux/seccomp.h, linux/filter.h) and the system calls' by machine
_LOAD_WORD, _JUMP_IF_EQUAL, _RETURN = 0x20, 0x15, 0x06
_ALLOW, _FAIL_WITH = 0x7FFF0000, 0x00050000
_RLIMIT_AS = 9
_MACHINES = {  # audit arch, prlimit64, setrlimit, and the pidfd calls (open, send_signal, getfd)
    "x86_64": (0xC000003E, 302, 160, (434, 424, 438)),
    "aarch64": (0xC00000B7, 261, 164, (434, 424, 438)),
}
_ARG = [16 + 8 * k for k in range(6)]  # struct seccomp_data: nr, arch, ip, then each argument's low word


def unsupported() -> str:
    """Why the machine cannot be made here, in a few words; "" when it can."""
    if platform.system() != "Linux" or platform.machine() not in _MACHINES:
        return f"its seccomp filter is written for Linux on {' and '.join(_MACHINES)}"
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed"
    return ""


def seccomp_filter() -> bytes:
    """The classic BPF program bubblewrap loads (``--seccomp``): the pidfd calls fail with ENOSYS, and
    setting RLIMIT_AS (``setrlimit``, or ``prlimit64`` given a new limit) with EINVAL; all else runs."""
    arch, prlimit64, setrlimit, pidfd_calls = _MACHINES[platform.machine()]
    # each step: (code, where to go if true, where if false, its constant); a str names a label
    steps: list[tuple[int, str | int, str | int, int] | str] = [
        (_LOAD_WORD, 0, 0, 4),
        (_JUMP_IF_EQUAL, 0, "allow", arch),
        (_LOAD_WORD, 0, 0, 0),
        *[(_JUMP_IF_EQUAL, "enosys", 0, call) for call in pidfd_calls],
        (_JUMP_IF_EQUAL, "prlimit64", 0, prlimit64),
        (_JUMP_IF_EQUAL, "setrlimit", "allow", setrlimit),
        "prlimit64",
        (_LOAD_WORD, 0, 0, _ARG[1]),  # the resource
        (_JUMP_IF_EQUAL, 0, "allow", _RLIMIT_AS),
        (_LOAD_WORD, 0, 0, _ARG[2]),  # the new limit: a pointer, NULL when the call only reads
        (_JUMP_IF_EQUAL, 0, "einval", 0),
        (_LOAD_WORD, 0, 0, _ARG[2] + 4),
        (_JUMP_IF_EQUAL, "allow", "einval", 0),
        "setrlimit",
        (_LOAD_WORD, 0, 0, _ARG[0]),  # the resource
        (_JUMP_IF_EQUAL, "einval", "allow", _RLIMIT_AS),
        "allow",
        (_RETURN, 0, 0, _ALLOW),
        "enosys",
        (_RETURN, 0, 0, _FAIL_WITH | errno.ENOSYS),
        "einval",
        (_RETURN, 0, 0, _FAIL_WITH | errno.EINVAL),
    ]
    labels: dict[str, int] = {}
    for step in steps:
        if isinstance(step, str):
            labels[step] = sum(1 for s in steps[: steps.index(step)] if not isinstance(s, str))
    program = b""
    at = 0
    for step in steps:
        if isinstance(step, str):
            continue
        code, if_true, if_false, constant = step
        jumps = [labels[j] - at - 1 if isinstance(j, str) else j for j in (if_true, if_false)]
        program += struct.pack("=HBBI", code, jumps[0], jumps[1], constant)
        at += 1
    return program


def without_linux_extras(command: list[str], folder: Path) -> tuple[list[str], int]:
    """``command`` wrapped as the module docstring says, and the file descriptor of its seccomp filter
    (to pass to the process, ``pass_fds``; close it after). ``folder`` holds the ``sitecustomize``."""
    bwrap = shutil.which("bwrap")
    assert bwrap is not None
    (folder / "sitecustomize.py").write_text(
        f"import psutil\n\npsutil.PROCFS_PATH = {PSUTIL_PROC!r}\n", encoding="utf-8"
    )
    read, write = os.pipe()
    os.write(write, seccomp_filter())  # a few hundred bytes: the pipe holds them
    os.close(write)
    mounts: list[str] = []
    for entry in sorted(os.listdir("/")):
        path = f"/{entry}"
        if entry == "proc":
            continue
        if os.path.islink(path):
            mounts += ["--symlink", os.readlink(path), path]
        elif entry == "dev":
            mounts += ["--dev-bind", path, path]
        elif os.path.isdir(path):
            mounts += ["--bind", path, path]
    python_path = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH", "")]))
    hidden: list[str] = []
    for found in filter(None, (bwrap, shutil.which("setpriv"))):
        hidden += ["--ro-bind", "/dev/null", os.path.realpath(found)]
    wrapper = [
        bwrap,
        *mounts,
        "--unshare-pid",
        "--proc",
        PSUTIL_PROC,
        *hidden,
        "--die-with-parent",
        "--seccomp",
        str(read),
        "--setenv",
        "PYTHONPATH",
        python_path,
        "--chdir",
        os.getcwd(),
        "--",
    ]
    return [*wrapper, *command], read
