"""Every limit an attempt's process runs under, in one place that both sides read.

The executor's loop (``loop.py`` beside this file) applies the process caps as it starts
(``cap_process``), whoever started it: ``make test``, ``compare``, ``grade``, ``interview`` or
``watch``. The judge reads the same constants: the reply size it accepts, the C stack it starts
the executor with, the caps a grading child sets on itself. Standard library only: the loop
loads this file by its path, inside the sandbox.
"""

from __future__ import annotations

import os
import resource
import sys

MIN_CPU_CAP = 60.0  # CPU seconds a process of one formulation may use in all, at the least
CPU_CAP_PER_CALL_LIMIT = 15  # ... or this many call limits, when that is more
MEMORY_CAP = 8 << 30  # bytes of address space per process: a table too big fails as MemoryError
OUTPUT_CAP = 256 << 20  # bytes any one file a process writes may reach
TMP_CAP = 48 << 20  # bytes the sandbox's /tmp holds (a tmpfs: its files are memory)
SHM_CAP = 16 << 20  # bytes the sandbox's /dev/shm holds; nothing else there is writable
WRITABLE_CAPS = {"/tmp": TMP_CAP, "/dev/shm": SHM_CAP}  # the sandbox's writable folders, with their caps
REPLY_CAP = 32 << 20  # bytes of one reply: past it the executor is ended (a value that big is no answer)
USER_PROCESSES_CAP = 512  # processes of the unprivileged user at once (RLIMIT_NPROC; ``executor.as_user``)
BIG_STACK = 1 << 30  # bytes of C stack the judge starts each executor with (RLIMIT_STACK)
# bytes of C stack of every thread the attempt starts: left to RLIMIT_STACK, each would reserve BIG_STACK of
# MEMORY_CAP's address space, and a pool of 8 threads could not start; TASKS_CAP of them fit in it
THREAD_STACK = 32 << 20
DEEP_RECURSION_CAP = 120_000  # frames that fit in BIG_STACK, with room to spare (lru_cache levels included)
SHALLOW_RECURSION_CAP = 15_000  # frames that fit in the usual 8 MiB stack
PRINTED_KEPT = 500  # characters kept of what one call prints (shown under its failure); the rest is counted
TEXT_KEPT = 10_000  # characters kept of a returned string or a repr
SENT_DEPTH = 50  # nesting of a returned value past which it is described, not sent
SENT_ITEMS = 5_000_000  # items of a returned value past which it is described, not sent
TASKS_CAP = 128  # processes and threads of one attempt at once, over its executor's whole process tree
TREE_EVERY = 0.2  # seconds between the judge's looks at a running call's tree: its caps, what it started
CAPS_EVERY = 1.0  # ... and between its looks at the caps before a request (what runs between calls)


TREE_MEMORY_MIB = 2048  # MiB resident over an attempt's processes, unless the judge's environment says


def tree_memory_cap() -> int:
    """Bytes resident, summed over an attempt's processes, past which the judge ends them all:
    ``TREE_MEMORY_MIB``, or ``COINROW_TREE_MEMORY_MIB`` MiB where the judge's environment sets it (read by
    the judge only; the executor starts without it). Pages shared by a process and its forks count once
    per process."""
    mib = os.environ.get("COINROW_TREE_MEMORY_MIB", "")
    return (int(mib) if mib.isdigit() and int(mib) > 0 else TREE_MEMORY_MIB) << 20


def cpu_seconds_in_all(call_limit: float) -> float:
    """CPU seconds one formulation's process may use in all when each call may use ``call_limit``: the
    driver ends a child whose whole tree used more."""
    return max(MIN_CPU_CAP, CPU_CAP_PER_CALL_LIMIT * call_limit)


def cpu_cap_for(call_limit: float) -> int:
    """RLIMIT_CPU for one process: ``cpu_seconds_in_all`` in whole seconds, one above (the driver's own
    check comes first)."""
    return int(cpu_seconds_in_all(call_limit)) + 1


