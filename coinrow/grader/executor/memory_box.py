"""A kernel cap on the memory of an executor's whole process tree: a cgroup of its own, where this process
may make one, else none.

The judge looks at an executor's tree every ``TREE_EVERY`` of a call (``processes.census``) and ends it past
``tree_memory_cap()``; between two looks a tree can take gigabytes (eight processes each touching 1 GiB at
import took 4.5 GiB of this machine under the 2 GiB cap). Where a cgroup can be made (root, with cgroup v1's
memory controller, or cgroup v2 with its memory controller at the root), the kernel holds the tree to the
cap as well: past it, a process of the tree is killed (the kernel's OOM killer, within the group alone),
and the judge reads that the group met its cap. Each executor has a box of its own, as each is a tree the
looks cap: an attempt imported by three executors at once (the suite's, the growth check's, a fresh
call's) holds what its import holds three times, and that is the grader's doing, not the attempt's.
Elsewhere (a learner's own account, macOS) the looks alone cap it, a look late.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from dataclasses import dataclass
from pathlib import Path

from coinrow.grader.executor.processes import Cap

V1_ROOT = Path("/sys/fs/cgroup/memory")  # cgroup v1's memory hierarchy
V2_ROOT = Path("/sys/fs/cgroup")  # the root of cgroup v2, where it is the one hierarchy
PREFIX = "coinrow-executor-"


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

    def kills(self) -> int:
        """How many processes of the box the kernel killed for its memory (cgroup v2's ``memory.events`` or
        v1's ``memory.oom_control``: ``oom_kill``, Linux 4.13 on)."""
        name = "memory.events" if self.v2 else "memory.oom_control"
        try:
            text = (self.folder / name).read_text(encoding="ascii")
        except OSError:
            return 0
        counts = dict(line.split(maxsplit=1) for line in text.splitlines() if " " in line)
        return int(counts.get("oom_kill", "0"))

    def remove(self) -> None:
        """Remove the box once its processes are gone (a moment after they are killed), else leave it."""
        for _ in range(50):
            try:
                self.folder.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                time.sleep(0.01)


def executor_box(cap: int) -> MemoryBox | None:
    """A new box for one executor's tree, capped at ``cap`` bytes, as the judge's looks cap that tree
    (``processes.Census.over_cap``); None where none can be made here. Removed as the executor closes,
    or, if its process was ended first, by the driver once that process is gone (``remove_boxes_of``)."""
    return _new_box(f"{PREFIX}{os.getpid()}-{next(_numbers)}", cap)


_numbers = itertools.count()


def boxed(command: list[str], cap: int) -> tuple[list[str], MemoryBox | None]:
    """``command`` as it starts inside a new box capped at ``cap`` bytes (``executor_box``), and the box;
    ``command`` as it is, and None, where none can be made here."""
    box = executor_box(cap)
    return (command, None) if box is None else (box.join_command(command), box)


def killed_in(box: MemoryBox | None) -> Cap | None:
    """The memory cap, once the kernel killed a process of ``box`` for its memory; None before, or with
    no box."""
    return "memory" if box is not None and box.kills() else None


def remove_boxes_of(pid: int | None) -> None:
    """Remove the boxes process ``pid`` made, if any are left (their processes are gone), and any left by
    processes that ended without removing theirs (killed, say)."""
    for root in (V2_ROOT, V1_ROOT):
        with contextlib.suppress(OSError):
            for folder in root.glob(f"{PREFIX}*"):
                owner = folder.name.removeprefix(PREFIX).split("-")[0]
                if owner == str(pid) or (owner.isdigit() and not Path(f"/proc/{owner}").exists()):
                    MemoryBox(folder, root == V2_ROOT).remove()


def _new_box(name: str, cap: int) -> MemoryBox | None:
    """A new cgroup ``name`` capped at ``cap`` bytes of memory, or None where none can be made here."""
    v2 = (V2_ROOT / "cgroup.controllers").is_file() and "memory" in _read(V2_ROOT / "cgroup.subtree_control")
    root = V2_ROOT if v2 else V1_ROOT
    if not os.access(root, os.W_OK):
        return None
    remove_boxes_of(None)
    folder = root / name
    v1_limits = ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes")
    limits = ("memory.max", "memory.swap.max") if v2 else v1_limits
    try:
        folder.mkdir()
    except OSError:
        return None
    box = MemoryBox(folder, v2)
    try:
        (folder / limits[0]).write_text(str(cap), encoding="ascii")
    except OSError:
        box.remove()
        return None
    with contextlib.suppress(OSError):  # without swap accounting, or without swap: nothing to cap
        (folder / limits[1]).write_text("0" if v2 else str(cap), encoding="ascii")
    return box


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="ascii")
    except OSError:
        return ""
