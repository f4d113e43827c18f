"""``make watch``: a warm grader that answers each save of an attempt in about a second.

``coinrow watch [--impl problems] [--formulation "a,b"] [--limit 4] [--jobs N]``. One
long-lived process imports once all that grading needs (the suite, pytest, hypothesis,
NumPy: ``coinrow.grader.run.child.warm_up``) and never starts a thread; the file events come
from a helper process (``coinrow.tools.watch.events``, whose observer has threads). Per
save it forks a grading child, which inherits those imports, calls the grading entry
point (``coinrow.grader.run.grade``) for the katas saved, exactly as ``make test F=<slugs>``
does, and prints the same summary (``coinrow.grader.run.command.summary``). Where the next
save's kata is known (one is watched, or one was saved last), that grading child is forked
ahead and primes its kata's child (``coinrow.grader.run.child.prime``): pytest set up, the
suite collected and the executor started before the save, which then reads the file. A kata's
values' verdict is printed as soon as its value checks end, before its growth check's
(``coinrow.grader.values_lines``); the summary follows.

One save is graded once, however the editor writes it (``Saves``):

- events are gathered until the folder has been quiet for ``DEBOUNCE`` seconds: a burst of
  writes, or a write to a temporary file and a rename over the attempt, is one save;
- where the events say when a file written is closed (inotify), a file still open for
  writing is waited for, however long its writer takes;
- a kata whose files hash as they did when it was last graded
  (``coinrow.grader.records.progress.attempt_hash``) is not graded again: a save that wrote the
  same text again says "unchanged" instead; an event that wrote nothing (an editor's
  lock file, a save seen twice, a file's mode changed) says nothing at all.

At the start it grades as ``make test`` would (the katas named, or those not cached), then
waits. Ctrl+C (or SIGTERM) ends it, and every process it started, with exit status 0.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Collection

from coinrow.game.registry import REPO_ROOT
from coinrow.game.rowarg import UsageError, add_impl_option, call_limit, formulation_slugs, impl_dir
from coinrow.game.settings import CALL_LIMIT, WORKERS
from coinrow.grader import (
    Primed,
    Result,
    attempt_hash,
    attempt_stamps,
    become_subreaper,
    failed,
    find_jail,
    grade,
    kill_all_descendants,
    prime_for,
    summary,
    values_lines,
    warm_up,
)
from coinrow.tools.watch.children import Ended, end, end_after_ctrl_c, interrupted
from coinrow.tools.watch.saves import Saves

WAITING = "make watch: waiting for a save in {impl} (Ctrl+C ends)"
UNCHANGED = "make watch: {slug} is unchanged since it was last graded"
CLOSING_OBSERVERS = ("InotifyObserver",)  # watchdog's observers that say when a file written is closed


class Watcher:
    """The warm process: the helper's events in, a grading child per save, the summaries out."""

    def __init__(self, impl: str, chosen: list[str], limit: float, jobs: int) -> None:
        self.impl, self.folder = impl, impl_dir(impl)
        self.chosen, self.limit, self.jobs = chosen, limit, jobs
        self.graded: dict[str, str] = {}  # each kata's attempt hash when it was last graded
        self.written: dict[str, object] = {}  # each kata's files' sizes and times as last seen
        self.helper: subprocess.Popen[bytes] | None = None
        self._next: tuple[int, int] | None = None  # a grading child forked ahead: its pid, the pipe it reads
        self._buffer: bytes | None = b""  # the helper's output not yet read as lines; None once it ended

    def run(self) -> int:
        """Watch until interrupted; 0 then, 1 when the helper process ended by itself. Whatever way it
        ends, no process it started is left: each is given time to end by itself, then killed."""
        become_subreaper()  # what a grading child leaves behind comes back here, to be ended last
        warm_up()
        find_jail()  # bubblewrap is probed once, here: every grading child knows the answer
        self.helper = subprocess.Popen(
            [sys.executable, "-m", "coinrow.tools.watch.events", str(self.folder)],
            cwd=REPO_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        try:
            ready = self._line(None)
            if ready is None or not ready.startswith("ready "):
                return 1
            saves = Saves(self.folder, self.chosen, ready.split()[1] in CLOSING_OBSERVERS)
            self._grade(self.chosen, self._hashes(saves.slugs))
            while True:
                line = self._line(saves.wait(time.monotonic()))
                if line is not None:
                    saves.note(line, time.monotonic())
                elif self._buffer is None:
                    return 1  # the helper ended
                elif saves.wait(time.monotonic()) == 0.0:
                    self._settled(saves.take())
        except KeyboardInterrupt:
            return 0
        finally:
            self._end_next()
            self._stop_helper()
            kill_all_descendants()

    def _settled(self, slugs: list[str]) -> None:
        """Grade the katas saved whose files changed since they were last graded; of the others, say
        "unchanged" of those written again since they were last seen, nothing of the rest."""
        seen = {slug: self.written.get(slug) for slug in slugs}
        hashes = self._hashes(slugs)
        changed = {slug: digest for slug, digest in hashes.items() if digest != self.graded.get(slug)}
        for slug in slugs:
            if slug not in changed and seen[slug] != self.written[slug]:
                print(UNCHANGED.format(slug=slug), flush=True)
        if changed:
            self._grade(list(changed), changed)

    def _hashes(self, slugs: Collection[str]) -> dict[str, str]:
        """The katas' attempt hashes; their files' stamps are kept as seen now."""
        self.written.update({slug: attempt_stamps(self.folder, slug) for slug in slugs})
        return {slug: attempt_hash(self.folder, slug) for slug in slugs}

    def _grade(self, named: list[str], hashes: dict[str, str]) -> None:
        """Grade the ``named`` katas (none: as ``make test`` would) in a forked child, which prints the
        summary; ``hashes``: the attempts' hashes as they were before, kept as last graded."""
        self.graded.update(hashes)
        if sys.stdout.isatty():
            print("\033[2J\033[H", end="")  # a clear screen for each summary
        sys.stdout.flush()
        sys.stderr.flush()
        if self._next is not None:  # forked ahead: told which katas to grade, it grades them at once
            pid, orders = self._next
            self._next = None
            os.write(orders, (json.dumps(named) + "\n").encode())
            os.close(orders)
        else:
            pid = os.fork()
            if pid == 0:
                os._exit(self._grading_child(named))
        try:
            os.waitpid(pid, 0)
        except Ended:
            end(pid, signal.SIGTERM)  # it ends every process it started on the way out
            raise
        except BaseException:
            end_after_ctrl_c(pid)
            raise
        self._fork_next(named or self.chosen)
        print(WAITING.format(impl=self.impl), flush=True)

    def _fork_next(self, last: list[str]) -> None:
        """Fork the grading child of the next save ahead, when it is known which kata it will be (one
        watched, or the one saved last): it primes that kata's child (``coinrow.grader.run.child.prime``),
        whose pytest is set up and suite collected before the save, then waits to be told what to grade."""
        if len(last) != 1:
            return
        orders_read, orders_write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            os.close(orders_write)
            os._exit(self._grading_child_ahead(last[0], orders_read))
        os.close(orders_read)
        self._next = (pid, orders_write)

    def _end_next(self) -> None:
        """End the grading child forked ahead, if any: with its orders closed unwritten it ends its
        primed child and itself."""
        if self._next is not None:
            pid, orders = self._next
            self._next = None
            os.close(orders)
            end(pid)

    def _grading_child_ahead(self, slug: str, orders: int) -> int:
        """In the child forked ahead: prime ``slug``'s child, wait for the katas to grade, grade them."""
        try:
            self._leave_helper()
            primed = prime_for(self.folder, slug, call_limit=self.limit, jobs=self.jobs)
            try:
                with os.fdopen(orders, encoding="utf-8") as told:
                    line = told.readline()
            except BaseException:
                primed.close()
                raise
            if not line:
                primed.close()  # the watcher ended
                return 0
            return self._grading_child(list(json.loads(line)), primed)
        except KeyboardInterrupt:
            return 130

    def _leave_helper(self) -> None:
        if self.helper is not None and self.helper.stdin is not None:
            self.helper.stdin.close()  # the helper ends with the watcher, not with a grading child

    def _grading_child(self, named: list[str], primed: Primed | None = None) -> int:
        """In the forked child: grade, print each kata's values' verdict as soon as its value checks end
        (``values_lines``; its growth check comes after), then the summary; the exit status of ``make test``.
        On a terminal the summary is shown on a clear screen: it says all the values' lines said, and more."""
        said: list[str] = []

        def values_first(folder: object, values: Result) -> None:
            lines = values_lines(values)
            said.extend(lines)
            if lines:
                print("\n".join(lines), flush=True)

        try:
            self._leave_helper()
            graded = grade(
                {self.folder: named},
                call_limit=self.limit,
                jobs=self.jobs,
                primed=primed,
                on_values=values_first,
            )
            (results,) = graded.values()
            if said and sys.stdout.isatty():
                print("\033[2J\033[H", end="")
            print("\n".join(summary(self.impl, results, named)), flush=True)  # as make test F=<named>
            return 1 if failed(results[slug] for slug in named or results) else 0
        except KeyboardInterrupt:
            return 130
        except BaseException:  # noqa: BLE001 - said in full, then the watcher goes on waiting
            traceback.print_exc()
            return 70

    def _line(self, timeout: float | None) -> str | None:
        """The helper's next line, waiting at most ``timeout`` seconds (None: as long as it takes);
        None if none came, or the helper ended (``_buffer`` is then None)."""
        assert self.helper is not None
        assert self.helper.stdout is not None  # a pipe: asked for when the helper was started
        fd = self.helper.stdout.fileno()
        while self._buffer is not None and b"\n" not in self._buffer:
            if not select.select([fd], [], [], timeout)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            self._buffer = self._buffer + chunk if chunk else None
        if self._buffer is None:
            return None
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")

    def _stop_helper(self) -> None:
        if self.helper is None:
            return
        if self.helper.stdin is not None:
            self.helper.stdin.close()
        try:
            self.helper.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.helper.kill()
            self.helper.wait()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow watch`` (what ``make watch`` passes)."""
    add_impl_option(parser, "problems")
    parser.add_argument("--formulation", default="", help="slugs to watch, separated by commas or spaces")
    parser.add_argument("--limit", type=call_limit, default=CALL_LIMIT, help="CPU seconds per call")
    parser.add_argument("--jobs", type=int, default=WORKERS, help="children at once")


def run(args: argparse.Namespace) -> int:
    """``coinrow watch``: grade each save until interrupted.

    Raises:
        UsageError: no such folder, or an unknown slug.
    """
    try:
        chosen = formulation_slugs(args.formulation)
    except UsageError as error:
        raise UsageError(str(error), "--formulation", args.formulation) from None
    watcher = Watcher(args.impl, chosen, args.limit, max(1, args.jobs))
    previous = signal.signal(signal.SIGTERM, interrupted)
    try:
        return watcher.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
