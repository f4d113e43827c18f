"""How long a learner waits after a save under ``make watch``: the part of ``make bench`` that times it.

A ``coinrow watch`` on a scratch copy of the reference ``difference_dp`` is started as ``make watch
F=difference_dp`` starts it; once it waits, the attempt is saved ``SAVES`` times (each save a different
text, so none is "unchanged"), and each save is timed, in wall seconds from the moment the file is closed,
to the line of its values' verdict and to the end of its summary. Wall time, because that is what the
learner waits; the machine's load average is given beside the figures, which are medians.
"""

from __future__ import annotations

import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from coinrow.game.registry import IMPLS, REPO_ROOT, source_file

SLUG = "difference_dp"
SAVES = 10
QUIET = 2.0  # wall seconds past a summary before the next save: the grading child forked ahead is primed
HANG = 120.0  # wall seconds of silence after which the watcher is taken as stuck and the timing given up


@dataclass(frozen=True)
class WatchLatency:
    """Wall seconds from each save to its values' verdict and to its summary's end; the load average."""

    values: list[float]
    summary: list[float]
    load: float

    def line(self) -> str:
        """One line for the bench's output."""
        values, summary = statistics.median(self.values), statistics.median(self.summary)
        return (
            f"make watch F={SLUG}, a save of the reference: its values' verdict after {values:.2f} s, "
            f"its summary after {summary:.2f} s (medians of {len(self.values)} saves, wall; "
            f"load average {self.load:.1f})"
        )


class WatchTimingFailed(Exception):
    """The watcher ended or said nothing for ``HANG`` seconds."""


def measure_watch(saves: int = SAVES) -> WatchLatency:
    """Time ``saves`` saves of the reference under a ``coinrow watch`` of its own.

    Raises:
        WatchTimingFailed: the watcher ended, or was silent for ``HANG`` seconds.
    """
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        attempt = folder / SLUG / f"{SLUG}.py"
        attempt.parent.mkdir()
        shutil.copyfile(source_file(IMPLS["solutions"], SLUG), attempt)
        text = attempt.read_text(encoding="utf-8")
        command = [sys.executable, "-m", "coinrow", "watch", "--impl", str(folder), "--formulation", SLUG]
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
        )
        lines = _Lines(process)
        waiting = f"make watch: waiting for a save in {folder}"
        try:
            lines.until(lambda line: line.startswith(waiting))
            values, summary = [], []
            for save in range(saves):
                time.sleep(QUIET)
                attempt.write_text(f"{text}\n# save {save}\n", encoding="utf-8")
                saved = time.monotonic()
                lines.until(lambda line: line.startswith(f"{SLUG} values "))
                values.append(time.monotonic() - saved)
                lines.until(lambda line: line.startswith(waiting))
                summary.append(time.monotonic() - saved)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=HANG)
    return WatchLatency(values, summary, os.getloadavg()[0])


class _Lines:
    """The watcher's output, read line by line as it comes."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdout is not None
        self.fd, self.unread = process.stdout.fileno(), b""

    def until(self, wanted: Callable[[str], bool]) -> str:
        """Read lines up to the first for which ``wanted`` (a predicate) holds; that line."""
        while True:
            while b"\n" not in self.unread:
                if not select.select([self.fd], [], [], HANG)[0]:
                    raise WatchTimingFailed(f"the watcher said nothing for {HANG:g} s")
                chunk = os.read(self.fd, 1 << 16)
                if not chunk:
                    raise WatchTimingFailed("the watcher ended")
                self.unread += chunk
            raw, _, self.unread = self.unread.partition(b"\n")
            line = raw.decode("utf-8", errors="replace")
            if wanted(line):
                return line
