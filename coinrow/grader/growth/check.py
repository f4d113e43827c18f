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

import random

from coinrow.game.registry import by_slug
from coinrow.grader.growth.measured import Measured, Timings, fail_growth
from coinrow.grader.growth.readings import (
    below_cost,
    bound_judged,
    climbs_on,
    deciding,
    higher,
    judged_on,
    plain,
    read_once_more,
    settled,
    timed_again,
    unclear,
    verdict,
)
from coinrow.grader.growth.sampled import MachineSpeed, never_finished, timed_size, traced_growth
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import (
    MEMORY_MARGINS,
    TARGET_EXPONENT,
    TIME_LADDERS,
    Point,
    Step,
    climb,
    judged,
    last_doubling,
)

MEMORY_LADDERS = {2: (50, 100, 200), 1: (1000, 2000, 4000)}  # by the time order: traced calls are slow
LADDER_START = (0.72, 0.99)  # the first size is the nominal one times a factor drawn from this range
READINGS = 3  # readings of a higher order at most, until two agree (``_read_again``)
REPEATS = 3  # timings of each deciding size at most, while the fastest do not show the order plainly
SLOW = {2: 4.0, 1: 8.0}  # steps of the game's O(n) reduction per n^k (by k): an answer slower climbs on
ALONE_SLOW = 2.0  # an answer this many times SLOW can fail on the doubling beyond alone (``_slow_alone``)
BEYOND_ROOM = 16.0  # a call beyond the task's sizes may take this many times the top size's CPU seconds
BEYOND_LIMITS = 4.0  # and this many call limits at most: a top size of 2.4 limits still shows n³ in a bound
BEYOND_BUDGET = 10.0  # call limits the readings beyond may take in all (a kata's tree has 15, 60 s at least)


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


