"""The OS sandbox an executor runs in: bubblewrap, where it is installed and works; else, for root, an
unprivileged user (``executor.as_user``); else none.

In the jail the executor sees, read-only, only the Python runtime (the interpreter's
prefix, the packages' folder, ``/usr``) and the attempt's own folder; ``/tmp`` and
``/dev/shm`` are private, empty tmpfs of a few MiB each (``TMP_CAP``, ``SHM_CAP``), and
nothing else is writable (the root and ``/dev`` are remounted read-only); it has no
network, its own PID namespace (it cannot see or signal the judge, the driver or any
other process), no capabilities, and it ends when its parent does. The CPU, memory and
file-size limits of the grading child are inherited. Without bubblewrap (macOS, a
container without user namespaces) the executor still runs apart from the judge, with
the same limits, and the summary says the run was not sandboxed.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from coinrow.grader.executor.as_user import USER, as_user_prefix, cannot_run_as, unprivileged_user
from coinrow.grader.executor.inside.limits import SHM_CAP, TMP_CAP, USER_PROCESSES_CAP

ATTEMPT_ROOT = "/attempt"  # where the attempt's folder appears inside the jail
LOOP_FOLDER = "/executor"  # where the executor's loop and the modules beside it appear inside the jail
LOOP_PATH = f"{LOOP_FOLDER}/loop.py"
UNSANDBOXED_VARIABLE = "COINROW_UNSANDBOXED"  # set to 1: run unsealed even where bubblewrap works


@dataclass(frozen=True)
class Jail:
    """Where an executor is sealed: a working bubblewrap (its executable), or, where bubblewrap cannot run
    and the grader is root, an unprivileged user (``executor.as_user``: its user and group ids)."""

    bwrap: str = ""
    user: tuple[int, int] | None = None

    @property
    def name(self) -> str:
        """The sandbox, as the summary and the reports name it."""
        return "bubblewrap" if self.bwrap else f"the unprivileged user {USER}"


def folder_identity(folder: Path) -> tuple[int, int] | None:
    """A folder's device and inode numbers: the same while it is the same folder (a jail binds the folder
    it finds as it starts); None if there is none."""
    try:
        found = os.stat(folder)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def interpreter() -> str:
    """The real interpreter behind ``sys.executable`` (a virtual environment's is a link to it)."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def package_paths() -> list[str]:
    """The folders the executor adds to ``sys.path``: this environment's packages (NumPy among them)."""
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["purelib"], paths["platlib"]]))


def _read_only(paths: list[str]) -> list[str]:
    args: list[str] = []
    for path in dict.fromkeys(paths):
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def _root_links() -> list[str]:
    """``/bin``, ``/lib``, ``/lib64`` and ``/sbin`` as the host has them: links into ``/usr``, or bound."""
    args: list[str] = []
    for name in ("bin", "lib", "lib64", "sbin"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    return args


def bwrap_args(jail: Jail, attempt: Path, loop: Path) -> list[str]:
    """bubblewrap's options for an executor of ``attempt`` running ``loop``."""
    runtime = [sys.base_prefix, os.path.dirname(interpreter()), *package_paths()]
    return [
        jail.bwrap,
        # the private /tmp first: a runtime or an attempt that lives below /tmp is bound over it, not hidden
        "--size",
        str(TMP_CAP),
        "--tmpfs",
        "/tmp",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--size",
        str(SHM_CAP),
        "--tmpfs",
        "/dev/shm",
        "--ro-bind",
        "/usr",
        "/usr",
        *_root_links(),
        *_read_only(runtime),
        "--ro-bind",
        str(attempt.parent.resolve()),
        f"{ATTEMPT_ROOT}/{attempt.parent.name}",
        "--ro-bind",
        str(loop.parent),
        LOOP_FOLDER,
        # last of the mounts: the root (a tmpfs of half the RAM) and /dev read-only, their submounts as made
        "--remount-ro",
        "/dev",
        "--remount-ro",
        "/",
        "--chdir",
        f"{ATTEMPT_ROOT}/{attempt.parent.name}",
        "--unshare-all",
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--setenv",
        "HOME",
        "/tmp",
        "--setenv",
        "LANG",
        "C.UTF-8",
        "--",
    ]


def jail_command(
    jail: Jail | None,
    attempt: Path,
    loop: Path,
    forbidden: tuple[str, ...],
    reply_fd: int,
    cpu_cap: int,
    printed_fd: int = -1,
) -> list[str]:
    """The command that starts an executor of ``attempt``: sealed in ``jail``, or plain where it is None;
    ``printed_fd``: the memory file it counts the bytes printed in (-1: none; ``inside/streams.Tally``).

    ``-I -S``: the executor reads no environment variable, no user folder and no ``.pth`` file (an
    editable install of the grader among them); it adds only the packages' folders to ``sys.path``.
    """
    inside_attempt = attempt.resolve()
    inside_loop = str(loop)
    prefix: list[str] = []
    if jail is not None and jail.bwrap:
        prefix = bwrap_args(jail, attempt, loop)
        inside_attempt = Path(ATTEMPT_ROOT) / attempt.parent.name / attempt.name
        inside_loop = LOOP_PATH
    elif jail is not None and jail.user is not None:  # the attempt and the loop as ``as_user.staged`` copied
        started_in = ["env", f"--chdir={attempt.parent}"]
        prefix = ["prlimit", f"--nproc={USER_PROCESSES_CAP}", "--", *started_in, *as_user_prefix(jail.user)]
    return [
        *prefix,
        interpreter(),
        "-I",
        "-S",
        "-B",
        inside_loop,
        str(inside_attempt),
        str(reply_fd),
        ",".join(forbidden),
        os.pathsep.join(package_paths()),
        str(cpu_cap),
        str(printed_fd),
    ]


@functools.cache
def find_jail() -> tuple[Jail | None, str]:
    """The strongest sandbox that works here and, in a few words, why bubblewrap is not it ("" when it is):
    bubblewrap if it is installed and starts a process; else, for root, the unprivileged user
    (``executor.as_user``) if it can run the interpreter and read the packages; else None."""
    if os.environ.get(UNSANDBOXED_VARIABLE) == "1":
        return None, f"{UNSANDBOXED_VARIABLE}=1"
    bwrap, why_not = _working_bwrap()
    if bwrap is not None:
        return Jail(bwrap), ""
    as_user, cannot = unprivileged_jail()
    return (as_user, why_not) if as_user is not None else (None, "; ".join(filter(None, (why_not, cannot))))


def unprivileged_jail() -> tuple[Jail | None, str]:
    """The second sandbox (``executor.as_user``) if it can run here, whatever bubblewrap can do; else None
    and why not ("" for a grader that is not root, or without ``setpriv``)."""
    user = unprivileged_user()
    if user is None:
        return None, ""
    cannot = cannot_run_as(user, interpreter(), package_paths())
    return (None, cannot) if cannot is not None else (Jail(user=user), "")


def _working_bwrap() -> tuple[str | None, str]:
    """bubblewrap's executable if it is installed and starts a process here; else None and why not."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return None, "bubblewrap (bwrap) is not installed"
    probe = [bwrap, "--ro-bind", "/", "/", "--unshare-all", "--die-with-parent", "--", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f"bubblewrap does not start: {error}"
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        return None, f"bubblewrap does not work here: {said[-1] if said else f'exit {done.returncode}'}"
    return bwrap, ""
