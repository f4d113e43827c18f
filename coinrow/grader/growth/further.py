"""What the growth check measures past its first ladder (``coinrow.grader.growth.check``): a call cut off
within the task's sizes timed again with room, one doubling beyond the task's largest size, and a higher
order read again until two readings agree, within a budget of CPU for them all."""

from __future__ import annotations

import random

from coinrow.game.registry import by_slug
from coinrow.grader.growth.readings import (
    below_cost,
    bound_judged,
    deciding,
    higher,
    judged_on,
    plain,
    read_once_more,
    settled,
    slower_last,
    unclear,
    verdict,
)
from coinrow.grader.growth.sampled import MachineSpeed, timed_size
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import TARGET_EXPONENT, TIME_LADDERS, Point, Step, judged, last_doubling

LADDER_START = (0.72, 0.99)  # the first size is the nominal one times a factor drawn from this range
READINGS = 3  # readings of a higher order at most, until two agree (``_read_again``)
SLOW = {2: 4.0, 1: 8.0}  # steps of the game's O(n) reduction per n^k (by k): an answer slower climbs on
ALONE_SLOW = 2.0  # an answer this many times SLOW can fail on the doubling beyond alone (``_slow_alone``)
BEYOND_ROOM = 16.0  # a call beyond the task's sizes may take this many times the top size's CPU seconds
BEYOND_LIMITS = 4.0  # and this many call limits at most: a top size of 2.4 limits still shows n³ in a bound
SHIFTED = (0.375, 0.75, 1.5)  # a reading beyond at these parts of the task's top size (``_shifted``)
UNCLEAR_AGAIN = 4  # an unclear reading beyond is timed again this many times at most (``_beyond``)
BEYOND_BUDGET = 10.0  # call limits the readings beyond may take in all (a kata's tree has 15, 60 s at least)


