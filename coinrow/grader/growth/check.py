"""The growth check: a kata's value function timed on a ladder of sizes and judged against the task's order.

Each size is one row solved by hand (``dominant_class_row``). The time of each size is one
call's CPU time in the attempt's executor, with the garbage collector off as ``timeit``
has it (``Caller.time_calls``); the answer of the largest row timed is then checked. Unless
the first timings show the task's order plainly (``_plain``), the three
largest sizes are timed again in turn, the fastest of each kept, until they do or each was
timed ``REPEATS`` times; then the order is judged (``growth.judged``). Memory is the peak
``tracemalloc`` traces, on smaller rows (the same on every machine and every run), checked
against the kernel's count (``Caller.traced_peak``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NoReturn

from coinrow.game.cost import Cost
from coinrow.game.game import parity_class_sums, totals_from_difference
from coinrow.game.registry import Formulation, by_slug
from coinrow.game.rows import dominant_class_row
from coinrow.game.shown import show_call
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import (
    MEMORY_MARGINS,
    SURELY_WITHIN,
    TARGET_EXPONENT,
    TIME_LADDERS,
    TIME_MARGINS,
    Point,
    Step,
    climb,
    judged,
    last_doubling,
    over_two_doublings,
    power_name,
)
from coinrow.grader.messages import calls as call_messages
from coinrow.grader.messages import growth as messages
from coinrow.grader.messages import values as values_messages

MEMORY_LADDERS = {2: (50, 100, 200), 1: (1000, 2000, 4000)}  # by the time order: traced calls are slow
SHORTEST_TIMING = 0.02  # seconds: a call shorter than this is timed again in a batch this long
BATCH_CAP = 100  # calls in such a batch at most
REPEATS = 3  # timings of each deciding size at most, while the fastest do not show the order plainly
TRACE_SECONDS = 2.0  # a traced call (tracemalloc slows Python down) is cut off after this much CPU


@dataclass(frozen=True)
class Measured:
    """The orders a kata's attempt was measured at: the last doubling of time and of memory."""

    time: Step | None
    memory: Step | None
    time_target: int
    memory_target: int | None

    def summary(self) -> str:
        """What a solved kata's summary line says, e.g. ``time ~n², memory ~n²``."""
        time = _seen(self.time, self.time_target, TIME_MARGINS, floor=1)
        memory = _seen(self.memory, self.memory_target, MEMORY_MARGINS)
        return messages.measured_orders(time, memory)


def _seen(step: Step | None, target: int | None, margins: tuple[float, float], floor: int = 0) -> str | None:
    """The order ``step`` shows in the summary: never above the target (a higher one failed), never below
    ``floor`` (a call reads its n coins: time grows at least like n, however flat its fixed costs make
    the sizes timed look, as n NumPy calls do at n <= 1000)."""
    if step is None or target is None:
        return None
    if judged(step, target, margins) == "unclear":
        return messages.order_not_told(step.ratio)
    return messages.order_seen(power_name(min(max(step.named_exponent, floor), target)))


def check_growth(grader: Grader, slug: str) -> Measured:
    """Time and trace the attempt at ``slug`` on its ladders and judge the growth against the task.

    The calls are made in executors of their own (graders like ``grader``, ended after): the history of
    the executor the suite's other checks call is the same whether or not this check runs beside them.

    Returns:
        What was measured, for the summary line.

    Raises:
        WrongAnswer: a wrong value on a ladder row (called, or as a timed call returned it), a call that
            failed or ran out of time, or growth above the task's order (kind ``"growth"``).
        NotAttempted: the function is still the stub.
    """
    check = GrowthCheck(grader, slug)
    try:
        return check.judge(check.measure())
    finally:
        check.close()


@dataclass
class Timings:
    """What ``GrowthCheck.measure`` found: the first timing of each size, and the memory's growth (or the
    failure its tracing raised, said only once the time is judged, as the time is the first claim)."""

    points: list[Point]
    memory: Step | None
    memory_failure: WrongAnswer | None = None