class GrowthCheck:
    """The growth check in two steps: ``measure`` climbs the ladder and traces the memory; ``judge``
    times the deciding sizes again when the first timings did not show the order plainly, goes beyond
    the task's sizes when that is still so (or the answer is slow), and judges. Between them the check
    can change hands: ``measure`` may run beside other work (``coinrow.grader.growth.ahead``) and
    ``judge`` alone. Memory and time are measured in one executor of its own, memory first."""

    def __init__(self, grader: Grader, slug: str, rng: random.Random | None = None) -> None:
        self.formulation = by_slug(slug)
        self.target = TARGET_EXPONENT[self.formulation.time.order]
        self.space_target = TARGET_EXPONENT.get(self.formulation.space.order)
        self.rng = rng or random.Random()  # seeded from the system's randomness: no two checks alike
        nominal = TIME_LADDERS[self.target]
        first = 2 * round(nominal[0] * self.rng.uniform(*LADDER_START) / 2)  # even: some katas take no odd n
        self.sizes = [first << k for k in range(len(nominal))]
        self._speed = MachineSpeed(self.rng)
        self._alone = False  # the doubling beyond may decide alone (``_slow_alone``)
        self._beyond_spent = 0.0  # CPU seconds the readings beyond the task's sizes took so far
        self._unconfirmed = False  # a higher order read beyond them once, its second reading not affordable
        self._timing = type(grader)(grader.impl_dir, grader.call_limit, diagnose=grader.diagnose)

    def close(self) -> None:
        self._timing.close()

    def timed(self, n: int, limit: float | None = None) -> Point:
        """CPU seconds per call on fresh random rows of ``n`` coins (``sampled.timed_size``)."""
        grader = self._timing
        point = timed_size(grader, self.formulation, n, self.rng, limit or grader.call_limit)
        self._speed.look()
        return point

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
        if time is not None and not time.at_least and higher(points, time, target, alone=False):
            points, time = self._read_again(points, time, self._timing.call_limit)  # a bound is not re-read
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

    def _beyond_wanted(self, points: list[Point], time: Step) -> bool:
        """True when the growth is not plainly the task's order at its largest sizes, or the answer is slow
        there: ``SLOW`` steps of the game's own reduction per n^k or more, where a higher order's share,
        or work that pads the smaller rows, could hide."""
        if judged(judged_on(points, time), self.target) == "higher" or time.high < self.sizes[-1]:
            return False
        if not plain(judged_on(points, time), self.target):
            return True
        return self._steps(next(p for p in points if p.n == time.high)) >= SLOW[self.target]

    def _steps(self, point: Point) -> float:
        """Steps of the game's own reduction per n^k that ``point`` took (``sampled.MachineSpeed``)."""
        return point.seconds / (float(point.n) ** self.target * self._speed.look())

    def _beyond(self, points: list[Point], time: Step) -> tuple[list[Point], Step]:
        """One doubling beyond the task's largest size, with room (``BEYOND_ROOM``) to show a higher order,
        read as ``_read_again`` reads: its sizes within the task's timed again back to back before it,
        so that no timing kept as the fastest of several leans its ratio. Beyond the task's sizes a
        failure is not the answer's: the growth then stays as measured within."""
        top = next(p for p in points if p.n == time.high)
        call_limit = self._timing.call_limit
        limit = max(call_limit, min(BEYOND_ROOM * top.seconds, BEYOND_LIMITS * call_limit))
        try:
            wider, step = self._reading([*points, Point(2 * top.n, 0.0)], limit)
            self._alone = self._slow_alone(wider, top)
            room = self._room(wider, 2 * top.n, limit)
            if step and room is not None and unclear(wider, step, self.target, self._alone):
                wider, step = self._reading(wider, room, fastest=True)  # the fastest of two kept, each size
                self._alone = self._slow_alone(wider, top)
            step = None if step is None else bound_judged(wider, step, self.sizes[-1], self._alone)
            if step is not None and higher(wider, step, self.target, self._alone):  # a bound too
                wider, step = self._read_again(wider, step, limit)
        except WrongAnswer:
            return points, time
        if step is None or (step.at_least and judged(step, self.target) != "higher"):
            return points, time  # a time-out that shows no higher order: the growth within stands
        return wider, step

    def _slow_alone(self, points: list[Point], top: Point) -> bool:
        """True when the answer took ``ALONE_SLOW`` times ``SLOW`` steps per n^k or more beyond the task's
        sizes: that doubling alone may then decide (two readings agreeing). A cache costs a step about the
        same in any answer, and weighs little in a slow one: a right table kept in a dict (4.4-4.7 steps
        per n² there) read ×6.6-7.2 over that doubling alone beside other work, a cubic slice summed per
        cell (11.5-16.8 steps) ×5.3-7.3, and only that doubling shows it."""
        beyond = max(points, key=lambda p: p.n)  # a time-out's steps would count its growth as slowness
        return self._steps(top if beyond.timed_out else beyond) >= ALONE_SLOW * SLOW[self.target]

    def _room(self, points: list[Point], high: int, limit: float) -> float | None:
        """The CPU seconds one more reading up to ``high`` coins beyond the task's sizes may give that size:
        ``limit``, or what ``BEYOND_BUDGET`` leaves after the sizes below it (as they took last), if at
        least what ``high`` took last; else None, and the reading is not made."""
        left = BEYOND_BUDGET * self._timing.call_limit - self._beyond_spent - below_cost(points, high)
        return min(limit, left) if left >= next(p.seconds for p in points if p.n == high) else None

    def _reading(
        self, points: list[Point], limit: float, fastest: bool = False
    ) -> tuple[list[Point], Step | None]:
        """``read_once_more``, its CPU charged to the budget beyond when it reaches beyond the task's
        sizes, and the last doubling (None if none was measured in full)."""
        timed, spent = read_once_more(self.timed, points, limit, fastest)
        if max(p.n for p in points) > self.sizes[-1]:
            self._beyond_spent += spent
        return timed, last_doubling(timed)

    def _read_again(self, points: list[Point], step: Step, limit: float) -> tuple[list[Point], Step]:
        """A higher order read, read again before it is said: the sizes it is judged on (``judged_on``)
        timed again, back to back, on new rows, until two readings agree (``READINGS`` at most); the
        lower of the two that agree is kept. One reading decides nothing: a right dict-table DP read ×7.1
        per doubling (472 → 1888) once on a busy machine, ×4.6 alone, and a cubic slice summed per cell
        ×5.3 beyond once; single calls of the first on 960 coins took 0.36-0.67 s in one quiet process.

        Raises:
            WrongAnswer: a call of a later reading failed.
        """
        readings, beyond = [(points, step)], step.high > self.sizes[-1]
        for _ in range(READINGS - 1):
            again, again_step = points, None
            room = self._room(readings[-1][0], step.high, limit) if beyond else limit
            if room is not None:  # else not made
                again, again_step = self._reading([p for p in points if p.n <= step.high], room)
            if again_step is None:
                break
            if again_step.high != step.high:  # its smaller size cut off: no reading of that doubling
                continue
            largest = max(again, key=lambda p: p.n)
            if beyond and not largest.timed_out:  # slow enough to decide alone in every reading in full
                self._alone = self._alone and self._steps(largest) >= ALONE_SLOW * SLOW[self.target]
            again_step = bound_judged(again, again_step, self.sizes[-1], self._alone)
            readings.append(([*again, *(p for p in points if p.n > step.high)], again_step))
            verdicts = [verdict(*reading, self.target, self._alone) for reading in readings]
            if verdicts[-1] is not None and verdicts.count(verdicts[-1]) >= 2:  # two agree: the lower kept
                agreeing = [r for r, v in zip(readings, verdicts, strict=True) if v == verdicts[-1]]
                return min(agreeing, key=lambda reading: judged_on(*reading).ratio)
        if not beyond:
            return readings[0]
        kept, self._unconfirmed = settled(readings, self.target, self._alone)
        return kept
