"""The growth check: a kata's value function timed on a ladder of sizes and judged against the task's order.

Every timed call is a plain call on a fresh random row, its value checked (``growth.sampled``). The
ladder's sizes double from a start drawn at random (90 to 124 coins for a table kata), and every ladder
climbs to the task's largest sizes (720 to 992), however long its calls, unless a higher order reads on
the way: below them a higher order's share, a slice copied per cell say, can be too small to show. The
deciding sizes are timed again, the fastest of each kept, until they show the order plainly or each was
timed ``REPEATS`` times. An answer still not plainly of the task's order, or slow per step against the
game model's own O(n) reduction (``SLOW``), is timed one doubling beyond, with room to show a higher
order. A higher order is said only once two readings agree (``_read_again``). Memory is the peak
``tracemalloc`` traces, on smaller rows, checked against the kernel's count (``Caller.traced_peak``).
"""

from __future__ import annotations

from coinrow.grader.growth.further import SLOW, FurtherReadings
from coinrow.grader.growth.measured import Measured, Timings, fail_growth
from coinrow.grader.growth.readings import (
    climbs_on,
    deciding,
    higher,
    judged_on,
    plain,
    timed_again,
)
from coinrow.grader.growth.sampled import never_finished, traced_growth
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import (
    MEMORY_MARGINS,
    Step,
    climb,
    judged,
)

MEMORY_LADDERS = {2: (50, 100, 200), 1: (1000, 2000, 4000)}  # by the time order: traced calls are slow
REPEATS = 3  # timings of each deciding size at most, while the fastest do not show the order plainly


def check_growth(grader: Grader, slug: str) -> Measured:
    """Time and trace the attempt at ``slug`` on its ladders and judge the growth against the task.

    The calls are made in executors of their own (graders like ``grader``, ended after): the history of
    the executor the suite's other checks call is the same whether or not this check runs beside them.

    Returns:
        What was measured, for the summary line.

    Raises:
        WrongAnswer: a wrong value on a ladder row, a call that failed or ran out of time, or growth above
            the task's order (kind ``"growth"``).
        NotAttempted: the function is still the stub.
    """
    check = GrowthCheck(grader, slug)
    try:
        return check.judge(check.measure())
    finally:
        check.close()