class GrowthCheck:
    """The growth check in two steps: ``measure`` climbs the ladder, checks its largest value and traces
    the memory; ``judge`` times the deciding sizes again when the first timings did not show the order
    plainly, and judges. Between them the check can change hands: ``measure`` may run beside other work
    (``coinrow.grader.growth.ahead``) and ``judge`` alone. Time is measured in one executor of its own,
    memory in another."""

    def __init__(self, grader: Grader, slug: str) -> None:
        self.formulation = by_slug(slug)
        self.target = TARGET_EXPONENT[self.formulation.time.order]
        self.space_target = TARGET_EXPONENT.get(self.formulation.space.order)
        self._timing = type(grader)(grader.impl_dir, grader.call_limit, diagnose=grader.diagnose)
        self._tracing = type(grader)(grader.impl_dir, grader.call_limit, diagnose=grader.diagnose)

    def close(self) -> None:
        self._timing.close()
        self._tracing.close()

    def measure(self) -> Timings:
        """Climb the time ladder, check the value of its largest row, trace the memory.

        Raises:
            WrongAnswer: a wrong value or a call that failed or ran out of time on the ladder.
            NotAttempted: the function is still the stub.
        """
        grader, formulation, target = self._timing, self.formulation, self.target
        answers: dict[int, object] = {}  # what each ladder row's timed calls returned, by its length
        # processes the attempt started at import count in its CPU: still starting, they would slow the
        # first sizes alone (two interpreters importing NumPy made a cubic answer read ×1.4-2 per
        # doubling from 126 to 500, and the ladder stopped there, short of the size that shows it)
        grader.settle(formulation.slug)
        points = climb(
            TIME_LADDERS[target],
            lambda n: _timed(grader, formulation, n, answers),
            go_on=lambda measured: _undecided(measured, target),
        )
        if self.space_target is not None:  # the executor memory is traced in starts while the value is
            self._tracing.start_spare(formulation.slug)  # checked: after the timings, not beside them
        finished = [p.n for p in points if not p.timed_out]
        if not finished:
            _never_finished(grader, formulation, points[0].n)
        if finished == [points[0].n]:  # only the first size finished: one doubling is timed below it
            below = points[0].n // 2 & ~1  # even: some katas take even rows only
            points = [_timed(grader, formulation, below, answers), *points]
        _check_value(grader, formulation, max(finished), answers[max(finished)])
        if self.space_target is None:
            return Timings(points, None)
        try:
            return Timings(points, _memory(self._tracing, formulation, MEMORY_LADDERS[target]))
        except WrongAnswer as failure:
            return Timings(points, None, failure)

    def judge(self, timings: Timings) -> Measured:
        """Judge what ``measure`` found: the time (timed again in turn where the first timings did not
        show the order plainly), then the memory.

        Raises:
            WrongAnswer: growth above the task's order (kind ``"growth"``), or what tracing the memory
                raised.
        """
        formulation, target, points = self.formulation, self.target, timings.points
        time = _deciding(points, target)
        for _ in range(REPEATS - 1):  # the deciding sizes again, in turn, until the order shows plainly
            if time is None or time.at_least:
                break
            if _plain(_judged_on(points, time), target):
                break
            points = _timed_again(self._timing, formulation, points, time)
            time = _deciding(points, target)
        time = _judged_on(points, time) if time is not None else None
        if time is not None and judged(time, target) == "higher":
            moves = formulation.returns.graded_move_by_move
            _fail(formulation, time, "time", formulation.time, not moves, target)
        if timings.memory_failure is not None:
            raise timings.memory_failure
        memory, space = timings.memory, self.space_target
        if memory is not None and space is not None and judged(memory, space, MEMORY_MARGINS) == "higher":
            _fail(formulation, memory, "memory", formulation.space, False, space)
        return Measured(time, memory, target, space)


def _judged_on(points: list[Point], step: Step) -> Step:
    """The growth the time is judged on: over the deciding doubling and the one below it, where both were
    timed in full (``over_two_doublings``). A table that outgrows a cache between two sizes slows each of
    its steps: an n² answer with its table in a dict measured ×5.1-6.5 from n = 500 to 1000 on a quiet
    2-core machine and ×6.7 beside other work, but ×4.0-5.4 per doubling from 250 to 1000 beside it."""
    return over_two_doublings(points, step)


def _plain(step: Step, target: int) -> bool:
    """True when a timing needs no second look: it grew no faster than n^(``target`` + ``SURELY_WITHIN``),
    and not so much slower that the summary would name an order below the task's. A slower reading
    within that names the order the task asks either way, and could hide a higher one only if the
    smaller size alone were slowed ×4.9 or more over two doublings (an n³ answer read as n^1.85)."""
    return step.exponent - target <= SURELY_WITHIN and step.named_exponent >= target


def _undecided(points: list[Point], target: int) -> bool:
    """True when the time so far (``_judged_on``) grew faster than n^(``target`` + ``SURELY_WITHIN``) but
    not plainly faster than n^``target``: the ladder climbs on, though its last call was long, so that
    the growth is judged on larger sizes (a range summed from a slice per cell, n³ in C, grows ×5.4 per
    doubling from 126 to 500, ×8 beyond)."""
    step = last_doubling(points)
    if step is None:
        return False
    wide = _judged_on(points, step)
    return wide.exponent - target > SURELY_WITHIN and judged(wide, target) != "higher"