def cap_process(cpu_seconds: int) -> None:
    """Cap this process and what it starts: ``cpu_seconds`` of CPU (a hard limit 5 s above: SIGXCPU, then
    SIGKILL), ``MEMORY_CAP`` of address space, files up to ``OUTPUT_CAP``. A cap already lower stays; a cap
    the system refuses (macOS refuses RLIMIT_AS: ``ValueError``) or lacks is left as it is, the others set."""
    for name, soft, hard in (
        ("RLIMIT_CPU", cpu_seconds, cpu_seconds + 5),
        ("RLIMIT_FSIZE", OUTPUT_CAP, OUTPUT_CAP),
        ("RLIMIT_AS", MEMORY_CAP, MEMORY_CAP),
    ):
        which = getattr(resource, name, None)
        if which is None:
            continue
        current_soft, current_hard = resource.getrlimit(which)
        if current_hard != resource.RLIM_INFINITY:
            hard = min(hard, current_hard)
        if current_soft != resource.RLIM_INFINITY:
            soft = min(soft, current_soft)
        try:
            resource.setrlimit(which, (min(soft, hard), hard))
        except (ValueError, OSError):
            continue


#: by machine: the seccomp architecture code and the number of ``rt_sigaction`` (Linux's ``audit.h`` and
#: its syscall tables); elsewhere no filter is installed
SECCOMP_ARCHES = {"x86_64": (0xC000003E, 13), "aarch64": (0xC00000B7, 134)}


def keep_children_counted() -> bool:
    """Forbid this process and every process it starts to change what SIGCHLD does (``rt_sigaction`` with a
    new action fails with EPERM; reading the action is allowed), by a seccomp filter (Linux).

    A child's CPU time reaches its parent's (``cutime`` in ``/proc/<pid>/stat``, which the judge sums over
    the tree) only when the parent reaps it. With SIGCHLD ignored, or ``SA_NOCLDWAIT`` set, the kernel reaps
    children itself and their CPU time is counted nowhere: forked workers could hide any amount of work.
    Python sets no SIGCHLD action of its own; ``multiprocessing``'s forkserver does (the default start method
    from Python 3.14), and fails here.
    System calls of another architecture (x86-64's 32-bit and x32 calls) fail the same way.

    Returns:
        True when the filter is in place; False where the machine, the system or ``ctypes`` has none.
    """
    import ctypes
    import platform
    import signal

    codes = SECCOMP_ARCHES.get(platform.machine())
    if codes is None or not sys.platform.startswith("linux"):
        return False
    arch, rt_sigaction = codes
    load, equal, at_least, give = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, BPF_JEQ|K, BPF_JGE|K, BPF_RET|K
    allow, deny = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | EPERM
    # (code, jump if true, jump if false, k); a jump skips that many instructions; seccomp_data's fields:
    # nr at 0, arch at 4, args[0] at 16, args[1] (the new action's address; little-endian halves) at 24, 28
    program = [
        (load, 0, 0, 4),
        (equal, 0, 10, arch),  # another architecture: deny
        (load, 0, 0, 0),
        (at_least, 8, 0, 0x40000000),  # an x32 call: deny
        (equal, 0, 6, rt_sigaction),
        (load, 0, 0, 16),
        (equal, 0, 4, int(signal.SIGCHLD)),
        (load, 0, 0, 24),
        (equal, 0, 3, 0),
        (load, 0, 0, 28),
        (equal, 0, 1, 0),  # no new action: only reads it
        (give, 0, 0, allow),
        (give, 0, 0, deny),
    ]

    class Instruction(ctypes.Structure):
        _fields_ = [
            ("code", ctypes.c_ushort),
            ("jt", ctypes.c_ubyte),
            ("jf", ctypes.c_ubyte),
            ("k", ctypes.c_uint),
        ]

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(Instruction))]

    instructions = (Instruction * len(program))(*(Instruction(*step) for step in program))
    compiled = Program(len(program), instructions)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        no_new_privileges, set_seccomp, filter_mode = 38, 22, 2  # prctl's PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP
        if libc.prctl(no_new_privileges, 1, 0, 0, 0) != 0:
            return False
        return bool(libc.prctl(set_seccomp, filter_mode, ctypes.byref(compiled), 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def recursion_cap() -> int:
    """The highest recursion limit an attempt may set in this process: deep when the C stack is big enough."""
    soft, _ = resource.getrlimit(resource.RLIMIT_STACK)
    big = soft == resource.RLIM_INFINITY or soft >= BIG_STACK
    return DEEP_RECURSION_CAP if big else SHALLOW_RECURSION_CAP


class RecursionSeen:
    """The recursion limits while the attempt ran: the one before, the highest, the last it set (as capped;
    None if it set none), whether one was capped."""

    def __init__(self) -> None:
        self.original = sys.getrecursionlimit()
        self.highest = self.original
        self.last: int | None = None
        self.capped = False