class GrowthCheck(FurtherReadings):
    """The growth check in two steps: ``measure`` climbs the ladder and traces the memory; ``judge``
    times the deciding sizes again when the first timings did not show the order plainly, goes beyond
    the task's sizes when that is still so (or the answer is slow), and judges. Between them the check
    can change hands: ``measure`` may run beside other work (``coinrow.grader.growth.ahead``) and
    ``judge`` alone. Memory and time are measured in one executor of its own, memory first."""

    def measure(self) -> Timings:
        """Climb the time ladder (every value checked) and trace the memory.

        Raises:
            WrongAnswer: a wrong value or a call that failed or ran out of time on the ladder.
            NotAttempted: the function is still the stub.
        """
        grader, formulation, target = self._timing, self.formulation, self.target
        memory: Step | None = None
        memory_failure: WrongAnswer | None = None
        if self.space_target is not None:  # first, while the executor is fresh: memory an earlier call
            try:  # freed and the process kept would hide the growth of its resident memory
                memory = traced_growth(grader, formulation, MEMORY_LADDERS[target])
            except WrongAnswer as failure:
                memory_failure = failure
        # processes the attempt started at import count in its CPU: still starting, they would slow the
        # first sizes alone (two interpreters importing NumPy made a cubic answer read ×1.4-2 per
        # doubling from 126 to 500, and the ladder stopped there, short of the size that shows it)
        try:
            grader.settle(formulation.slug)
            points = climb(
                self.sizes,
                self.timed,
                go_on=lambda measured: climbs_on(measured, target),
            )
        except WrongAnswer as later:  # calls refused for what tracing met (a cap, say): that is the reason
            if memory_failure is not None and later.kind == "not-run":
                raise memory_failure from None
            raise
        finished = [p.n for p in points if not p.timed_out]
        if not finished:
            never_finished(grader, formulation, points[0].n)
        if finished == [points[0].n]:  # only the first size finished: one doubling is timed below it
            points = [self.timed(points[0].n // 2 & ~1), *points]  # even: some katas take even rows only
        return Timings(points, memory, memory_failure)

    def judge(self, timings: Timings) -> Measured:
        """Judge what ``measure`` found: the time (timed again in turn where the first timings did not
        show the order plainly, and beyond the task's sizes where they still do not), then the memory.

        Raises:
            WrongAnswer: growth above the task's order (kind ``"growth"``), or what tracing the memory
                raised.
        """
        formulation, target, points = self.formulation, self.target, timings.points
        time = deciding(points, target)
        # the deciding sizes again, in turn, at least once (one slowed timing of the smaller size made a
        # cubic answer's growth read plainly n²), then until the order shows plainly; the first time, a
        # plain reading has only its smaller sizes timed again: a slowed largest size reads higher, never
        # plainer, and a higher reading is read again before it is said (``_read_again``)
        for again in range(REPEATS - 1):
            if time is None or time.at_least or (again and plain(judged_on(points, time), target)):
                break
            smaller_only = not again and plain(judged_on(points, time), target)
            points = timed_again(self.timed, points, time, smaller_only)
            time = deciding(points, target)
        points, time = self._cut_off_again(points, time)
        roomy = self._within_limit > self._timing.call_limit  # a bound from a call given room is re-read
        if time is not None and (roomy or not time.at_least) and higher(points, time, target, alone=False):
            points, time = self._read_again(points, time, self._within_limit)
        top = max(points, key=lambda p: p.n)  # a higher reading stopped the ladder; if it did not hold, on
        if time and not top.timed_out and top.n < self.sizes[-1] and not higher(points, time, target, False):
            rest = [n for n in self.sizes if n > top.n]
            points = [
                *points,
                *climb(rest, self.timed, go_on=lambda more: climbs_on([*points, *more], target)),
            ]
            return self.judge(Timings(points, timings.memory, timings.memory_failure))  # from the top
        undecided = beyond_alone = False
        if time is not None and not time.at_least and self._beyond_wanted(points, time):
            points, beyond = self._beyond(points, time)
            # the doubling beyond, alone, must show the task's order plainly for it to be stated
            undecided = beyond is not time and (self._unconfirmed or not plain(beyond, target))
            beyond_alone = beyond is not time and self._alone and judged(beyond, target) == "higher"
            time = beyond
        undecided = undecided or self._unconfirmed  # a higher reading not confirmed, within the sizes too
        wide = judged_on(points, time) if time is not None else None
        above = wide is not None and judged(wide, target) == "higher"
        shown = wide if above else time  # what read higher: the doubling beyond alone, if only it did
        if (above or beyond_alone) and shown is not None and not self._unconfirmed:  # read twice
            moves = formulation.returns.graded_move_by_move
            fail_growth(formulation, shown, "time", formulation.time, not moves, target)
        # undecided: said with the doubling beyond that left it so, or with the reading not confirmed
        time = shown if self._unconfirmed else time if undecided else wide
        if timings.memory_failure is not None:
            raise timings.memory_failure
        memory, space = timings.memory, self.space_target
        if memory is not None and space is not None and judged(memory, space, MEMORY_MARGINS) == "higher":
            fail_growth(formulation, memory, "memory", formulation.space, False, space)
        compiled = self._timing.compiled_code(formulation.slug)  # what timing cannot see into, if any
        top_steps = self._steps(next(p for p in points if p.n == time.high)) if time is not None else 0.0
        slow = top_steps if top_steps >= SLOW[target] else None
        return Measured(time, memory, target, space, undecided, compiled, slow, self._unconfirmed)
