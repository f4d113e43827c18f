"""The memory growth read from traced peaks (``coinrow.grader.measure.orders.memory_growth``): a constant held
by every call cannot hide a table's growth, nor be stated as an order it does not show."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from coinrow.game.registry import FORMULATIONS, IMPLS, REPO_ROOT, Formulation, source_file
from coinrow.grader.growth.check import MEMORY_LADDERS, growth_checked
from coinrow.grader.measure.orders import (
    HELD,
    HELD_GROWTH,
    MEMORY_MARGINS,
    TARGET_EXPONENT,
    Point,
    judged,
    memory_growth,
)

MiB = 2**20


def test_a_table_above_a_constant_reads_as_its_own_order() -> None:
    # Hand calculation: 3 MiB held by every call, and an n² table of 24 bytes a cell: 60,000, 240,000 and
    # 960,000 bytes at 50, 100 and 200 coins. Peaks 3.06, 3.24 and 3.96 MB: the peaks' ratio over the last
    # doubling is ×1.22, but the growths are 180,000 then 720,000 bytes: ×4.0 per doubling, n².
    peaks = [Point(n, 3 * MiB + 24 * n * n) for n in (50, 100, 200)]
    step = memory_growth(peaks)
    assert step is not None
    assert step.ratio == pytest.approx(4.0)
    assert (step.held, step.held_at, step.unread) == (3 * MiB + 60_000, 50, False)  # the peak at n = 50
    assert judged(step, 1) == "higher"  # an O(n) task fails it
    assert judged(step, 2) == "matches"
    assert step.words("memory").startswith("the memory above the 3.1 MiB held at n = 50 grows like n² (×4.0")


def test_a_growth_too_small_beside_a_constant_is_not_read() -> None:
    # Hand calculation: 3 MiB held and 40 bytes a coin: the first doubling grows by 2,000 bytes, under
    # HELD_GROWTH: whether that is n or n² cannot be read beside 3 MiB; neither matches nor fails.
    step = memory_growth([Point(n, 3 * MiB + 40 * n) for n in (50, 100, 200)])
    assert step is not None
    assert step.unread
    assert judged(step, 1) == "unclear"
    assert judged(step, 0) == "unclear"


def test_without_a_large_constant_the_three_peaks_slope_is_read() -> None:
    # Hand calculation: 24 bytes a cell: 60,000, 240,000 and 960,000 bytes: every pair's slope 2, x4.0.
    step = memory_growth([Point(n, 24 * n * n) for n in (50, 100, 200)])
    assert step is not None
    assert step.ratio == pytest.approx(4.0)
    assert (step.low, step.high, step.held) == (50, 200, 0)


@pytest.mark.parametrize(
    ("peaks", "order"),
    [
        # a rolling row beside two sets of n + 110 indices: the sets' tables grow x4 between 100 and 200
        ((23_536, 25_552, 81_264), 1),
        # a dict memo of every interval seeded with 2,000 keys: its table doubles twice between 100 and 200
        ((461_888, 813_120, 3_825_200), 2),
    ],
    ids=["set-resized-once", "seeded-dict-memo"],
)
def test_a_hash_tables_resize_between_two_sizes_does_not_fail_a_right_answer(
    peaks: tuple[int, int, int], order: int
) -> None:
    """Traced peaks of two right attempts (the first O(n) memory, the second O(n²)): the last doubling
    reads x3.2 and the growth above the smallest peak x8.6, each past its order's line; of the three pairs'
    slopes (0.12, 1.67, 0.89 and 0.82, 2.23, 1.52) the median lies within it."""
    step = memory_growth([Point(n, float(p)) for n, p in zip((50, 100, 200), peaks, strict=True)])
    assert step is not None
    assert judged(step, order, MEMORY_MARGINS) == "matches"


def _checked() -> list[Formulation]:
    return [f for f in FORMULATIONS if growth_checked(f) and TARGET_EXPONENT.get(f.space.order) is not None]


# The ladder's peaks traced in a fresh interpreter, smallest size first, as the grader's growth check traces
# them (in an executor started for it): a process that recursed deeply before traces less for a recursive
# memo's first call, so a reading in this one would depend on which tests ran before it.
FRESH_PEAKS = """
import importlib.util, json, sys, tracemalloc
import random
from coinrow.game.rows import fresh_row
path, function, ladder = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
spec = importlib.util.spec_from_file_location("reference", path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
peaks = []
for n in ladder:
    row = fresh_row(n, random.Random(n))
    tracemalloc.start()
    getattr(module, function)(row)
    peaks.append(tracemalloc.get_traced_memory()[1])
    tracemalloc.stop()
print(json.dumps(peaks))
"""


@pytest.mark.parametrize("formulation", _checked(), ids=lambda f: f.slug)
def test_the_references_hold_far_less_than_the_constant_that_is_read_around(formulation: Formulation) -> None:
    """Each reference's traced peaks on the memory ladder, traced in a fresh interpreter: at its smallest
    size under a quarter of ``HELD``; its first growth under a quarter of ``HELD_GROWTH`` for O(n) memory
    (read by the last doubling), at least ``HELD_GROWTH`` for n² (read above the smallest peak): its order."""
    path = source_file(IMPLS["solutions"], formulation.slug)
    ladder = MEMORY_LADDERS[TARGET_EXPONENT[formulation.time.order]]
    done = subprocess.run(
        [sys.executable, "-c", FRESH_PEAKS, str(path), formulation.value_function, json.dumps(ladder)],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO_ROOT,
    )
    peaks = json.loads(done.stdout)
    assert peaks[0] < HELD / 4, peaks
    space = TARGET_EXPONENT[formulation.space.order]
    if space <= 1:
        assert peaks[1] - peaks[0] < HELD_GROWTH / 4, peaks
    else:
        assert peaks[1] - peaks[0] >= HELD_GROWTH, peaks
    step = memory_growth([Point(n, float(p)) for n, p in zip(ladder, peaks, strict=True)])
    assert step is not None
    assert judged(step, space, MEMORY_MARGINS) == "matches"
