"""What an executor's processes use, read from outside: CPU seconds, resident memory and the compiled code
they have loaded, per process.

Read by the judge (``process.Executor``), never by the attempt: on Linux from the kernel
(``/proc`` and the process CPU clocks), elsewhere through psutil.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterable

import psutil


def resident_kib(pid: int, field: str) -> int:
    """A process's ``VmRSS`` (resident now) or ``VmHWM`` (resident at its peak) in KiB: ``VmRSS`` from
    ``/proc/<pid>/statm`` (its second number, the same count in pages, read on every request), ``VmHWM``
    from ``/proc/<pid>/status``; without them, ``VmRSS`` through psutil (a peak is not told there); 0 if
    unknown."""
    try:
        if field == "VmRSS":
            with open(f"/proc/{pid}/statm", "rb") as statm:
                return int(statm.read().split()[1]) * _PAGE_KIB
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1])
    except FileNotFoundError:
        if field == "VmRSS" and not os.path.isdir("/proc/self"):
            with contextlib.suppress(psutil.Error):
                return int(psutil.Process(pid).memory_info().rss) >> 10
    except (OSError, ValueError, IndexError):
        pass
    return 0


def reset_peaks(pids: Iterable[int]) -> dict[int, int]:
    """Start a new peak of resident memory for each process ``pids`` names (Linux; nothing elsewhere);
    return the KiB each holds now (``resident_kib``'s ``VmRSS``), by pid."""
    resident = {pid: resident_kib(pid, "VmRSS") for pid in pids}
    for pid in resident:
        with contextlib.suppress(OSError), open(f"/proc/{pid}/clear_refs", "w") as refs:
            refs.write("5")  # the kernel's "reset the peak resident set size"
    return resident


def grown_most(at_reset: dict[int, int], pids: Iterable[int]) -> int:
    """Bytes the process of ``pids`` that grew most grew by at its peak since ``reset_peaks`` gave
    ``at_reset``; one not there then grows from the largest size there was (0 where /proc does not tell)."""
    start = max(at_reset.values(), default=0)
    grown = [resident_kib(pid, "VmHWM") - at_reset.get(pid, start) for pid in pids]
    return max([0, *grown]) * 1024


def cpu_seconds(pid: int) -> float:
    """CPU seconds a process has used: every thread it ran, ended ones too, and every child it reaped.

    On Linux, the process's CPU clock (to the nanosecond; it keeps the time of threads that have
    ended, which ``/proc/<pid>/task`` no longer lists) and its reaped children's time from
    ``/proc/<pid>/stat``: work done in short-lived threads or processes is counted like any
    other. Elsewhere, psutil's times, children's included.
    """
    try:
        own = time.clock_gettime(process_clock(pid))
        with open(f"/proc/{pid}/stat", "rb") as stat:  # read on every request: no pathlib on the way
            fields = stat.read().rpartition(b")")[2].split()
        children = (int(fields[13]) + int(fields[14])) / _TICKS  # cutime, cstime: fields 16 and 17
    except (OSError, ValueError, IndexError, AttributeError):
        try:
            times = psutil.Process(pid).cpu_times()
            return times.user + times.system + times.children_user + times.children_system
        except psutil.Error:
            return 0.0
    return own + children


_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_PAGE_KIB = (os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096) >> 10


def process_clock(pid: int) -> int:
    """The clock id of process ``pid``'s CPU time (Linux's ``MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)``)."""
    return ((~pid) << 3) | 2


PACKAGE_DIRS = ("/site-packages/", "/dist-packages/")
SYSTEM_DIRS = ("/usr/", "/lib/", "/lib64/", "/bin/", "/sbin/")
SYSTEM_PROGRAMS = ("/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/")  # bubblewrap's own among them
INTERPRETER_DIRS = tuple(sorted({os.path.join(sys.base_prefix, ""), os.path.join(sys.base_exec_prefix, "")}))
# the system's libraries the interpreter and its standard library's extensions load (the C library, zlib,
# OpenSSL, SQLite, libffi for ctypes...): any other one, loaded through ctypes say, is named
INTERPRETERS_LIBRARIES = (
    *("ld-linux", "libc.", "libm.", "libpthread", "libdl.", "librt.", "libutil", "libresolv", "libgcc_s"),
    *("libstdc++", "libz.", "libbz2", "liblzma", "libzstd", "libffi", "libssl", "libcrypto", "libsqlite3"),
    *("libexpat", "libmpdec", "libuuid", "libreadline", "libncurses", "libtinfo", "libpanel", "libgdbm"),
    *("libcrypt", "libnsl", "libtirpc", "libpython", "libselinux", "libpcre", "libgssapi", "libkrb5"),
    *("libk5crypto", "libcom_err", "libkeyutils", "libcap"),
)
KERNEL_PAGES = ("[vdso]", "[vsyscall]", "[vvar]")
MADE_AS_IT_RAN = "machine code it wrote into memory"


def compiled_name(path: str) -> str | None:
    """The name of the compiled code in what a process has mapped as code at ``path`` (as psutil gives it),
    or None when it is the interpreter's or the system's own (the standard library's extensions and the
    libraries they load, the system's programs, the kernel's pages): the package for an extension
    installed beside Python (``numpy`` for ``…/site-packages/numpy.libs/lib….so``), ``MADE_AS_IT_RAN``
    for code in memory no file holds (anonymous, shared, or a file since deleted), the file's name for
    any other library (one the attempt built, or loaded through ctypes).

    >>> compiled_name("/venv/lib/python3.11/site-packages/numpy/_core/_multiarray_umath.so")
    'numpy'
    >>> compiled_name("/usr/lib/x86_64-linux-gnu/libc.so.6") is None
    True
    >>> compiled_name("/usr/lib/x86_64-linux-gnu/libgmp.so.10"), compiled_name("/tmp/cube.so")
    ('libgmp.so.10', 'cube.so')
    >>> compiled_name("[anon]"), compiled_name("/dev/zero (deleted)"), compiled_name("[vdso]")
    ('machine code it wrote into memory', 'machine code it wrote into memory', None)
    >>> compiled_name("/usr/bin/bwrap") is None  # the sandbox's own process
    True
    """
    if path in KERNEL_PAGES:
        return None
    if not path.startswith("/") or path.startswith(("/dev/", "/memfd:")) or path.endswith(" (deleted)"):
        return MADE_AS_IT_RAN
    for marker in PACKAGE_DIRS:
        if marker in path:
            package = path.split(marker, 1)[1].split("/", 1)[0]
            return package.removesuffix(".libs")
    name = os.path.basename(path)
    if path.startswith(INTERPRETER_DIRS + SYSTEM_PROGRAMS):
        return None
    return None if path.startswith(SYSTEM_DIRS) and name.startswith(INTERPRETERS_LIBRARIES) else name


def compiled_code(pids: Iterable[int]) -> tuple[str, ...] | None:
    """The compiled code beside the interpreter's own that the processes ``pids`` have loaded
    (``compiled_name`` of each file they map as code), sorted; None where a process's memory map cannot be
    read (psutil has none on macOS), or none of them could be. A process that has ended is passed over."""
    names: set[str] = set()
    read = given = 0
    for pid in pids:
        given += 1
        try:
            maps = psutil.Process(pid).memory_maps(grouped=False)
        except psutil.NoSuchProcess:
            continue
        except (psutil.Error, AttributeError, NotImplementedError, OSError):
            return None
        read += 1
        for mapped in maps:
            if "x" in mapped.perms:
                name = compiled_name(mapped.path)
                if name is not None:
                    names.add(name)
    return tuple(sorted(names)) if read or not given else None
