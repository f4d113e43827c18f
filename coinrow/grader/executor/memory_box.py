"""A kernel cap on the memory of an executor's whole process tree: a cgroup of its own, where this process
may make one, else none.

The judge looks at an executor's tree every ``TREE_EVERY`` of a call (``processes.census``) and ends it past
``tree_memory_cap()``; between two looks a tree can take gigabytes (eight processes each touching 1 GiB at
import took 4.5 GiB of this machine under the 2 GiB cap). Where a cgroup can be made below the judge's own
(root, with cgroup v1's memory controller; cgroup v2 where the judge's group may have children with the
memory controller), the kernel holds the tree under a cap of its own as well, a quarter above the looks'
(``process.BOX_ROOM``): near it the kernel first stalls the tree (it takes back the pages of files the tree
runs, and the tree waits for them), then kills a process of it (the OOM killer, within the group alone).
The looks, reading resident memory, see a stalled tree past their own cap and name it; a kill they did not
see in time, the judge reads from the group. Made
below the judge's own group, a box stays within any limit the judge itself runs under. Where swap is on
but cannot be capped in the group, no box is made: the kernel would swap the tree out rather than kill in
it, and its resident memory, which the looks read, would hide what it holds. Each executor has a box of its
own, as each is a tree the looks cap: an attempt imported by three executors at once (the suite's, the
growth check's, a fresh call's) holds what its import holds three times, and that is the grader's doing,
not the attempt's. Elsewhere (a learner's own account, macOS) the looks alone cap it, a look late.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from coinrow.grader.executor.processes import Cap

V1_ROOT = Path("/sys/fs/cgroup/memory")  # cgroup v1's memory hierarchy
V2_ROOT = Path("/sys/fs/cgroup")  # cgroup v2's one hierarchy, where it is mounted alone
PREFIX = "coinrow-executor-"
ABANDONED_AFTER = 60.0  # seconds a box of a process that is gone is left, in case it is another namespace's


@dataclass(frozen=True)
class MemoryBox:
    """An executor's cgroup (``folder``), in cgroup v1 or v2 (``v2``), capped at a number of bytes."""

    folder: Path
    v2: bool

    def join_command(self, command: list[str]) -> list[str]:
        """``command`` started inside the box: the shell that starts it writes its own pid into the box, so
        everything it starts is in the box from its first instruction; where that write fails, it starts
        uncapped (the judge's looks still cap it)."""
        joins = 'echo $$ > "$0" 2>/dev/null; exec "$@"'
        return ["/bin/sh", "-c", joins, str(self.folder / "cgroup.procs"), *command]

    def met_its_cap(self) -> bool:
        """True once the kernel killed a process of the box (``oom_kill``, Linux 4.13 on) and the box had
        reached its cap (v2's ``max`` events, v1's peak): a kill by the machine's own OOM killer, the box
        under its cap, is not the box's cap."""
        if self.v2:
            events = _counts(self.folder / "memory.events")
            return events.get("oom_kill", 0) > 0 and events.get("max", 0) > 0
        if _counts(self.folder / "memory.oom_control").get("oom_kill", 0) == 0:  # read on every reply
            return False
        peak = _number(self.folder / "memory.max_usage_in_bytes")
        return peak >= _number(self.folder / "memory.limit_in_bytes")

    def members(self) -> list[int]:
        """The processes in the box now."""
        try:
            return [int(pid) for pid in (self.folder / "cgroup.procs").read_text(encoding="ascii").split()]
        except (OSError, ValueError):
            return []

    def remove(self) -> None:
        """Remove the box once its processes are gone (a moment after they are killed), else leave it."""
        for _ in range(50):
            try:
                self.folder.rmdir()
                return
            except OSError as error:
                if error.errno != errno.EBUSY:  # gone already, or not ours to remove
                    return
                time.sleep(0.01)


_numbers = itertools.count()


def boxed(command: list[str], cap: int) -> tuple[list[str], MemoryBox | None]:
    """``command`` as it starts inside a new box capped at ``cap`` bytes (``executor_box``), and the box;
    ``command`` as it is, and None, where none can be made here."""
    box = executor_box(cap)
    return (command, None) if box is None else (box.join_command(command), box)