def _deciding(points: list[Point], target: int) -> Step | None:
    """The doubling the time is judged on: the last one; but a bound from a time-out that does not show
    a higher order decides nothing, and the last doubling timed in full, if any, is judged instead."""
    time = last_doubling(points)
    if time is not None and time.at_least and judged(time, target) != "higher":
        time = last_doubling([p for p in points if not p.timed_out]) or time
    return time


def _fail(
    formulation: Formulation,
    step: Step,
    what: str,
    asked: Cost,
    values_checked: bool,
    target: int | None = None,
) -> None:
    """Raise the growth failure: ``step`` of ``what`` ("time", "memory") grows faster than ``asked``
    (n^``target``)."""
    measured = step.words(what, above=target)
    message = messages.grows_faster(formulation.slug, measured, asked.order.value, values_checked)
    row, _ = dominant_class_row(step.high, seed=step.high)  # the failure is shown as of this length
    raise WrongAnswer(formulation.slug, row, message, kind="growth")


def _timed(grader: Grader, formulation: Formulation, n: int, answers: dict[int, object]) -> Point:
    """One call on the ladder row of ``n`` coins, timed, its answer kept in ``answers`` (only while every
    timing of the row finished); a call that runs out of time is a lower bound."""
    row, _ = dominant_class_row(n, seed=n)
    subject = grader.subject(formulation.slug, formulation.value_function, row)
    answers.pop(n, None)
    try:
        seconds = subject.run(1, grader.call_limit)
        if seconds < SHORTEST_TIMING:  # a short call is timed again in a batch: its fixed costs even out
            number = min(BATCH_CAP, math.ceil(SHORTEST_TIMING / max(seconds, 1e-6)))
            seconds = subject.run(number, grader.call_limit * number) / number
    except CallTimeout:
        return Point(n, grader.call_limit, timed_out=True)
    answers[n] = grader.timed_answer(formulation.slug, formulation.value_function, row)
    return Point(n, seconds)


def _never_finished(grader: Grader, formulation: Formulation, n: int) -> NoReturn:
    """Raise why the first ladder row, of ``n`` coins, has no timing: a plain call of it raises as it
    does; one that answers leaves the timed call's time-out as the failure."""
    row, _ = dominant_class_row(n, seed=n)
    function, needs = formulation.value_function, formulation.time
    grader.call(formulation.slug, function, row)
    call_text = show_call(function, row)
    message = call_messages.too_slow_message(
        formulation.slug, call_text, n, grader.call_limit, None, str(needs), needs.at_most_linear
    )
    raise WrongAnswer(formulation.slug, row, values_messages.when_timed(message), kind="too-slow")


def _check_value(grader: Grader, formulation: Formulation, n: int, timed_answer: object) -> None:
    """The value on the ladder row of ``n`` coins, called, and the answer its timed calls returned: an
    attempt may tell a timed call by its garbage collector being off. A line of moves is only called
    (replaying one costs the judge an n x n table)."""
    row, difference = dominant_class_row(n, seed=n)
    if formulation.returns.graded_move_by_move:
        grader.call(formulation.slug, formulation.value_function, row)
        return
    totals = totals_from_difference(row, difference)
    guarantee = max(parity_class_sums(row))
    grader.check_value(formulation.slug, row, totals, guarantee)
    grader.check_timed_answer(formulation.slug, row, totals, guarantee, timed_answer)


def _timed_again(grader: Grader, formulation: Formulation, points: list[Point], step: Step) -> list[Point]:
    """The two sizes of ``step`` and the one a doubling below them timed once more, in turn (a busy spell
    slows them alike), the faster call of each kept."""

    def deciding_size(n: int) -> bool:
        return n in (step.low, step.high) or 0.9 <= math.log2(step.low / n) <= 1.1

    fastest = {p.n: p for p in points if deciding_size(p.n) and not p.timed_out}
    for n, before in list(fastest.items()):
        timed = _timed(grader, formulation, n, {})
        if (timed.timed_out, timed.seconds) < (before.timed_out, before.seconds):
            fastest[n] = timed
    return [fastest.get(p.n, p) for p in points]


def _memory(grader: Grader, formulation: Formulation, sizes: tuple[int, ...]) -> Step | None:
    """The peak traced memory's growth over ``sizes``, in a fresh executor: memory an earlier call freed
    and the process kept would hide the growth of its resident memory, which checks the traced figure."""
    grader.fresh_executor(formulation.slug)
    points = []
    for n in sizes:
        row, _ = dominant_class_row(n, seed=n)
        peak = grader.traced_peak(formulation.slug, formulation.value_function, row, TRACE_SECONDS)
        points.append(Point(n, float(peak), timed_out=grader.last_trace_cut))  # cut off: at least this
        if grader.last_trace_cut:
            break
    return last_doubling(points, meaningful=1.0)
