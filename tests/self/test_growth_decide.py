"""The growth decision (``coinrow.grader.growth.decide``) on made-up answers: hypothesis draws the noise, the
answer's constant and the sizes' scale; the decision runs as in the grader, its timer replaced by a model.

Expected outcomes come from the model, not the code: with timings within ×e^(±2σ) and σ at most 0.03, a
pair of sizes one doubling apart reads a slope within 0.12 / ln 2 = 0.17 of the true one, so an answer of
c·n^k reads at most k + 0.17 in every round (below the plain line k + 0.25 and the line k + 0.5), and
one of c·n^(k+1) at least k + 0.83.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from coinrow.dev.growth_errors import ANSWERS, noise_models, simulate
from coinrow.grader.growth.decide import FailedBeyond, Outcome, Reading, Timer, decide
from coinrow.grader.growth.policy import POLICY
from coinrow.grader.measure.orders import Point

UNIT = 0.15e-6  # seconds per step of the game's O(n) reduction, as the model's machine
LIMIT = 4.0

scales = st.floats(min_value=POLICY.scale[0], max_value=POLICY.scale[1])
seeds = st.integers(min_value=0, max_value=2**32)
sigmas = st.floats(min_value=0.0, max_value=0.03)


def timer(
    true: Callable[[int], float], sigma: float, rng: random.Random, calls: list[int] | None = None
) -> Timer:
    """A model's timer: ``true(n)`` seconds times e^N(0, σ), clipped at ±2σ, cut off at the limit."""

    def time(n: int, limit: float) -> Point:
        if calls is not None:
            calls.append(n)
        seconds = true(n) * math.exp(max(-2 * sigma, min(2 * sigma, rng.gauss(0, sigma))))
        return Point(n, limit, timed_out=True) if seconds > limit else Point(n, seconds)

    return time


def exact(true: Callable[[int], float], target: int, seed: int, calls: list[int] | None = None) -> Reading:
    """The decision on ``true(n)`` seconds, without noise, at the window's full scale."""
    rng = random.Random(seed)
    return decide(timer(true, 0.0, rng, calls), target, 1.0, LIMIT, lambda: UNIT, POLICY, rng)


def run(true: Callable[[int], float], sigma: float, scale: float, seed: int, **changes: object) -> object:
    rng = random.Random(seed)
    policy = dataclasses.replace(POLICY, **changes)  # type: ignore[arg-type]
    return decide(timer(true, sigma, rng), 2, scale, LIMIT, lambda: UNIT, policy, rng)


@settings(max_examples=60, deadline=None)
@given(steps=st.floats(min_value=0.3, max_value=3.0), sigma=sigmas, scale=scales, seed=seeds)
def test_a_right_answer_states_the_tasks_order(steps: float, sigma: float, scale: float, seed: int) -> None:
    reading = run(lambda n: steps * UNIT * n**2, sigma, scale, seed)
    assert reading.outcome is Outcome.TASK  # type: ignore[attr-defined]
    assert reading.rounds == POLICY.plain_rounds  # type: ignore[attr-defined]  # plainly settled: no more


@settings(max_examples=60, deadline=None)
@given(steps=st.floats(min_value=0.002, max_value=0.02), sigma=sigmas, scale=scales, seed=seeds)
def test_an_answer_of_the_next_order_up_fails(steps: float, sigma: float, scale: float, seed: int) -> None:
    reading = run(lambda n: steps * UNIT * n**3, sigma, scale, seed)
    assert reading.outcome is Outcome.HIGHER  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(steps=st.floats(min_value=0.3, max_value=3.0), sigma=sigmas, scale=scales, seed=seeds)
def test_an_answer_of_a_lower_order_says_so(steps: float, sigma: float, scale: float, seed: int) -> None:
    """An O(n) answer to an O(n²) task: its slope is within 0.1 of 1, below 2 - 0.5."""
    reading = run(lambda n: steps * UNIT * n * 1000, sigma, scale, seed)
    assert reading.outcome is Outcome.LOWER  # type: ignore[attr-defined]


@pytest.mark.parametrize("answer_steps", [1.0, 6.0])
def test_a_call_cut_off_fewer_than_cut_tries_times_in_a_row_counts_nothing(answer_steps: float) -> None:
    """The first ``cut_tries - 1`` calls on the top size are cut off (a slow spell), the rest are not: each is
    made again at once, the last finishes, and the window stays at the task's sizes, fast or slow."""
    rng, calls, cut = random.Random(1), list[int](), [True] * (POLICY.cut_tries - 1)
    window = POLICY.window(2, 1.0)

    def true(n: int) -> float:
        if n == window[-1] and cut:
            cut.pop()
            return 2 * LIMIT
        return answer_steps * UNIT * n**2

    reading = decide(timer(true, 0.0, rng, calls), 2, 1.0, LIMIT, lambda: UNIT, POLICY, rng)
    assert reading.outcome is Outcome.TASK
    assert (reading.low, reading.high) in ((window[0], window[-1]), (window[-1], 2 * window[-1]))
    first = calls.index(window[-1])
    assert calls[first : first + POLICY.cut_tries] == [window[-1]] * POLICY.cut_tries  # made again at once