def killed_in(box: MemoryBox | None) -> Cap | None:
    """The memory cap, once the kernel killed a process of ``box`` at its cap; None before, or with no box."""
    return "memory" if box is not None and box.met_its_cap() else None


def executor_box(cap: int) -> MemoryBox | None:
    """A new box for one executor's tree, capped at ``cap`` bytes, as the judge's looks cap that tree
    (``processes.Census.over_cap``); None where none can be made here. Removed as the executor closes,
    or, if its process was ended first, by the driver once that process is gone (``remove_boxes_of``)."""
    found = _parent()
    if found is None:
        return None
    parent, v2 = found
    remove_boxes_of(None)
    folder = parent / f"{PREFIX}{os.getpid()}-{next(_numbers)}"
    try:
        folder.mkdir()
    except OSError:
        return None
    box = MemoryBox(folder, v2)
    v1_files = ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes")
    memory, swap = ("memory.max", "memory.swap.max") if v2 else v1_files
    try:
        (folder / memory).write_text(str(cap), encoding="ascii")
    except OSError:
        box.remove()
        return None
    try:
        (folder / swap).write_text("0" if v2 else str(cap), encoding="ascii")
    except OSError:
        if _number_in(Path("/proc/meminfo"), "SwapTotal:") > 0:  # swap on, and the box cannot cap it
            box.remove()
            return None
    return box


def remove_boxes_of(pid: int | None) -> None:
    """End what is left in the boxes process ``pid`` made (it is gone: its executors would be orphans no
    session finds) and remove them; remove too the empty boxes of processes gone for ``ABANDONED_AFTER``."""
    found = _parent()
    if found is None:
        return
    parent, v2 = found
    with contextlib.suppress(OSError):
        for folder in parent.glob(f"{PREFIX}*"):
            owner = folder.name.removeprefix(PREFIX).split("-")[0]
            box = MemoryBox(folder, v2)
            if owner == str(pid):
                for member in box.members():
                    with contextlib.suppress(OSError):
                        os.kill(member, signal.SIGKILL)
                box.remove()
            elif owner.isdigit() and not Path(f"/proc/{owner}").exists() and _age(folder) > ABANDONED_AFTER:
                with contextlib.suppress(OSError):
                    folder.rmdir()


def _parent() -> tuple[Path, bool] | None:
    """The judge's own memory cgroup, where boxes are made below it, and whether it is cgroup v2; None
    where this process cannot make one there."""
    try:
        lines = Path("/proc/self/cgroup").read_text(encoding="ascii").splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            folder = V1_ROOT / path.lstrip("/")
            return (folder, False) if os.access(folder, os.W_OK) else None
    for line in lines:
        if line.startswith("0::") and (V2_ROOT / "cgroup.controllers").is_file():
            folder = V2_ROOT / line[3:].lstrip("/")
            subtree = _read(folder / "cgroup.subtree_control")
            return (folder, True) if "memory" in subtree.split() and os.access(folder, os.W_OK) else None
    return None


def _counts(path: Path) -> dict[str, int]:
    counts = {}
    for line in _read(path).splitlines():
        name, _, value = line.partition(" ")
        if value.strip().isdigit():
            counts[name] = int(value)
    return counts


def _number(path: Path) -> int:
    text = _read(path).strip()
    return int(text) if text.isdigit() else 0


def _number_in(path: Path, field: str) -> int:
    """The number after ``field`` in ``path`` (a line of ``/proc/meminfo``, say); 0 if there is none."""
    for line in _read(path).splitlines():
        if line.startswith(field):
            value = line.removeprefix(field).split()
            return int(value[0]) if value and value[0].isdigit() else 0
    return 0


def _age(folder: Path) -> float:
    try:
        return time.time() - folder.stat().st_mtime
    except OSError:
        return 0.0


def _read(path: Path) -> str:
    try:
        with open(path, encoding="ascii") as file:  # read on every reply: no pathlib on the way
            return file.read()
    except OSError:
        return ""
