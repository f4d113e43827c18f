"""The growth check: a kata's value function timed on fresh random rows and its order decided as
``docs/grader-trust.md`` states the method (``growth.decide``, its constants in ``growth.policy``); the peak
memory ``tracemalloc`` traces, on smaller rows, judged against the task's space order."""

from __future__ import annotations

import random

from coinrow.game.registry import Formulation, by_slug
from coinrow.game.rows import fresh_row
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.growth.decide import FailedBeyond, Outcome, Reading, decide, steps
from coinrow.grader.growth.measured import Measured, Timings, fail_growth
from coinrow.grader.growth.policy import POLICY, GrowthPolicy
from coinrow.grader.growth.sampled import MachineSpeed, never_finished, round_trip, timed_size, traced_growth
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import MEMORY_MARGINS, TARGET_EXPONENT, Point, Step, judged

MEMORY_LADDERS = {2: (50, 100, 200), 1: (1000, 2000, 4000)}  # by the time order: traced calls are slow


def growth_checked(formulation: Formulation) -> bool:
    """True for a kata whose time order is n or n² (every one but brute force): its growth is checked."""
    return TARGET_EXPONENT.get(formulation.time.order) in POLICY.ladders


def check_growth(grader: Grader, slug: str, policy: GrowthPolicy = POLICY) -> Measured:
    """Time and trace the attempt at ``slug`` and judge its growth against the task.

    The calls are made in an executor of the check's own (a grader like ``grader``, ended after): the
    history of the executor the suite's other checks call is the same whether or not this check runs.

    Returns:
        What was measured, for the summary line.

    Raises:
        WrongAnswer: a wrong value or a call that failed on a timed row, a call within the task's sizes
            out of time (kind ``"too-slow"``), or growth above the task's order (kind ``"growth"``).
        NotAttempted: the function is still the stub.
    """
    check = GrowthCheck(grader, slug, policy)
    try:
        return check.judge(check.measure())
    finally:
        check.close()


class GrowthCheck:
    """The growth check in two steps, so that it can change hands between them
    (``coinrow.grader.growth.ahead``): ``measure`` traces the memory and decides the time's order,
    ``judge`` turns that into the summary or the failure."""

    def __init__(
        self, grader: Grader, slug: str, policy: GrowthPolicy = POLICY, rng: random.Random | None = None
    ) -> None:
        self.formulation = by_slug(slug)
        self.target = TARGET_EXPONENT[self.formulation.time.order]
        self.space_target = TARGET_EXPONENT.get(self.formulation.space.order)
        self.policy = policy
        self.rng = rng or random.Random()  # seeded from the system's randomness: no two checks alike
        self._timing = type(grader)(grader.impl_dir, grader.call_limit, diagnose=grader.diagnose)
        self._speed = MachineSpeed(self.rng)
        self._round_trip = 0.0
        self._largest = 0  # the task's largest size in this check
        self._printed = 0  # the most bytes one timed call printed
        self._cut_rows: dict[int, list[int]] = {}  # by size, the row of the last call cut off there

    def close(self) -> None:
        self._timing.close()

    def timed(self, n: int, limit: float) -> Point:
        """CPU seconds per call on fresh random rows of ``n`` coins, the executor's round trip taken out.

        Raises:
            WrongAnswer: a call within the task's sizes failed.
            FailedBeyond: a call beyond them failed (``decide`` keeps the reading within them).
        """
        try:
            point = timed_size(self._timing, self.formulation, n, self.rng, limit, self._round_trip)
        except CallTimeout as stopped:
            self._cut_rows[n] = stopped.row or fresh_row(n, self.rng)  # time_rows names every stopped row
            return Point(n, limit, timed_out=True)
        except WrongAnswer as failure:
            if n > self._largest:
                raise FailedBeyond(n) from failure
            raise
        self._printed = max(self._printed, self._timing.last_printed_bytes)
        self._speed.look()
        return point

    def measure(self) -> Timings:
        """Trace the memory and time the round trip, then decide the time's order in a fresh executor:
        the executor that is timed is sent plain calls alone, the same requests as any other call, so
        nothing there tells the attempt it is timed.

        Raises:
            WrongAnswer: a wrong value or a call that failed or ran out of time on a timed row.
            NotAttempted: the function is still the stub.
        """
        grader, formulation = self._timing, self.formulation
        memory: Step | None = None
        memory_failure: WrongAnswer | None = None
        if self.space_target is not None:  # first, while the executor is fresh: memory an earlier call
            try:  # freed and the process kept would hide the growth of its resident memory
                memory = traced_growth(grader, formulation, MEMORY_LADDERS[self.target], self.rng)
            except WrongAnswer as failure:
                memory_failure = failure
        try:
            self._round_trip = round_trip(grader, formulation)  # in the executor that traced, if any
            grader.fresh_executor(formulation.slug)  # timed in one that was sent nothing but plain calls
            grader.settle(formulation.slug)  # processes the attempt started at import count in its CPU
            scale = self.rng.uniform(*self.policy.scale)
            self._largest = self.policy.window(self.target, scale)[-1]
            reading = decide(
                self.timed, self.target, scale, grader.call_limit, self._speed.look, self.policy, self.rng
            )
        except WrongAnswer as later:  # calls refused for what tracing met (a cap, say): that is the reason
            if memory_failure is not None and later.kind == "not-run":
                raise memory_failure from None
            raise
        return Timings(reading, memory, memory_failure)

    def judge(self, timings: Timings) -> Measured:
        """The summary of what ``measure`` found, or the failure it shows.

        Raises:
            WrongAnswer: a call within the task's sizes out of time, growth above the task's order (kind
                ``"growth"``), or what tracing the memory raised.
        """
        formulation, target, reading = self.formulation, self.target, timings.reading
        if reading.outcome is Outcome.CUT_OFF:
            row = self._cut_rows[reading.high]  # the row whose call was cut off, as the message shows it
            never_finished(self._timing, formulation, row, self._timing.last_printed_bytes)
        time = as_step(reading)
        if reading.outcome is Outcome.HIGHER:
            moves = formulation.returns.graded_move_by_move
            fail_growth(formulation, time, "time", formulation.time, not moves, target, self._printed)
        if timings.memory_failure is not None:
            raise timings.memory_failure
        memory, space = timings.memory, self.space_target
        if memory is not None and space is not None and judged(memory, space, MEMORY_MARGINS) == "higher":
            fail_growth(formulation, memory, "memory", formulation.space, False, space)
        compiled = self._timing.compiled_code(formulation.slug)  # what timing cannot see into, if any
        slow = steps(reading, target, self._speed.look)
        undecided = reading.outcome is Outcome.NOT_DECIDED
        return Measured(
            time,
            memory,
            target,
            space,
            undecided,
            compiled,
            slow if slow >= self.policy.slow[target] else None,
        )


def as_step(reading: Reading) -> Step:
    """The reading as the growth words put it: its median slope as a ratio per doubling over its sizes. A
    lower order is never named (``unread``): a cost each call pays whatever its row (a table allocated at
    its largest size, say) flattens a higher order's growth over the window, so only "less than the
    task's" is measured.

    >>> low = Reading(Outcome.LOWER, 0.95, (0.6, 1.2), 200, 800, 4, 0.05, 0.3)
    >>> as_step(low).unread, round(as_step(low).ratio, 2)
    (True, 1.93)
    """
    unread = reading.outcome is Outcome.LOWER
    return Step("power", 2**reading.exponent, reading.low, reading.high, reading.bound, unread=unread)
