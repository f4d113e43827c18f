"""The grading driver in a process of its own, for a caller that has threads: no fork from a threaded process.

The driver forks a child per formulation (``coinrow.grader.run.child``). A process
that forks while another of its threads runs may leave the child a lock held
forever (Python 3.12 and newer warn of it: "This process is multi-threaded, use
of fork() may lead to deadlocks in the child"). ``make test`` has no other
thread, but a caller of the grading entry point may: a pytest-xdist worker (its
execnet thread receives the controller's messages), or a process that timed a
call itself (``coinrow.grader.executor.time_limit``'s watchdog thread lives on). For such a
caller, ``run_jobs_spawned`` starts this module as a fresh interpreter, which has
only its main thread, runs the driver there and hands each result back as it
comes, one line of JSON on a pipe: the same results, in the same order of
ending, as ``coinrow.grader.run.driver.run_jobs`` in the caller would give.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coinrow.game.registry import REPO_ROOT
from coinrow.grader.records.results import Record, Result
from coinrow.grader.run.child import Job, Options
from coinrow.grader.run.driver import run_jobs

ENDED_EARLY = "the grading process ended before grading it (exit status {code})"


def has_other_threads() -> bool:
    """True when this process runs a thread besides the calling one: Linux's own count of its threads,
    which sees threads started outside ``threading`` too (as execnet's are); elsewhere, ``threading``'s."""
    try:
        return len(os.listdir("/proc/self/task")) > 1
    except OSError:
        return threading.active_count() > 1


def job_to_json(job: Job) -> dict[str, Any]:
    """``job`` as plain JSON data: its key, its slug and its options as a list (the folder as text)."""
    options = job.options
    return {
        "key": job.key,
        "slug": job.slug,
        "options": [str(options.impl_dir), options.call_limit, options.profile, options.exit_first],
    }


def job_from_json(data: dict[str, Any]) -> Job:
    """The ``Job`` that ``job_to_json`` wrote. Raises ``KeyError`` or ``ValueError`` for other data."""
    impl_dir, call_limit, profile, exit_first = data["options"]
    return Job(data["key"], data["slug"], Options(Path(impl_dir), call_limit, profile, exit_first))


def run_jobs_spawned(
    jobs: list[Job], workers: int, on_done: Callable[[str, Result], None] | None = None
) -> dict[str, Result]:
    """``run_jobs`` (same arguments, same results) in a fresh interpreter of this Python.

    Raises:
        KeyboardInterrupt: interrupted; the driver process is ended first, and it ends every child.
    """
    request = json.dumps({"workers": workers, "jobs": [job_to_json(job) for job in jobs]})
    driver = subprocess.Popen(
        [sys.executable, "-m", "coinrow.grader.run.spawned"],
        cwd=REPO_ROOT,  # so the interpreter imports this same coinrow
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert driver.stdin is not None  # both pipes asked for above
    assert driver.stdout is not None
    results: dict[str, Result] = {}
    try:
        driver.stdin.write(request)
        driver.stdin.close()
        for line in driver.stdout:
            data = json.loads(line)
            records = [Record.from_json(r) for r in data["records"]]
            results[data["key"]] = Result(data["slug"], records, data["reason"], wall=data.get("wall"))
            if on_done is not None:
                on_done(data["key"], results[data["key"]])
        code = driver.wait()
    except BaseException:
        driver.terminate()  # SIGTERM: the driver ends its children on the way out
        driver.wait()
        raise
    for job in jobs:
        if job.key not in results:
            results[job.key] = Result(job.slug, [], ENDED_EARLY.format(code=code))
    return results


def main() -> int:
    """Read the jobs from stdin, grade them, write each result to stdout as it ends, one JSON line each."""
    request = json.loads(sys.stdin.read())
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # anything else printed goes to stderr, never into the results

    def send(key: str, result: Result) -> None:
        records = [r.to_json() for r in result.records]
        sent = {"key": key, "slug": result.slug, "records": records, "reason": result.reason}
        out.write(json.dumps({**sent, "wall": result.wall}))
        out.write("\n")
        out.flush()

    try:
        run_jobs([job_from_json(job) for job in request["jobs"]], request["workers"], send)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