def test_an_answer_cut_off_at_the_tasks_sizes_is_too_slow_whatever_it_reads_below() -> None:
    """Every call from 150 coins on runs out, and below that the answer is a plain n² table: the window
    moves down to where calls finish and reads n² there, but a call within the task's sizes never
    finished, ``cut_tries`` times in a row: too slow, the reading cut off first."""
    calls = list[int]()
    window = POLICY.window(2, 1.0)
    reading = exact(lambda n: 2 * LIMIT if n >= 150 else UNIT * n**2, 2, 3, calls)
    assert reading.outcome is Outcome.CUT_OFF
    assert reading.high == calls[0]  # the first size of the shuffled first round, cut off
    assert calls[: POLICY.cut_tries] == [reading.high] * POLICY.cut_tries
    assert reading.high in window
    assert min(calls) < 150  # it did move down, to name the growth if it were higher


def test_an_o_n_task_padded_below_and_endless_at_its_sizes_is_too_slow() -> None:
    """For an O(n) task: an answer that never finishes past 6,000 coins and is padded below, at 3.5e-4 s a
    coin (2,300 steps per coin: slow, whose order the windows below could not decide), is too slow."""
    reading = exact(lambda n: 2 * LIMIT if n > 6000 else 3.5e-4 * n, 1, 5)
    assert reading.outcome is Outcome.CUT_OFF
    assert reading.high in POLICY.window(1, 1.0)


@pytest.mark.parametrize("seed", range(6))
def test_a_call_cut_off_moves_the_window_down_until_it_fits(seed: int) -> None:
    """Calls on 992 coins always run out: the window's top moves to 496 if that size finished before 992 was
    cut off in the shuffled round, to 248 (a quarter of 992) if not, and n³ is read there."""
    calls = list[int]()
    reading = exact(lambda n: LIMIT * 2 if n >= 992 else 0.002 * UNIT * n**3, 2, seed, calls)
    first_round = calls[: calls.index(992)]
    assert (reading.outcome, reading.high) == (Outcome.HIGHER, 496 if 496 in first_round else 248)


@pytest.mark.parametrize("seed", range(6))
def test_an_answer_of_the_next_order_up_on_an_o_n_task_is_failed_within_the_budget(seed: int) -> None:
    """An O(n²) table (0.1 µs a cell) for an O(n) task: a call finishes within the 4 s limit up to 6,324
    coins. Cut off at 128,000 coins, the window moves down at least two doublings each time (to 32,000, to
    8,000, to 2,000 at most: three cut-offs of one call limit each, 12 s of the 40 s budget) or to a size
    that finished, and reads n² there."""
    rng = random.Random(seed)
    reading = decide(timer(lambda n: 1e-7 * n**2, 0.0, rng), 1, 1.0, LIMIT, lambda: UNIT, POLICY, rng)
    assert reading.outcome is Outcome.HIGHER
    assert 2000 <= reading.high <= 6324
    assert reading.spent <= POLICY.budget * LIMIT


def test_a_call_cut_off_on_every_window_is_too_slow() -> None:
    rng = random.Random(1)
    reading = decide(timer(lambda n: 2 * LIMIT, 0.0, rng), 2, 1.0, LIMIT, lambda: UNIT, POLICY, rng)
    assert reading.outcome is Outcome.CUT_OFF


@pytest.mark.parametrize(
    ("budget", "outcome", "beyond"), [(10.0, Outcome.HIGHER, True), (1.0, Outcome.NOT_DECIDED, False)]
)
def test_a_slow_answer_is_read_one_doubling_beyond_within_the_budget(
    budget: float, outcome: Outcome, beyond: bool
) -> None:
    """n³ padded to c·n²·992 up to 992 coins reads exactly n² within the task's sizes, at 4.5 steps per n²
    at the top (0.66 s): slow, so read on 992 -> 1984, where it grows ×8. The five rounds there are reckoned
    at 5 × 0.66 × (1 + 8) = 30 s before they start: within a budget of 10 call limits (40 s, 3.5 s of it
    spent within the task's sizes), not within one (4 s): its order is then not decided."""
    rng = random.Random(1)
    reading = decide(
        timer(lambda n: 4.5 * UNIT * n**2 * max(n, 992) / 992, 0.0, rng),
        2,
        1.0,
        LIMIT,
        lambda: UNIT,
        dataclasses.replace(POLICY, budget=budget),
        rng,
    )
    assert (reading.outcome, reading.beyond) == (outcome, beyond)


def test_the_rounds_stop_at_the_budget() -> None:
    """An answer whose slope sits on the line (n^2.5, 3.1 s at 992 coins) never settles: rounds go on until
    the next would pass the budget of 10 call limits, or ``max_rounds``."""
    rng = random.Random(3)
    reading = decide(timer(lambda n: 1e-7 * n**2.5, 0.05, rng), 2, 1.0, LIMIT, lambda: UNIT, POLICY, rng)
    assert reading.outcome is Outcome.NOT_DECIDED
    assert reading.spent <= POLICY.budget * LIMIT


def test_the_simulator_counts_every_check_once() -> None:
    counts = simulate(ANSWERS[0], noise_models()[0], 50, POLICY, 1)
    assert sum(counts[o.name] for o in Outcome) == 50


def test_a_call_that_fails_beyond_the_tasks_sizes_leaves_the_reading_within_them() -> None:
    """A slow right answer (8 steps per n²) whose calls on twice the top size fail (a memory cap, say): its
    order stays as read within the task's sizes, n², never a failure."""
    rng = random.Random(1)
    right = timer(lambda n: 8 * UNIT * n**2, 0.0, rng)

    def time(n: int, limit: float) -> Point:
        if n > 992:
            raise FailedBeyond(n)
        return right(n, limit)

    reading = decide(time, 2, 1.0, LIMIT, lambda: UNIT, POLICY, rng)
    assert (reading.outcome, reading.high, reading.beyond) == (Outcome.TASK, 992, False)
