"""How the time of a call that ran out of time grows on the first coins of its row: the line under the
too-slow message, measured on the spot (the row's first 8, 16, 32... coins, each timed once)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from coinrow.game.cost import Order
from coinrow.grader.executor.process import STARTUP_CPU
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.measure.orders import TARGET_EXPONENT, Point, climb, ladder, under_a_time_out
from coinrow.grader.messages import growth as messages

PREFIX_CALL_LIMIT = 1.0  # CPU seconds a call on the first coins of a too-slow row may take


def growth_before(
    time_prefix: Callable[[int, float], float], n: int, call_limit: float, asked: Order
) -> tuple[str, None] | None:
    """The line under a too-slow message for a row of ``n`` coins, with ``time_prefix(k, limit)`` the CPU
    seconds of one call on the row's first ``k`` coins (raising ``CallTimeout`` past ``limit``); None when
    a shorter row failed otherwise (the attempt raised, or is not attempted there)."""
    limit = min(call_limit, PREFIX_CALL_LIMIT)

    def seconds_at(k: int) -> Point:
        try:
            return Point(k, time_prefix(k, limit))
        except CallTimeout:
            return Point(k, limit, timed_out=True)

    try:
        time_prefix(2, call_limit + STARTUP_CPU)  # the executor ended with the call: started again, untimed
        points = climb(ladder(n), seconds_at)
    except (WrongAnswer, NotAttempted, CallTimeout):
        return None
    return growth_line_under_a_time_out(points, asked), None


def growth_line_under_a_time_out(points: Sequence[Point], asked: Order) -> str:
    """The line under a too-slow message: how the time grew on the first coins of the row that ran out of
    time (``points``, from ``climb``), and whether that is above the task's order ``asked``."""
    step = under_a_time_out(points)
    if step is None:
        return messages.not_measured()
    above = step.kind == "power" and step.named_exponent > TARGET_EXPONENT.get(asked, step.named_exponent)
    return messages.measured_under_a_time_out(  # on first coins a higher order shows least: a floor
        step.words(floor=True), step.kind == "exponential", asked.value if above else None
    )
