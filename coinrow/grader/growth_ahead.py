"""A kata graded alone, with a core to spare: its growth check starts ahead, beside the rest of its suite.

The growth check (``coinrow.grader.complexity.GrowthCheck``) calls in executors of its own,
so its first step, ``measure`` (the time ladder climbed, its largest value checked, the
memory traced), can run in a thread of the judge while the suite's other checks call the
attempt's main executor: the two executors compute on two cores at once. Its test runs
last, alone, and takes the second step there: ``judge``, which times the deciding sizes
again, in turn, unless the first timings showed the task's order or a lower one plainly.

Work beside a timing can slow it (two processes share the memory and its caches), never
speed it up: the fastest of a size's timings, one of them taken alone, is as good as when
the whole check runs alone. A first timing taken beside other work is kept without a second
look only when it shows the order plainly: at most 2^(k + ``SURELY_WITHIN``) per doubling,
which to hide a higher order would need the smaller size alone slowed by ×1.8 or more (work
beside it slowed a size by ×1.3 at most here). Where the first step failed on a timing (a
call ran out of time, or a timing bounded by a time-out decides), the whole check is made
again, alone.
"""

from __future__ import annotations

import threading

from coinrow.grader.complexity import GrowthCheck, Measured, Timings, check_growth
from coinrow.grader.failures import FailureKind, WrongAnswer
from coinrow.grader.grading import Grader

TIMING_KINDS: frozenset[FailureKind] = frozenset({"growth", "too-slow", "not-run"})


class GrowthAhead:
    """``GrowthCheck(template, slug).measure()`` in a thread of its own, started at once.

    Args:
        template: a grader whose folder, call limit and diagnosis the check's own graders copy.
        slug: the kata.
    """

    def __init__(self, template: Grader, slug: str) -> None:
        self.slug = slug
        self._template = template
        self._check = GrowthCheck(template, slug)
        self._outcome: Timings | BaseException | None = None
        self._thread = threading.Thread(target=self._measure, name=slug, daemon=True)
        self._thread.start()

    def _measure(self) -> None:
        try:
            self._outcome = self._check.measure()
        except BaseException as error:  # noqa: BLE001 - handed to the test that waits for it
            self._outcome = error

    def result(self) -> Measured:
        """Wait for the first step, then judge, alone: what ``check_growth`` would return.

        Raises:
            WrongAnswer, NotAttempted: as ``check_growth``; a failure the first step met on a timing is
                met again alone, or not.
        """
        self._thread.join()
        outcome = self._outcome
        try:
            if isinstance(outcome, Timings) and not any(p.timed_out for p in outcome.points):
                return self._check.judge(outcome)
            if isinstance(outcome, WrongAnswer) and outcome.kind not in TIMING_KINDS:
                raise outcome
        finally:
            self._check.close()
        return check_growth(self._template, self.slug)

    def end(self) -> None:
        """Wait for the thread (the run ends before the process does) and end the check's executors."""
        self._thread.join()
        self._check.close()
