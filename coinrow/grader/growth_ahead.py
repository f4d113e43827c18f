"""A kata graded alone, with a core to spare: its growth check starts ahead, beside the rest of its suite.

The growth check (``coinrow.grader.complexity.check_growth``) calls in executors of its own,
so it can run in a thread of the judge while the suite's other checks call the attempt's
main executor: the two executors compute on two cores at once. Its test then runs last and
takes what the thread found.

Work beside a timing can slow it (two processes share the memory and its caches), and more
so on a larger row, whose table misses the caches more: a ratio measured beside the rest
may be too high, rarely too low. So what was measured ahead stands only where that cannot
have changed the verdict (``stands``): a pass whose time grew no faster than the task's order
plus ``SURELY_WITHIN``, or a failure that is no timing (a wrong value, an error raised). A
growth or time-out failure, or a pass too close to the margin, is measured again, alone,
after every other check has ended: the verdict is then the one the check gives run alone.
"""

from __future__ import annotations

import threading

from coinrow.grader.complexity import Measured, check_growth
from coinrow.grader.failures import FailureKind, WrongAnswer
from coinrow.grader.grading import Grader
from coinrow.grader.growth import SURELY_WITHIN

TIMING_KINDS: frozenset[FailureKind] = frozenset({"growth", "too-slow", "not-run"})


def stands(measured: Measured) -> bool:
    """True when a growth check that passed beside other work would pass alone as well: its time grew
    no faster than n^(target + ``SURELY_WITHIN``) over a doubling timed in full (memory is traced, the
    same whatever runs beside it).

    >>> from coinrow.grader.growth import Step
    >>> stands(Measured(Step("power", 4.2, 500, 1000), None, 2, 2))  # 2^2.07 per doubling
    True
    >>> stands(Measured(Step("power", 5.3, 500, 1000), None, 2, 2))  # 2^2.41: measured again, alone
    False
    """
    time = measured.time
    return time is None or (not time.at_least and time.exponent <= measured.time_target + SURELY_WITHIN)


class GrowthAhead:
    """``check_growth(template, slug)`` in a thread of its own, started at once.

    Args:
        template: a grader whose folder, call limit and diagnosis the check's own grader copies.
        slug: the kata.
    """

    def __init__(self, template: Grader, slug: str) -> None:
        self.slug = slug
        self._outcome: Measured | BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(template,), name=slug, daemon=True)
        self._thread.start()

    def _run(self, template: Grader) -> None:
        try:
            self._outcome = check_growth(template, self.slug)
        except BaseException as error:  # noqa: BLE001 - handed to the test that waits for it
            self._outcome = error

    def result(self) -> Measured | None:
        """Wait for the check; what it measured if that stands (``stands``), else None: check again, alone.

        Raises:
            WrongAnswer: the check failed on what no timing decides (a wrong value, an error raised).
        """
        self._thread.join()
        outcome = self._outcome
        if isinstance(outcome, Measured):
            return outcome if stands(outcome) else None
        if isinstance(outcome, WrongAnswer) and outcome.kind not in TIMING_KINDS:
            raise outcome
        return None

    def end(self) -> None:
        """Wait for the thread (the run ends before the process does); its grader closes as it ends."""
        self._thread.join()
