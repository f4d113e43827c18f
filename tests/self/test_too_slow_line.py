"""The line under a too-slow failure (``coinrow.grader.judge.too_slow``): the growth it names is a floor read
in rounds, on made-up answers whose true growth is known.

Expected orders come from the model, not the code: with timings within ×e^(±2σ), σ at most 0.03, a pair of
sizes one doubling apart or more reads a slope within 0.12 / ln 2 = 0.17 of the true one, so every round of
an answer of c·n^j reads j ± 0.17, inside j's band (j - 1/2, j + 1/2): the floor named is j.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.dev.growth_errors import LINE_ANSWERS, noise_models, simulate_line
from coinrow.game.cost import Order
from coinrow.game.rows import speed_row
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.judge.too_slow import (
    FLOOR_ROUNDS,
    PREFIX_CALL_LIMIT,
    climb,
    growth_before,
    growth_line_under_a_time_out,
    ladder,
    power_floor,
)
from coinrow.grader.measure.orders import Point, Step

UNIT = 0.15e-6  # seconds per step of the game's O(n) reduction, as the model's machine
ROW = 1000


def timer(true: Callable[[int], float], sigma: float, rng: random.Random) -> Callable[[int], Point]:
    """``true(n)`` seconds times e^N(0, σ), clipped at ±2σ, cut off at the prefix call limit."""

    def time(n: int) -> Point:
        seconds = true(n) * math.exp(max(-2 * sigma, min(2 * sigma, rng.gauss(0, sigma))))
        limit = PREFIX_CALL_LIMIT
        return Point(n, limit, timed_out=True) if seconds > limit else Point(n, seconds)

    return time


@settings(max_examples=80, deadline=None)
@given(
    order=st.integers(min_value=1, max_value=3),
    seconds_at_row=st.floats(min_value=4.5, max_value=45.0),  # the call that ran out of time
    sigma=st.floats(min_value=0.0, max_value=0.03),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_the_floor_named_is_the_answers_order(
    order: int, seconds_at_row: float, sigma: float, seed: int
) -> None:
    rng = random.Random(seed)
    row = ROW if order > 1 else 1_000_000  # the O(n) kata's rows are long
    time = timer(lambda n: seconds_at_row * (n / row) ** order, sigma, rng)
    step = power_floor(climb(ladder(row), time), time, rng)
    assert step is not None
    assert step.named_exponent == order
    assert abs(math.log2(step.ratio) - order) <= 0.12 / math.log(2) + 1e-9  # the median slope, per doubling


def test_when_calls_on_fresh_rows_are_cut_off_no_order_is_named_and_the_climb_is_said_as_measured() -> None:
    """An answer fast on its row's first coins and slower than the limit on fresh random rows (a memo keyed
    by the coins, on a row of equal coins): no round past the climb finishes. A slope through a call cut
    off is no bound (a smaller size cut off raises it, all cut off read x1.0), so none is read; the line
    gives the climb's ratio, timed once, and names no order."""
    climbed = [Point(124, 0.0034), Point(250, 0.0152), Point(500, 0.0635)]  # x4.3 per doubling, hand-read

    def fresh(n: int) -> Point:
        return Point(n, PREFIX_CALL_LIMIT, timed_out=True)

    step = power_floor(climbed, fresh, random.Random(0))
    assert step is not None
    assert step.unread
    line = growth_line_under_a_time_out(step, Order.QUADRATIC)
    # the median of the three pairs' slopes is 124 -> 500's
    ratio = (0.0635 / 0.0034) ** (1 / math.log2(500 / 124))
    assert line.startswith("measured on this row's first coins, each length once: the time grew ")
    assert f"×{ratio:.1f} per doubling (n = 124 → 500)" in line
    assert "name an order" in line
    assert "hardly" not in line


