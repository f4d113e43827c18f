"""A kata graded alone, with a core to spare: its growth check starts ahead, beside the rest of its suite.

The growth check (``coinrow.grader.growth.check.GrowthCheck``) calls in an executor of its own, so its first
step, ``measure``, can run in a thread of the judge while the suite's other checks call the attempt's main
executor: the two compute on two cores at once. Its test runs last and takes the second step there. A
reading made beside other work stands when it states the task's order or a lower one (the rounds' interval
allows for the noise, as ``docs/grader-trust.md`` measures); a higher order, an order not decided, or a
failure on a timing is measured again, alone.
"""

from __future__ import annotations

import threading

from coinrow.grader.growth.check import GrowthCheck, check_growth
from coinrow.grader.growth.decide import Outcome
from coinrow.grader.growth.measured import Measured, Timings
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.records.results import FailureKind

TIMING_KINDS: frozenset[FailureKind] = frozenset({"growth", "too-slow", "waited", "not-run"})
STANDS = frozenset({Outcome.TASK, Outcome.LOWER})  # readings made beside other work that are kept


class GrowthAhead:
    """``GrowthCheck(template, slug)`` in a thread of its own, started at once: it measures, then waits
    for ``result`` to have it judged.

    Every executor of the check is started, used and ended in that one thread: bubblewrap's
    ``--die-with-parent`` ends a process when the thread that started it ends, not its process.

    Args:
        template: a grader whose folder, call limit and diagnosis the check's own graders copy.
        slug: the kata.
    """

    def __init__(self, template: Grader, slug: str) -> None:
        self.slug = slug
        self._template = template
        self._judge_now = threading.Event()
        self._wanted = False  # set with the event: judge (True), or only end (False)
        self._outcome: Measured | BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=slug, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        check = GrowthCheck(self._template, self.slug)
        try:
            try:
                first: Timings | BaseException = check.measure()
            except BaseException as error:  # noqa: BLE001 - judged below, when the test asks
                first = error
            self._judge_now.wait()
            if not self._wanted:
                return
            if isinstance(first, Timings) and first.reading.outcome in STANDS:
                self._outcome = check.judge(first)
            elif isinstance(first, WrongAnswer) and first.kind not in TIMING_KINDS:
                self._outcome = first
            else:
                check.close()
                self._outcome = check_growth(self._template, self.slug)
        except BaseException as error:  # noqa: BLE001 - handed to the test that waits for it
            self._outcome = error
        finally:
            check.close()

    def result(self) -> Measured:
        """Have the check judged, alone (the rest of the suite has run): what ``check_growth`` would
        return.

        Raises:
            WrongAnswer, NotAttempted: as ``check_growth``.
        """
        self._wanted = True
        self._judge_now.set()
        self._thread.join()
        outcome = self._outcome
        if isinstance(outcome, BaseException):
            raise outcome
        assert outcome is not None  # the thread sets one or the other
        return outcome

    def end(self) -> None:
        """End the check if its test did not judge it (the run was cut short), and wait for the thread."""
        self._judge_now.set()
        self._thread.join()
