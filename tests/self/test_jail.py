"""The sandbox's mounts: what an executor sees, in the order bubblewrap makes them."""

from __future__ import annotations

from pathlib import Path

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.executor.inside.limits import SHM_CAP, TMP_CAP, WRITABLE_CAPS
from coinrow.grader.executor.process import LOOP
from coinrow.grader.executor.sandbox import ATTEMPT_ROOT, LOOP_FOLDER, Jail, bwrap_args, package_paths


def _mounts(args: list[str]) -> list[tuple[str, str, str]]:
    """(option, source, destination) of each mount; a tmpfs, proc or dev has its destination as source."""
    found, k = [], 0
    while k < len(args):
        if args[k] in ("--ro-bind", "--bind", "--symlink"):
            found.append((args[k], args[k + 1], args[k + 2]))
            k += 3
        elif args[k] in ("--tmpfs", "--proc", "--dev"):
            found.append((args[k], args[k + 1], args[k + 1]))
            k += 2
        else:
            k += 1
    return found


def test_the_private_tmp_is_made_before_what_is_bound_below_it(tmp_path: Path) -> None:
    """A clone (its attempts, its virtual environment) may live below /tmp: bound after the tmpfs, it is
    seen; bound before, the tmpfs would hide it (NumPy could not be imported)."""
    attempt = tmp_path / "problems" / "difference_dp" / "difference_dp.py"
    mounts = _mounts(bwrap_args(Jail("bwrap"), attempt, LOOP))
    tmpfs = mounts.index(("--tmpfs", "/tmp", "/tmp"))
    below_tmp = [k for k, (_, _, destination) in enumerate(mounts) if destination.startswith("/tmp/")]
    assert all(k > tmpfs for k in below_tmp)


def test_only_the_runtime_the_attempt_and_the_loop_are_bound(tmp_path: Path) -> None:
    attempt = tmp_path / "problems" / "difference_dp" / "difference_dp.py"
    binds = [(source, destination) for option, source, destination in _mounts(
        bwrap_args(Jail("bwrap"), attempt, LOOP)) if option == "--ro-bind"]  # fmt: skip
    assert (str(attempt.parent), f"{ATTEMPT_ROOT}/difference_dp") in binds
    assert (str(LOOP.parent), LOOP_FOLDER) in binds  # the loop and the standard-library modules beside it
    assert all(path in {source for source, _ in binds} for path in package_paths() if Path(path).exists())
    repository = REPO_ROOT
    assert [s for s, _ in binds if Path(s).is_relative_to(repository) and s != str(LOOP.parent)] == [
        s for s in package_paths() if Path(s).is_relative_to(repository)
    ]  # of the repository, only the loop's folder and the packages' folder (a virtual environment inside it)


def test_only_two_small_folders_are_writable_and_the_rest_is_read_only(tmp_path: Path) -> None:
    """``/tmp`` and ``/dev/shm`` are tmpfs of ``TMP_CAP`` and ``SHM_CAP`` bytes; the root and ``/dev`` are
    remounted read-only after every mount below them is made (a remount before would fail to create them)."""
    args = bwrap_args(Jail("bwrap"), tmp_path / "problems" / "difference_dp" / "difference_dp.py", LOOP)
    sized = {args[k + 3]: int(args[k + 1]) for k in range(len(args) - 3) if args[k] == "--size"}
    assert sized == {"/tmp": TMP_CAP, "/dev/shm": SHM_CAP} == WRITABLE_CAPS
    assert all(args[k + 2] == "--tmpfs" for k in range(len(args)) if args[k] == "--size")
    assert "--bind" not in args  # nothing of the machine bound writable
    assert "--dev-bind" not in args
    remounted = [args[k + 1] for k in range(len(args)) if args[k] == "--remount-ro"]
    assert remounted == ["/dev", "/"]
    last_mount = max(k for k, arg in enumerate(args) if arg in ("--ro-bind", "--tmpfs", "--symlink", "--dev"))
    assert args.index("--remount-ro") > last_mount
