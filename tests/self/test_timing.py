"""The one timing rule of make bench and compare's growth table, on functions whose behaviour is known."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.measure.timing import InProcess, seeded_row, time_calls


def test_the_seeded_row_is_the_same_every_time_and_in_range() -> None:
    assert seeded_row(50) == seeded_row(50)
    assert seeded_row(51)[:50] != seeded_row(50)  # a row of its own for each n
    assert all(1 <= coin <= 1000 for coin in seeded_row(200))


def test_short_calls_are_timed_in_batches_and_repeated() -> None:
    timing = time_calls(InProcess(len, seeded_row(10)), limit=1.0, repeats=3)
    assert timing.number > 1  # len() takes far less than the 2 ms a batch must last
    assert str(timing.number)[0] in "125"  # the batches go 1, 2, 5, 10, 20, 50, ...
    assert set(str(timing.number)[1:]) <= {"0"}
    assert timing.repeats == 3
    assert 0 < timing.median <= timing.longest


def test_a_call_that_never_ends_is_stopped_at_its_cpu_limit() -> None:
    def spins(row: Sequence[int]) -> None:
        while True:
            pass

    with pytest.raises(CallTimeout):
        time_calls(InProcess(spins, [1, 2]), limit=0.2, repeats=1)


def test_the_traced_peak_counts_what_the_call_allocates() -> None:
    million = 10**6
    assert InProcess(lambda row: [0] * million, [1]).peak(5.0) >= 8 * million  # 8 bytes a slot
