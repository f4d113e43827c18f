"""The grading driver: each formulation graded by the shared suite in a child process of its own.

The attempt itself runs in an executor below its child (``coinrow.grader.executor.process``);
whatever it does, it can at worst end its own executor or child: every other
formulation is still graded, every process a child started is killed when it ends,
and the one summary and the exit status are computed here from the records the
suite wrote (``coinrow.grader.records.results``), so they agree.

Each child gets a CPU cap of its own (its executors' CPU counts too); a child is
ended for waiting only when its whole process tree stops using the CPU, never
because the machine is busy. Its one caller is the grading entry point, ``coinrow.grader.run.grade``,
which decides what to grade and caches the results (``coinrow.grader.records.progress``).

How a child is started is ``coinrow.grader.run.child``'s, how its processes are found and killed
``coinrow.grader.executor.processes``', and how its records are read back ``coinrow.grader.run.outcome``'s:
this module runs the children and watches them.
"""

from __future__ import annotations

import signal
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coinrow.grader.executor.memory_box import remove_boxes_of
from coinrow.grader.executor.processes import (
    become_subreaper,
    cpu,
    kill,
    kill_all_descendants,
    kill_tree,
    reap_orphans,
    tree,
    wait_for_an_end,
)
from coinrow.grader.executor.sandbox import find_jail
from coinrow.grader.executor.time_limit import STALL_SHARE, demand
from coinrow.grader.messages import stops as messages
from coinrow.grader.records.results import Result
from coinrow.grader.run.child import Child, Job, Primed, start, warm_up
from coinrow.grader.run.outcome import collect, values_so_far

# seconds between looks at the running children's CPU time and waiting (a scan of /proc each): a backstop,
# as every call is limited in the child; a child's end is seen at once all the same (``wait_for_an_end``)
LOOK = 0.5
WALL_CAP = 600.0  # seconds: the last resort, hundreds of times what grading a kata takes on a busy machine
VALUES_LOOK = 0.02  # seconds between looks at a child's records for its values' verdict, where one is wanted


def _look(child: Child) -> None:
    """End the child if its tree used up its CPU cap, or has waited without computing for too long."""
    options = child.job.options
    now = time.monotonic()
    processes = tree(child.pid)
    used = cpu(processes)
    elapsed = now - child.last_look
    if elapsed > 0.5:  # judged over half a second at least: one look may fall between two time slices
        # demand = CPU time plus time waiting for a CPU: a busy machine never looks like waiting
        wanted = sum(demand(p.pid) for p in processes)
        child.stalled = child.stalled + elapsed if wanted - child.cpu < STALL_SHARE * elapsed else 0.0
        child.cpu, child.last_look = wanted, now
    if now - child.started > WALL_CAP:
        child.ended_by_us = messages.past_the_wall_cap(WALL_CAP)
    elif used > options.cpu_cap:
        child.ended_by_us = messages.past_the_cpu_cap(options.cpu_cap)
    elif child.stalled > options.stall_limit:
        child.ended_by_us = messages.stalled(child.stalled)
    if child.ended_by_us:
        kill(processes)


