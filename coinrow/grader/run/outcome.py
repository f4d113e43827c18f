"""What a child of the grading driver said: its records read back, and why it ended early, in words."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

from coinrow.grader.executor.processes import ended_in_words
from coinrow.grader.messages import stops as messages
from coinrow.grader.records.results import Record, Result
from coinrow.grader.run.child import Child

_PROGRESS = re.compile(r"[.FEsxX]+( *\[ *\d+%\])?")  # what pytest -q prints as it goes


def reason(child: Child, status: int, records_complete: bool, running: str | None) -> str | None:
    """Why the child ended without complete results, in words; None when it finished."""
    if records_complete:
        return None
    during = messages.during(running) if running else ""
    if child.ended_by_us:
        return child.ended_by_us + during
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:  # an exit of the run's own process: graded code runs in executors of its own
        return messages.run_exited_early(code, during, last_line(child.log_file))
    return ended_in_words(code, during)


def last_line(log_file: Path) -> str:
    """The log's last non-empty line that is not pytest's progress (``..F.s``), from its last 4 KiB."""
    try:
        with log_file.open("rb") as log:
            log.seek(max(0, log.seek(0, os.SEEK_END) - 4096))
            tail = log.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
    lines = [x.strip() for x in tail.splitlines() if x.strip() and not _PROGRESS.fullmatch(x.strip())]
    return lines[-1][:300] if lines else ""


def values_so_far(child: Child) -> Result | None:
    """The result of the running ``child``'s value checks, once the suite said they are all recorded (its
    "values" event: only the growth check is left), from the records written before it; None until then.
    Its ``wall`` is the time waited for them."""
    try:
        text = child.results_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    records: list[Record] = []
    for line in text.splitlines():
        try:
            data = json.loads(line)
            if data.get("event") == "values":
                return Result(child.job.slug, records, wall=time.monotonic() - child.started)
            if "event" not in data:
                records.append(Record.from_json(data))
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # a line the child could not finish writing
    return None


def collect(child: Child, status: int) -> Result:
    """The result of the ended ``child`` (``status`` as ``os.waitpid`` gave it): its records, and the reason
    it gave none or too few, if it did."""
    waited = time.monotonic() - child.started  # from its start (or its go, if primed) to its end
    records: list[Record] = []
    ended, running, expected = False, None, -1
    try:
        text = child.results_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    for line in text.splitlines():
        try:
            data = json.loads(line)
            if data.get("event") == "running":
                running = data["test"]
            elif data.get("event") == "collected":
                expected = int(data["count"])
            elif data.get("event") == "end":
                ended = True
            else:
                records.append(Record.from_json(data))
                running = None
        except (ValueError, TypeError, KeyError, AttributeError):
            continue  # a line the child could not finish writing
    failed_first = any(r.outcome == "failed" for r in records)  # -x stops there
    if ended and len(records) < expected and running is None and not failed_first:
        broke = messages.broke(len(records), expected, last_line(child.log_file))
        return Result(child.job.slug, records, broke, wall=waited)
    return Result(
        child.job.slug,
        records,
        reason(child, status, ended and (len(records) >= expected or failed_first), running),
        wall=waited,
    )
