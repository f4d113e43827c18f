"""A graded call's time limit: CPU time, a limit on waiting, and a watchdog for code that ignores both.

A learner's code may loop forever, wait for ever (sleep, input, a lock), or catch
every exception (a bare ``except:`` swallows the time-out itself). ``time_limit``
turns each of these into ``CallTimeout``, which the grader reports, or, for code
that swallows every time-out, into a one-line stop: never a hang. Main thread
only (it uses signals).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

from coinrow.grader.messages.stops import swallowed_the_time_out

# ``time_limit``'s own ticks (an in-process timer, as the tools time a reference) judge waiting over a
# quarter second: a thread that computes is running or runnable all the time, however busy the machine, so
# its demand is a whole core, while a thread that sleeps demands only its wake-ups, the tick's own among
# them, each of which may wait its turn on a busy machine: a sleeping call's ticks demanded at most 18% of a
# core (80 ticks, beside four busy loops and a pytest run on two cores), past 5%. Half a core lies far from
# both; a call that computes a fifth of the time and sleeps the rest is waiting there.
WAITING_SHARE = 0.5  # a call demanding less than this share of a core in a tick is waiting (``time_limit``)
# The grader's judges look from outside, at a process tree (``demand``), over short windows (the executor's
# every 0.05 s, the driver's every 0.5 s or more): a call that computes in turns with sleeping is computing.
STALL_SHARE = 0.05  # a tree demanding less than this share of a core is waiting, or settled
QUIET = 0.04  # seconds a process tree must not compute for to count as settled (``wait_until_quiet``)
SETTLE_POLL = 0.02  # seconds between looks at a settling tree, finer than QUIET
TICK = 0.25  # seconds between the wall-clock checks of a call
SWALLOWED = 20  # time-outs raised past the first before a call is taken to swallow them all


def waiting_limit(cpu_seconds: float) -> float:
    """Seconds a call with a limit of ``cpu_seconds`` of CPU time may wait without computing (sleep,
    input, a lock) before it is stopped: the limit plus two seconds, the one place it is set.

    Waiting is told from a busy machine by the time spent on the run queue (``demand``): a call that
    computes, however slowly the machine lets it, never waits, so no margin for load is needed, and a
    call that sleeps is reported in about the time a loop would be (it had been three times the limit
    plus a second, 13 s of 4, which a learner waited once per call that slept).

    >>> waiting_limit(4.0)
    6.0
    """
    return cpu_seconds + 2


def wait_until_quiet(stop: Callable[[], bool], demanded: Callable[[], float], at_most: float) -> None:
    """Wait until a process tree computes under ``STALL_SHARE`` of a core for ``QUIET`` seconds in a row
    (``demanded()``: its demand, as ``demand`` reads it, summed), for ``at_most`` seconds, or until
    ``stop()``, asked every ``SETTLE_POLL`` seconds, is true."""
    started = last_wall = quiet_since = time.monotonic()
    if stop():
        return
    last_demand = demanded()
    while True:
        time.sleep(SETTLE_POLL)
        now = time.monotonic()
        if stop():
            return
        wanted = demanded()
        if wanted - last_demand >= STALL_SHARE * (now - last_wall):
            quiet_since = now
        elif now - quiet_since >= QUIET:
            return
        if now - started >= at_most:
            return
        last_wall, last_demand = now, wanted


def demand(pid: int | str = "self") -> float:
    """Seconds a process's threads have run or waited to run: CPU time plus time on the run queue.

    A busy machine keeps a computing process on the run queue, so its demand keeps
    growing; a process that sleeps or waits for a lock demands nothing. Read from
    Linux's ``/proc/<pid>/task/*/schedstat``; elsewhere, the CPU time alone.
    """
    total = 0
    tasks = f"/proc/{pid}/task"
    try:
        for task in os.listdir(tasks):
            try:
                with open(f"{tasks}/{task}/schedstat", "rb") as schedstat:
                    ran, waited = schedstat.read().split()[:2]
            except (OSError, ValueError):
                continue  # a thread that ended meanwhile
            total += int(ran) + int(waited)
    except OSError:
        return time.process_time() if pid == "self" else 0.0
    return total / 1e9


class CallTimeout(BaseException):
    """Raised inside learner code when its time is up (a BaseException, so ``except Exception`` misses it).

    ``waiting`` is True when the call was stopped for waiting (sleeping, blocked), not for computing;
    ``row``, where the caller knows it, the row of the call that was stopped.
    """

    def __init__(self, waiting: bool = False) -> None:
        super().__init__("waited too long" if waiting else "out of CPU time")
        self.waiting = waiting
        self.row: list[int] | None = None


@dataclass
class _Clock:
    """The state of one timed call, read by the signal handlers and the watchdog."""

    what: str
    wall_limit: float  # seconds a call may wait without using the CPU
    demanded: Callable[[], float] = demand  # the process's demand so far (``demand``), in seconds
    last_wall: float = -1.0  # the monotonic clock at the last tick; the clock's making, at first
    last_demand: float = -1.0  # the demand at the last tick; at the clock's making, at first
    stalled: float = 0.0  # seconds spent waiting, in a row
    expired_cpu: float | None = None  # process CPU time when the time-out was first raised
    raised: int = 0  # time-outs raised in the call: again every 0.1 s of CPU and every tick, once expired

    def __post_init__(self) -> None:
        self.last_wall, self.last_demand = time.monotonic(), self.demanded()

    def tick(self) -> bool:
        """Account for the last tick; True when the call has waited past its limit."""
        wall, wanted = time.monotonic(), self.demanded()
        elapsed = wall - self.last_wall
        if wanted - self.last_demand < WAITING_SHARE * elapsed:
            self.stalled += elapsed
        else:
            self.stalled = 0.0  # it computes, or waits its turn on a busy machine: the CPU limit judges it
        self.last_wall, self.last_demand = wall, wanted
        return self.stalled >= self.wall_limit

    def expire(self) -> None:
        """Note a time-out about to be raised in the call."""
        self.raised += 1
        if self.expired_cpu is None:
            self.expired_cpu = time.process_time()

    def ignored(self) -> bool:
        """True when the call went on well past its time-out: it swallows every time-out.

        Counted in time-outs raised, not in CPU seconds: a handler runs only between
        Python bytecodes, so a call that swallows them keeps being raised into, while
        one whose time-out is on its way out (freeing a big memo in C, say) is not.
        """
        return self.raised > SWALLOWED


class _Watchdog:
    """The last resort: a thread that ends the process if a call ignores every time-out.

    Code that catches every exception (``except:`` or ``except BaseException:``)
    swallows ``CallTimeout`` however often it is raised. Once such a call has
    swallowed ``SWALLOWED`` more (about two seconds of CPU time, or five of
    waiting), the watchdog prints one line naming the call and exits with status
    3: the run stops with a reason instead of hanging. It counts time-outs, which
    come with CPU time or with waiting, so a busy machine never sets it off.
    """

    def __init__(self) -> None:
        self.clock: _Clock | None = None
        self._thread: threading.Thread | None = None

    def arm(self, clock: _Clock) -> None:
        self.clock = clock
        if self._thread is None:
            self._thread = threading.Thread(target=self._watch, name="call-watchdog", daemon=True)
            self._thread.start()

    def _watch(self) -> None:
        while True:
            time.sleep(TICK)
            clock = self.clock
            if clock is not None and clock.ignored():
                message = swallowed_the_time_out(clock.what)
                os.write(2, message.encode())  # file descriptor 2: not captured under --capture=sys
                os._exit(3)


_WATCHDOG = _Watchdog()


class time_limit:  # lower case: it reads as the call it times, ``with time_limit(2.0): ...``
    """Raise ``CallTimeout`` in the block after ``cpu_seconds`` of CPU time, and again every 0.1 s.

    CPU time (``ITIMER_PROF``), not wall time, so a busy machine does not make a
    correct answer "too slow". Code that waits instead of computing (sleep,
    input, a lock) is stopped once it has demanded less than half a core
    (``WAITING_SHARE``; CPU time plus time waiting for a CPU, ``demand``) for
    ``waiting_limit(cpu_seconds)`` seconds in a row: a call that computes, however
    slowly the machine lets it, is never stopped for waiting. A block that
    swallows the time-out and returns anyway still raises ``CallTimeout`` at
    its end; one that keeps swallowing it is ended by the watchdog.

    A class, not a generator: a time-out raised while the block is being left
    would otherwise land in ``contextlib``'s own frames, before the timers are
    stopped, and leave them raising into whatever runs next. ``__exit__`` calls
    only C functions, and the handlers never raise into it.

    Args:
        cpu_seconds: the limit, > 0 and finite.
        what: the call, as the watchdog's last message names it.
    """

    def __init__(self, cpu_seconds: float, what: str = "the call") -> None:
        self.cpu_seconds = cpu_seconds
        self.clock = _Clock(what, wall_limit=waiting_limit(cpu_seconds))
        self.waiting = False
        self.previous: dict[int, Any] = {}

    def _out_of_cpu(self, signum: int, frame: FrameType | None) -> None:
        self.clock.expire()
        if frame is None or frame.f_code is not _EXIT_CODE:
            raise CallTimeout(self.waiting)

    def _check_waiting(self, signum: int, frame: FrameType | None) -> None:
        clock = self.clock
        if clock.tick() or clock.expired_cpu is not None:
            self.waiting = self.waiting or clock.expired_cpu is None
            clock.expire()
            if frame is None or frame.f_code is not _EXIT_CODE:
                raise CallTimeout(self.waiting)

    def __enter__(self) -> None:
        _WATCHDOG.arm(self.clock)
        self.previous = {
            signal.SIGPROF: signal.signal(signal.SIGPROF, self._out_of_cpu),
            signal.SIGALRM: signal.signal(signal.SIGALRM, self._check_waiting),
        }
        signal.setitimer(signal.ITIMER_PROF, self.cpu_seconds, 0.1)
        signal.setitimer(signal.ITIMER_REAL, TICK, TICK)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: object) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        _WATCHDOG.clock = None
        for sig, handler in self.previous.items():
            signal.signal(sig, handler)
        if kind is None and self.clock.expired_cpu is not None:
            raise CallTimeout(self.waiting)  # the block swallowed its time-out and returned anyway


_EXIT_CODE = time_limit.__exit__.__code__


def _forget_watchdog_thread() -> None:
    _WATCHDOG._thread = None  # a forked child has only the thread that forked: start a watchdog anew


os.register_at_fork(after_in_child=_forget_watchdog_thread)