def test_no_floor_above_the_next_order_up_is_named() -> None:
    """An n³ answer that takes another path past 300 coins reads x85 per doubling from 250 to 500: the
    ratio is said as measured, the order as at least n³ (the next one up from the task's), not n⁶."""
    step = Step("power", 84.9, 250, 500, floor=6)
    line = growth_line_under_a_time_out(step, Order.QUADRATIC)
    assert line.endswith("at least like n³ (×84.9 per doubling, n = 250 → 500); the task asks O(n²)")


def test_the_rounds_after_the_climb_run_on_fresh_rows_so_a_cache_keyed_by_the_row_never_hits() -> None:
    """An n² answer that answers a row it has seen before at once: had the rounds repeated the row's first
    coins, every round after the climb would read flat. The call on the whole row is the one that ran out."""
    row = [(7 * i) % 1000 for i in range(ROW)]
    seen: set[tuple[int, ...]] = set()
    timed_rows: list[list[int]] = []

    def time_row(coins: list[int], limit: float) -> float:
        timed_rows.append(coins)
        key = tuple(coins)
        cached = key in seen
        seen.add(key)
        return 1e-6 if cached else 10.0 * (len(coins) / ROW) ** 2

    line = growth_before(time_row, row, 4.0, Order.QUADRATIC)
    assert line is not None
    assert "grows at least like n² (×4.0 per doubling" in line[0]
    prefixes = [k for k, coins in enumerate(timed_rows) if coins == row[: len(coins)]]
    later = timed_rows[max(prefixes) + 1 :]  # past the untimed restart and the climb
    assert len(later) + len(prefixes) == len(timed_rows)  # no prefix is timed again
    assert len(later) >= 3 * (FLOOR_ROUNDS - 1)  # a window of three sizes, read in FLOOR_ROUNDS at least


def test_under_every_noise_model_no_floor_is_named_above_the_answers_order() -> None:
    """The simulator (``make growth-errors``) on 2,000 too-slow lines of each answer under each model."""
    for a, (order, steps) in enumerate(LINE_ANSWERS):
        for m, noise in enumerate(noise_models()):
            counts = simulate_line(order, steps, noise, 2_000, seed=11 + 100 * a + m)
            assert counts["above"] == 0, (order, noise.name)
            assert counts["as"] + counts["below"] + counts["none"] == 2_000


def test_a_shaped_row_is_measured_on_shorter_rows_of_its_shape() -> None:
    """An answer linear on most rows and quadratic on a row that rises then falls (a stack copied on each
    merge, say): the first coins of such a row only rise, so timed on them its growth reads n. Timed on
    shorter rows of the row's shape it reads n², ×4 per doubling as its model says."""
    row, _ = speed_row(1_000_000, "rises then falls", seed=1)

    def time_row(coins: list[int], limit: float) -> float:
        steps = np.sign(np.diff(coins))  # a mountain: +1 up to its peak, then -1
        mountain = len(coins) > 2 and bool((steps == np.sort(steps)[::-1]).all()) and steps[0] > 0 > steps[-1]
        seconds = 1e-10 * len(coins) ** 2 if mountain else 1e-7 * len(coins)
        if seconds > limit:
            raise CallTimeout()
        return seconds

    def shorter(k: int, rng: random.Random) -> list[int]:
        return speed_row(k, "rises then falls", seed=rng.getrandbits(32))[0]

    first_coins = growth_before(time_row, row, 4.0, Order.LINEAR)
    shaped = growth_before(time_row, row, 4.0, Order.LINEAR, ("rises then falls", shorter))
    assert first_coins is not None
    assert shaped is not None
    assert first_coins[0].startswith("measured on this row's first coins and on fresh rows as long: ")
    assert "at least like n (×2.0 per doubling" in first_coins[0]
    assert shaped[0].startswith("measured on shorter rows shaped as this one (rises then falls), each drawn")
    assert "at least like n² (×4.0 per doubling" in shaped[0]
    assert shaped[0].endswith("the task asks O(n)")
