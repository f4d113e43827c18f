"""The second sandbox, where bubblewrap cannot run but the grader is root (Gradescope, Docker, many CI
containers): the executor runs as an unprivileged user, ``nobody``.

As that user the attempt cannot write the grader's files, the suite, another kata or the results
(all root's, none writable by others), cannot signal or trace the judge or the driver (root's
processes), and the kernel applies ``RLIMIT_NPROC`` to it (root is exempt). It can still read what
any user can read (the reference solutions, if they are readable by all) and reach the network:
the summary says which sandbox graded the work. ``setpriv`` (util-linux) changes the user and drops
every capability before the interpreter starts; the attempt and the loop are copied into a folder of
their own that the user can read, as bubblewrap binds them.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

USER = "nobody"


def unprivileged_user() -> tuple[int, int] | None:
    """The user id and group id of ``USER`` when this process is root and ``setpriv`` is installed; else
    None (only root can run a process as another user)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None:
        return None
    try:
        found = pwd.getpwnam(USER)
    except KeyError:
        return None
    return found.pw_uid, found.pw_gid


def as_user_prefix(user: tuple[int, int]) -> list[str]:
    """The command prefix that runs what follows as ``user`` (uid, gid), with no supplementary group, no
    capability (inheritable, ambient or in the bounding set) and no way to gain privileges again."""
    uid, gid = user
    return [
        shutil.which("setpriv") or "setpriv",
        f"--reuid={uid}",
        f"--regid={gid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
    ]


def staged(attempt: Path, loop: Path) -> tuple[Path, Path, Path]:
    """Copies of the attempt's folder and of the loop's folder that any user can read, in a fresh folder
    of root's that no other user can write: (that folder, the attempt's copy, the loop's copy). The
    caller removes the folder once the executor has ended."""
    root = Path(tempfile.mkdtemp(prefix="kata-executor-"))
    root.chmod(0o755)
    copied_attempt = root / "attempt" / attempt.parent.name
    copied_loop = root / "executor"
    shutil.copytree(attempt.parent, copied_attempt, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(loop.parent, copied_loop, ignore=shutil.ignore_patterns("__pycache__"))
    for folder, subfolders, files in os.walk(root):
        for name in subfolders:
            (Path(folder) / name).chmod(0o755)
        for name in files:
            (Path(folder) / name).chmod(0o644)
    (root / "attempt").chmod(0o755)
    return root, copied_attempt / attempt.name, copied_loop / loop.name


def cannot_run_as(user: tuple[int, int], interpreter: str, readable: list[str]) -> str | None:
    """Why the executor cannot run as ``user`` here, in a few words (the interpreter does not start as
    that user, or one of the ``readable`` folders, the packages', cannot be read by it); None when it can."""
    check = (
        "import os, sys; sys.exit(next((p for p in sys.argv[1:] if not os.access(p, os.R_OK | os.X_OK)), 0))"
    )
    command = [*as_user_prefix(user), interpreter, "-I", "-S", "-c", check, *readable]
    try:
        done = subprocess.run(command, capture_output=True, timeout=30, check=False, text=True)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{USER} cannot start the interpreter: {error}"
    if done.returncode == 0:
        return None
    said = (done.stderr.strip().splitlines() or [done.stdout.strip()])[-1]
    return f"{USER} cannot read {said}" if said.startswith("/") else f"{USER} cannot start {interpreter}"