def run_jobs(
    jobs: list[Job],
    workers: int,
    on_done: Callable[[str, Result], None] | None = None,
    primed: Primed | None = None,
    on_values: Callable[[str, Result], None] | None = None,
) -> dict[str, Result]:
    """Grade each job in a child process of its own, ``workers`` at a time; kill all they left behind.
    A ``primed`` child grades the job it fits, if any; it is closed in any case. ``on_values`` is called
    once per job, with its key and the result of its value checks (``outcome.values_so_far``), as soon as
    they are all recorded and a growth check follows (its records are then looked at every ``VALUES_LOOK``
    seconds), always before ``on_done`` for that job.

    Returns:
        Each job's result, by its key.
    """
    opened = time.monotonic()  # the first children's wait began here: the suite is imported for them
    become_subreaper()
    if jobs:
        warm_up()
        find_jail()  # bubblewrap is probed here, once: each child inherits the answer, the summary too
    pending = deque(enumerate(jobs))
    running: dict[int, Child] = {}
    results: dict[str, Result] = {}
    values_said: set[str] = set()  # the jobs whose values' verdict ``on_values`` was given
    looked = time.monotonic()
    main = threading.current_thread() is threading.main_thread()  # only there can handlers be set
    signals = (signal.SIGTERM, signal.SIGHUP) if main else ()
    previous = {sig: signal.signal(sig, _interrupted) for sig in signals}
    with tempfile.TemporaryDirectory(prefix="kata-") as workspace:
        try:
            while pending or running:
                _start_children(
                    pending, running, workers, len(jobs), primed, Path(workspace), results, opened
                )
                wanted = on_values is not None and any(c.job.key not in values_said for c in running.values())
                wait_for_an_end(list(running), VALUES_LOOK if wanted else LOOK)
                ended = reap_orphans(set(running))
                if on_values is not None:
                    _say_values(running, values_said, on_values)
                look = time.monotonic() >= looked + LOOK
                looked = time.monotonic() if look else looked
                _collect_ended(running, ended, look, results, on_done)
        finally:
            _clean_up(running, primed, previous, signals)
    return results


def _start_children(
    pending: deque[tuple[int, Job]],
    running: dict[int, Child],
    workers: int,
    total: int,
    primed: Primed | None,
    workspace: Path,
    results: dict[str, Result],
    opened: float,
) -> None:
    """Start a child for each pending job, in order, until ``workers`` run (of ``total`` jobs in all)."""
    while pending and len(running) < workers:
        number, job = pending.popleft()
        spare_core = total < workers
        if primed is not None and primed.fits(job, spare_core):
            child = primed.go(job)
        else:
            child = start(job, number, workspace, spare_core)
        if not results:  # a kata's time in the summary is what was waited for it
            child.started = min(child.started, opened)
        running[child.pid] = child


def _say_values(
    running: dict[int, Child], values_said: set[str], on_values: Callable[[str, Result], None]
) -> None:
    """Give ``on_values`` each running job's values' verdict once it is all recorded, once per job."""
    for child in running.values():
        if child.job.key not in values_said:
            values = values_so_far(child)
            if values is not None:
                values_said.add(child.job.key)
                on_values(child.job.key, values)


def _collect_ended(
    running: dict[int, Child],
    ended: dict[int, int],
    look: bool,
    results: dict[str, Result],
    on_done: Callable[[str, Result], None] | None,
) -> None:
    """Collect each child that ``ended`` (pid to wait status): kill what it left, record its result and
    give it to ``on_done``; at a ``look``, look at each child still running (``_look``)."""
    for pid, child in list(running.items()):
        if pid not in ended:
            if look:
                _look(child)
            continue
        kill_tree(child.pid)  # what it left behind: threads died with it, processes die now
        remove_boxes_of(child.pid)
        del running[pid]
        results[child.job.key] = collect(child, ended[pid])
        if on_done is not None:
            on_done(child.job.key, results[child.job.key])


def _clean_up(
    running: dict[int, Child],
    primed: Primed | None,
    previous: dict[signal.Signals, Any],
    signals: tuple[signal.Signals, ...],
) -> None:
    """Kill every child still running and all they left, close ``primed``, put the ``previous`` handlers
    of ``signals`` back."""
    # a second interrupt (Ctrl+C reaches this process, then its caller ends it) must not stop the
    # clean-up half-way: the signals wait until it is done
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *signals})
    for child in running.values():
        kill_tree(child.pid)
        remove_boxes_of(child.pid)
    if primed is not None:
        primed.close()
    kill_all_descendants()
    for sig, handler in previous.items():
        signal.signal(sig, handler)
    signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # ended from outside (a CI cancel, a closed terminal): clean up on the way out