class FurtherReadings:
    """A growth check's timing executor, its ladder's sizes and its state, and the readings it makes past
    the first ladder; ``GrowthCheck`` climbs that ladder and judges."""

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
        self._within_limit = grader.call_limit  # CPU seconds a call within the task's sizes may take
        self._timing = type(grader)(grader.impl_dir, grader.call_limit, diagnose=grader.diagnose)

    def close(self) -> None:
        self._timing.close()

    def timed(self, n: int, limit: float | None = None) -> Point:
        """CPU seconds per call on fresh random rows of ``n`` coins (``sampled.timed_size``)."""
        grader = self._timing
        point = timed_size(grader, self.formulation, n, self.rng, limit or grader.call_limit)
        self._speed.look()
        return point

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

    def _cut_off_again(self, points: list[Point], time: Step | None) -> tuple[list[Point], Step | None]:
        """A size within the task's whose call was cut off at the call limit, when the doubling below it
        does not read a higher order, timed again with the room a call beyond has (``BEYOND_ROOM``,
        ``BEYOND_LIMITS``, within ``BEYOND_BUDGET``), the sizes below it again before it: the bound a
        call cut off leaves rules no order out, and the last doubling in full decided alone. Beside other
        work an O(n²) table for an O(n) task read ×2.4 from 896 to 1792 coins, its call on 3584 cut off
        at 1.5 s, and was stated as n. The sizes below it keep the faster of their timings, as when timed
        again (``timed_again``): one slowed call had left a cubic answer read ×4.4 from 250 to 1000
        coins. The deciding doubling after (``readings.deciding``)."""
        cut = max(points, key=lambda p: p.n)
        if time is None or not cut.timed_out or higher(points, time, self.target, alone=False):
            return points, time
        below = max((p for p in points if not p.timed_out), key=lambda p: p.n)
        room = self._room(points, cut.n, self._limit_after(below))
        if room is None:
            return points, time
        self._within_limit = max(self._within_limit, room)  # and for the readings within them after
        timed, _ = self._reading(points, room)
        before = {p.n: p for p in points}  # below the cut, the faster of each size's timings kept
        timed = [p if p.n == cut.n else min(p, before[p.n], key=slower_last) for p in timed]
        return timed, deciding(timed, self.target)

    def _limit_after(self, below: Point) -> float:
        """CPU seconds a call one doubling above ``below`` may take when timed for its growth alone."""
        call_limit = self._timing.call_limit
        return max(call_limit, min(BEYOND_ROOM * below.seconds, BEYOND_LIMITS * call_limit))

    def _beyond(self, points: list[Point], time: Step) -> tuple[list[Point], Step]:
        """One doubling beyond the task's largest size, with room (``BEYOND_ROOM``) to show a higher order,
        read as ``_read_again`` reads: its sizes within the task's timed again back to back before it,
        so that no timing kept as the fastest of several leans its ratio. A reading in full there that is
        neither plainly of the task's order nor higher (``readings.unclear``) is timed again, the fastest
        of each size kept, until it is one or the other (``UNCLEAR_AGAIN`` times at most; once only when
        it grew less than the task's order, as n NumPy calls do) or the budget ends: beside two busy loops a
        range-sum table (O(n³)) read ×6.4 on 720 -> 1440 coins twice and was left not decided. Beyond the
        task's sizes a failure is not the answer's: the growth then stays as measured within."""
        top = next(p for p in points if p.n == time.high)
        limit = self._limit_after(top)
        room = self._room(points, 2 * top.n, limit)
        try:
            taken: tuple[list[Point], Step | None] | None = None
            if room is not None and top.seconds * 2**self.target <= room:  # else it could not fit at n^k
                taken = self._reading([*points, Point(2 * top.n, 0.0)], room)
            wider, step = taken or (points, None)
            self._alone = self._slow_alone(wider, top)
            bound = None if step is None else self._bound((wider, step))[1]
            if taken is None or (
                bound and bound.at_least and not higher(wider, bound, self.target, self._alone)
            ):
                wider, step = self._shifted(wider, top, limit) or (wider, step)  # a reading in full instead
                self._alone = self._slow_alone(wider, top)
            room = None if step is None else self._room(wider, step.high, limit)
            for again in range(UNCLEAR_AGAIN):  # below the task's order (a size slowed), once only
                if not step or room is None or not unclear(wider, step, self.target, self._alone):
                    break
                if again and step.exponent <= self.target:
                    break
                wider, step = self._reading(wider, room, fastest=True)  # the fastest kept, each size
                self._alone = self._slow_alone(wider, top)
                room = None if step is None else self._room(wider, step.high, limit)
            if step is not None and higher(*self._bound((wider, step)), self.target, self._alone):
                wider, step = self._read_again(wider, step, limit)  # a bound too; judged as it returns it
            elif step is not None:
                step = self._bound((wider, step))[1]
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

    def _room(self, points: list[Point], high: int, limit: float, below: float | None = None) -> float | None:
        """The CPU seconds one more reading up to ``high`` coins beyond the task's sizes may give that size:
        ``limit``, or what ``BEYOND_BUDGET`` leaves after the sizes below it (as they took last, or
        ``below`` seconds), if at least what ``high`` took last (half of ``limit`` if it was not timed);
        else None, and the reading is not made."""
        below = below_cost(points, high) if below is None else below
        left = BEYOND_BUDGET * self._timing.call_limit - self._beyond_spent - below
        needed = next((p.seconds for p in points if p.n == high), limit / 2)
        return min(limit, left) if left >= needed else None

    def _shifted(self, points: list[Point], top: Point, limit: float) -> tuple[list[Point], Step] | None:
        """A reading beyond the task's ``top`` size, when its call on twice as many coins ran out: the
        doubling from 3/4 of ``top`` to 3/2 of it, and the one below, timed back to back (``SHIFTED``). Its
        call takes (3/4)³ = 0.42 of the one that ran out for an n³ answer, and fits the room that one did
        not: a cubic slice summed per cell on 960 coins took about 19 s on 1920, past its 16 s, and the
        bounds two such calls left, ×6.5 per doubling and less, decided nothing. None when the budget
        leaves no room for it (its smaller sizes reckoned from ``top`` as time growing like n would take
        them, which any higher growth takes less of), or its smaller size was cut off."""
        shifted = [Point(2 * round(top.n * part / 2), 0.0) for part in SHIFTED]
        below = top.seconds * sum(SHIFTED[:-1])  # the most they take of it: time grows at least like n
        room = self._room(points, shifted[-1].n, limit, below)
        if room is None:
            return None
        timed, step = self._reading(shifted, room)
        return None if step is None else (timed, step)

    def _reading(
        self, points: list[Point], limit: float, fastest: bool = False
    ) -> tuple[list[Point], Step | None]:
        """``read_once_more``, its CPU charged to the budget beyond when it reaches beyond the task's
        sizes, and the last doubling (None if none was measured in full)."""

        def timed(n: int, limit: float | None) -> Point:
            return self.timed(n, limit or self._within_limit)

        timed_points, spent = read_once_more(timed, points, limit, fastest)
        more = max(limit, self._within_limit) > self._timing.call_limit  # calls given more than the limit
        if max(p.n for p in points) > self.sizes[-1] or more:
            self._beyond_spent += spent
        return timed_points, last_doubling(timed_points)

    def _read_again(self, points: list[Point], step: Step, limit: float) -> tuple[list[Point], Step]:
        """A higher order read, read again before it is said: the sizes it is judged on (``judged_on``)
        timed again, back to back, on new rows, until two readings agree (``READINGS`` at most); the
        lower of the two that agree is kept; where none agree, the one ``settled`` keeps, within the task's
        sizes as beyond them (a higher reading kept there had failed a right answer on one reading). A
        bound beyond is read again at 3/2 of the top size (``_shifted``), in full. ``step`` is the raw
        last doubling: each reading is judged (``_bound``) as ``_alone`` stands when the votes are counted.
        One reading decides nothing: a right dict-table DP read ×7.1
        per doubling (472 → 1888) once on a busy machine, ×4.6 alone, and a cubic slice summed per cell
        ×5.3 beyond once; single calls of the first on 960 coins took 0.36-0.67 s in one quiet process.

        Raises:
            WrongAnswer: a call of a later reading failed.
        """
        readings, beyond = [(points, step)], step.high > self.sizes[-1]
        read, high, last = points, step.high, points  # a reading again times ``read`` up to ``high``
        for _ in range(READINGS - 1):
            again, again_step = read, None
            shifted = beyond and step.at_least and read is points  # its call ran out: in full below it
            top = next(p for p in points if p.n == step.low) if shifted else None  # the task's top size
            if top is not None and (taken := self._shifted(points, top, limit)) is not None:
                (again, again_step), read, high = taken, taken[0], max(p.n for p in taken[0])
            else:
                budgeted = beyond or max(limit, self._within_limit) > self._timing.call_limit  # more room
                room = self._room(last, high, limit) if budgeted else limit
                if room is not None:  # else not made
                    again, again_step = self._reading([p for p in read if p.n <= high], room)
            if again_step is None:
                break
            last = again  # as its sizes took last
            if again_step.high != high:  # its smaller size cut off: no reading of that doubling
                continue
            largest = max(again, key=lambda p: p.n)
            if beyond and not largest.timed_out:  # slow enough to decide alone in every reading in full
                self._alone = self._alone and self._steps(largest) >= ALONE_SLOW * SLOW[self.target]
            readings.append(([*again, *(p for p in read if p.n > high)], again_step))
            judged_now = [self._bound(reading) for reading in readings]  # as ``_alone`` stands now
            verdicts = [verdict(*reading, self.target, self._alone) for reading in judged_now]
            if verdicts[-1] is not None and verdicts.count(verdicts[-1]) >= 2:  # two agree: the lower kept
                agreeing = [r for r, v in zip(judged_now, verdicts, strict=True) if v == verdicts[-1]]
                return min(agreeing, key=lambda reading: judged_on(*reading).ratio)
        kept, self._unconfirmed = settled([self._bound(r) for r in readings], self.target, self._alone)
        return kept

    def _bound(self, reading: tuple[list[Point], Step]) -> tuple[list[Point], Step]:
        """A reading with its step as judged (``bound_judged``) with ``_alone`` as it stands: a bound judged
        on the doubling beyond alone while the answer read as slow enough, over two doublings after."""
        points, step = reading
        return points, bound_judged(points, step, self.sizes[-1], self._alone)
