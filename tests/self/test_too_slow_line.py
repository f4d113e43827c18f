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

from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.dev.growth_errors import LINE_ANSWERS, noise_models, simulate_line
from coinrow.game.cost import Order
from coinrow.grader.judge.too_slow import (
    FLOOR_ROUNDS,
    PREFIX_CALL_LIMIT,
    climb,
    growth_before,
    ladder,
    power_floor,
)
from coinrow.grader.measure.orders import Point

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


def test_a_call_cut_off_in_a_round_counts_at_its_limit_and_lowers_the_floor_only() -> None:
    """An n² answer whose top size is cut off in every round after the climb (a slow spell on it): the
    slopes through the limit are lower bounds, so the floor can only fall, never rise."""
    true = {62: 0.06, 124: 0.24, 250: 0.97}  # 0.97 s at 250 coins, under the 1 s limit in the climb alone
    climbed = [Point(n, s) for n, s in true.items()]

    def spelled(n: int) -> Point:
        return Point(n, PREFIX_CALL_LIMIT, timed_out=True) if n == 250 else Point(n, true[n])

    step = power_floor(climbed, spelled, random.Random(0))
    assert step is not None
    assert step.named_exponent <= 2


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
