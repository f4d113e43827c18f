"""One size of the growth check, timed: plain calls on fresh random rows, every value checked.

A timed call is a plain call (``Caller.time_rows``): the same request, the same process and the garbage
collector as the attempt left it, its CPU time read from outside over the executor's whole process tree.
Each call gets a row of its own, drawn at random as the check runs, so a cache keyed by the row gains
nothing: its coins span a thousand values from a lowest coin drawn for the row (``rows.fresh_row``),
and where the kata takes odd rows, half its rows, drawn at random, have one coin fewer than the size, so
rows of both parities and of every sign are checked at every size. Its value comes from the game model's O(n)
reduction (``coinrow.game.reduction``), and a wrong one fails as on any other call.
"""

from __future__ import annotations

import math
import random
import time
from typing import NoReturn

from coinrow.game.game import parity_class_sums, totals_from_difference
from coinrow.game.reduction import linear_difference
from coinrow.game.registry import Formulation
from coinrow.game.rows import fresh_row, random_row
from coinrow.game.shown import show_call
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.judge.verdict import Grader
from coinrow.grader.measure.orders import Point, Step, memory_growth
from coinrow.grader.measure.timing import ROUND_TRIPS, sized_batch, without_round_trip
from coinrow.grader.messages import calls as call_messages
from coinrow.grader.messages import values as values_messages
from coinrow.grader.messages.stops import with_printing_note

TRACE_SECONDS = 2.0  # a traced call (tracemalloc slows Python down) is cut off after this much CPU
UNIT_ROW = 2000  # coins of the row the machine's speed is measured on (``seconds_per_step``)


def timed_size(
    grader: Grader,
    formulation: Formulation,
    n: int,
    rng: random.Random,
    limit: float,
    round_trip: float = 0.0,
) -> Point:
    """CPU seconds per call of the value function on fresh random rows of ``n`` coins (or ``n - 1``, as
    the module says), batched by the rule the tools share (``timing.sized_batch``), ``round_trip``
    seconds taken out of each call (``timing.without_round_trip``).

    Raises:
        CallTimeout: a call past ``limit`` CPU seconds (its ``row`` the row of that call).
        WrongAnswer: a wrong value, or a call that raised.
        NotAttempted: the function is still the stub.
    """

    def run(number: int, limit: float) -> float:
        return _calls(grader, formulation, n, number, rng, limit)

    number, seconds, _, _ = sized_batch(run, limit)
    return Point(n, without_round_trip(seconds / number, round_trip))


def round_trip(grader: Grader, formulation: Formulation) -> float:
    """CPU seconds of the executor's round trip: the fastest of ``timing.ROUND_TRIPS`` pings, requests the
    attempt's code takes no part in (``Caller.round_trip``), so no attempt can make it read more than the
    executor's own work (one slow on tiny rows would, timed on them, and steepen every slope). Single
    pings: a timed call here takes milliseconds, and a ping's spread (tens of microseconds) moves it by
    a few hundredths at most."""
    return min(grader.round_trip(formulation.slug) for _ in range(ROUND_TRIPS))


def _calls(
    grader: Grader,
    formulation: Formulation,
    n: int,
    number: int,
    rng: random.Random,
    limit: float,
) -> float:
    """CPU seconds of ``number`` calls, each on a fresh row of ``n`` coins (``n - 1`` in about half of
    them where odd rows are taken), each answer judged."""
    odd = not formulation.returns.even_rows_only
    rows = [fresh_row(n - (odd and rng.random() < 0.5), rng) for _ in range(number)]
    slug, function = formulation.slug, formulation.value_function
    seconds, answers = grader.time_rows(slug, function, rows, limit)
    for row, answer in zip(rows, answers, strict=True):
        totals = totals_from_difference(row, linear_difference(row))
        if formulation.returns.graded_move_by_move:  # replayed: its moves' totals must be the optimum
            grader.check_timed_line(slug, row, totals, answer)
        else:
            grader.check_timed_answer(slug, row, totals, max(parity_class_sums(row)), answer)
    return seconds


def seconds_per_step(rng: random.Random) -> float:
    """This machine's speed, now: CPU seconds per coin the game model's own O(n) reduction takes here (the
    fastest of five calls on a row of ``UNIT_ROW`` coins), about what one cell of a plain interval table
    takes in Python."""
    row = random_row(UNIT_ROW, rng)
    fastest = math.inf
    for _ in range(5):
        started = time.thread_time()
        linear_difference(row)
        fastest = min(fastest, time.thread_time() - started)
    return fastest / UNIT_ROW


class MachineSpeed:
    """This machine's speed (``seconds_per_step``) as one check sees it: looked at after every size timed,
    the fastest look kept (work beside the judge slows it in spells, and a slower unit would make an
    answer look faster)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.fastest = math.inf

    def look(self) -> float:
        """Look again; the fastest CPU seconds per step seen so far."""
        self.fastest = min(self.fastest, seconds_per_step(self.rng))
        return self.fastest


def never_finished(grader: Grader, formulation: Formulation, row: list[int], printed: int = 0) -> NoReturn:
    """Raise why a size of ``len(row)`` coins has no timing: the call on ``row`` ran out of time (having
    printed ``printed`` bytes, said first when it is much), with the line that says how its time grows on
    the row's first coins (``Caller.growth_below``), measured now: ``grader`` is ended after the check."""
    n, function, needs = len(row), formulation.value_function, formulation.time
    call_text = show_call(function, row)
    message = call_messages.too_slow_message(
        formulation.slug, call_text, n, grader.call_limit, None, str(needs), needs.at_most_linear
    )
    message = with_printing_note(values_messages.when_timed(message), printed)
    below = grader.growth_below(formulation.slug, function, row)
    raise WrongAnswer(formulation.slug, row, message, kind="too-slow", explain=lambda: below)


def traced_growth(
    grader: Grader, formulation: Formulation, sizes: tuple[int, ...], rng: random.Random
) -> Step | None:
    """The peak traced memory's growth over ``sizes`` (``orders.memory_growth``), in a fresh executor:
    memory an earlier call freed and the process kept would hide the growth of its resident memory, which
    checks the traced figure. Each size is traced on a fresh row (``rows.fresh_row``), as a timed call's:
    no row of a shape an answer could know, and treat frugally there alone."""
    grader.fresh_executor(formulation.slug)
    points = []
    for n in sizes:
        row = fresh_row(n, rng)
        peak = grader.traced_peak(formulation.slug, formulation.value_function, row, TRACE_SECONDS)
        points.append(Point(n, float(peak), timed_out=grader.last_trace_cut))  # cut off: at least this
        if grader.last_trace_cut:
            break
    return memory_growth(points)
