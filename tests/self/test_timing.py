"""The one timing rule of make bench, compare's growth table and the growth check, on functions whose
behaviour is known."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from coinrow.game.registry import REPO_ROOT, by_slug
from coinrow.game.rows import FreshRows, seeded_row
from coinrow.grader.executor.time_limit import CallTimeout
from coinrow.grader.growth.sampled import timed_size
from coinrow.grader.measure import timing
from coinrow.grader.measure.fit import theil_sen
from coinrow.grader.measure.timing import MOST_CALLS, ROUND_TRIPS, calls_per_batch
from coinrow.tools.timing import InProcess, fitted_per_coin, time_calls


@dataclass
class MadeUpExecutor:
    """A made-up subject: each call costs a fixed ``trip`` (the executor's request and reply) plus
    ``per_coin`` seconds for each of ``n`` coins; ``first`` is what its very first call costs when given
    (a cold start), and its runs numbered in ``slowed`` (from 1) take three times as long (other work
    beside them). Its round trip, a ping, costs ``trip`` (``says`` instead, when given: a noisy reading;
    the ping batches numbered in ``trip_slowed`` three times as long). Every run is logged in ``log`` as
    (coins, calls), every batch of pings as (0, pings)."""

    n: int
    trip: float = 0.001
    per_coin: float = 0.001 / 128
    first: float | None = None
    says: float | None = None
    slowed: frozenset[int] = frozenset()
    trip_slowed: frozenset[int] = frozenset()
    log: list[tuple[int, int]] = field(default_factory=list)
    runs: int = 0
    pings: int = 0

    def run(self, number: int, limit: float) -> float:
        self.runs += 1
        self.log.append((self.n, number))
        if self.first is not None and self.runs == 1:
            return self.first
        seconds = number * (self.trip + self.per_coin * self.n)
        return 3 * seconds if self.runs in self.slowed else seconds

    def round_trip(self, number: int) -> float:
        self.pings += 1
        self.log.append((0, number))
        trip = number * (self.trip if self.says is None else self.says)
        return 3 * trip if self.pings in self.trip_slowed else trip

    def peak(self, limit: float) -> int:
        return 0

    @property
    def batches(self) -> list[int]:
        """The calls of each run asked of this subject itself, in order."""
        return [calls for coins, calls in self.log if coins == self.n]


def test_the_seeded_row_is_the_same_every_time_and_in_range() -> None:
    assert seeded_row(50) == seeded_row(50)
    assert seeded_row(51)[:50] != seeded_row(50)  # a row of its own for each n
    assert all(1 <= coin <= 1000 for coin in seeded_row(200))


def test_every_call_is_timed_on_a_row_of_its_own() -> None:
    seen: list[tuple[int, ...]] = []
    time_calls(InProcess(lambda row: seen.append(tuple(row)), FreshRows(64)), limit=1.0, repeats=3)
    assert len(seen) > 3
    assert len(set(seen)) == len(seen)  # a cache keyed by the row never hits
    assert {len(row) for row in seen} == {64}
    assert tuple(seeded_row(64)) not in seen  # drawn as the timing runs: no code knows them ahead


def test_a_batch_holds_what_fills_ten_milliseconds_at_most_a_hundred_calls() -> None:
    assert calls_per_batch(0.01) == 1  # long enough alone
    assert calls_per_batch(0.0025) == 4  # 4 x 2.5 ms = 10 ms
    assert calls_per_batch(0.003) == 4  # ceil(10 / 3)
    assert calls_per_batch(0.00001) == MOST_CALLS == 100  # 1000 would fill it: capped
    assert calls_per_batch(0.0) == MOST_CALLS  # a clock too coarse to see the call


def test_short_calls_are_timed_in_batches_and_repeated() -> None:
    timing = time_calls(InProcess(len, FreshRows(10)), limit=1.0, repeats=3)
    assert timing.number == MOST_CALLS  # a hundred calls of len() take far less than 10 ms
    assert timing.repeats == 3
    assert timing.round_trip == 0.0  # in this process: nothing taken out
    assert 0 < timing.fastest <= timing.longest


def test_a_batch_too_short_is_made_again_larger() -> None:
    # Hand calculation: the first call took 5 ms (a cold start): 2 calls were asked for, which took
    # 2 x 2 ms = 4 ms; 2 ms a call then asks for 5, which take 10 ms: that batch is repeated.
    subject = MadeUpExecutor(128, first=0.005)
    timing = time_calls(subject, limit=1.0, repeats=2)
    assert subject.batches == [1, 2, 5, 5]
    assert timing.number == 5
    assert timing.longest == pytest.approx(0.005)  # the first call is the longest seen


@dataclass
class MadeUpGrader:
    """A made-up grader for the growth check's timing: each call on a row takes ``per_call`` seconds, the
    first ``first`` (a cold start); every batch asked for is logged in ``batches``; answers are not checked
    here (``check_timed_answer`` accepts any)."""

    per_call: float
    first: float
    batches: list[int] = field(default_factory=list)

    def time_rows(
        self, slug: str, function: str, rows: list[list[int]], limit: float
    ) -> tuple[float, list[object]]:
        self.batches.append(len(rows))
        seconds = self.per_call * len(rows) + (self.first - self.per_call if len(self.batches) == 1 else 0)
        return seconds, [None] * len(rows)

    def check_timed_answer(self, *args: object) -> None:
        pass


def test_the_growth_check_batches_its_calls_by_the_same_rule() -> None:
    # Hand calculation, as above: a cold first call of 5 ms asks for 2 calls, which take 2 x 2 ms = 4 ms;
    # 2 ms a call then asks for 5, which take 10 ms: 2 ms a call, less a round trip of 0.5 ms.
    grader = MadeUpGrader(per_call=0.002, first=0.005)
    point = timed_size(grader, by_slug("difference_dp"), 128, random.Random(0), 1.0, round_trip=0.0005)  # type: ignore[arg-type]
    assert grader.batches == [1, 2, 5]
    assert point.seconds == pytest.approx(0.0015)


def test_the_round_trip_is_taken_out_of_each_call() -> None:
    # Hand calculation: 1 ms of round trip plus 1/128 ms a coin: 2 ms a call at n = 128, 1 ms of it the
    # code's own.
    timing = time_calls(MadeUpExecutor(128), limit=1.0, repeats=3)
    assert timing.round_trip == pytest.approx(0.001)
    assert timing.fastest == pytest.approx(0.001)
    assert timing.longest == pytest.approx(0.002)  # as measured, round trip included


def test_without_the_round_trip_linear_work_grows_like_n() -> None:
    sizes = (128, 256, 512)
    raw = {n: MadeUpExecutor(n).run(1, 1.0) for n in sizes}  # 2, 3 and 5 ms
    net = {n: time_calls(MadeUpExecutor(n), limit=1.0, repeats=1).fastest for n in sizes}  # 1, 2 and 4 ms
    # Hand calculation, before: the slopes are log2(3/2) = 0.585, log2(5/3) = 0.737 and
    # log(5/2) / log(4) = 0.661 for 128 -> 512, the median of the three.
    assert theil_sen(raw) == pytest.approx(math.log(2.5) / math.log(4))
    assert theil_sen(raw) == pytest.approx(0.661, abs=0.001)
    # After: 1, 2 and 4 ms double with n, every slope 1.
    assert theil_sen(net) == pytest.approx(1.0)


def test_the_fastest_repeat_is_kept_other_work_only_slows_calls() -> None:
    # Hand calculation: 2 ms a call in batches of 5; the second repeat (the third run) ran beside other
    # work, three times slower (6 ms a call): the fastest, 2 ms, less the 1 ms round trip is kept.
    timing = time_calls(MadeUpExecutor(128, slowed=frozenset({3})), limit=1.0, repeats=3)
    assert timing.fastest == pytest.approx(0.001)
    assert timing.longest == pytest.approx(0.006)


def test_a_round_trip_larger_than_the_call_leaves_a_hundredth_of_it() -> None:
    # Hand calculation: a call of 2 ms less a round trip read as 3 ms would be -1 ms: 1% of 2 ms is kept.
    timing = time_calls(MadeUpExecutor(128, says=0.003), limit=1.0, repeats=1)
    assert timing.fastest == pytest.approx(0.00002)


def test_a_batch_of_as_many_pings_follows_each_timed_batch() -> None:
    # Hand calculation: 2 ms a call at 128 coins is sized as one call, then a batch of 5 (10 ms); a batch
    # of 5 pings follows it and each of the two more repeats, and two more make the 5 batches of pings.
    subject = MadeUpExecutor(128)
    time_calls(subject, limit=1.0, repeats=3)
    assert subject.log == [(128, 1), (128, 5), (0, 5), (128, 5), (0, 5), (128, 5), (0, 5), (0, 5), (0, 5)]
    assert subject.log.count((0, 5)) == ROUND_TRIPS == 5


def test_the_round_trip_is_its_fastest_batch_of_pings() -> None:
    # Hand calculation: ping batches 2 and 4 were slowed threefold, to 3 ms a ping; the others took 1 ms: 1 ms
    # is taken out of the 2 ms call.
    subject = MadeUpExecutor(128, trip_slowed=frozenset({2, 4}))
    timing = time_calls(subject, limit=1.0, repeats=3)
    assert timing.round_trip == pytest.approx(0.001)
    assert timing.fastest == pytest.approx(0.001)


def test_growth_is_the_median_of_pairwise_slopes() -> None:
    # Hand calculation: n^2 at 100, 200, 400 and 800, with 1600 slowed eightfold: six of the ten
    # pairwise slopes are 2, the other four above it, so the median is 2.
    seconds = {100: 1.0, 200: 4.0, 400: 16.0, 800: 64.0, 1600: 2048.0}
    assert theil_sen(seconds) == pytest.approx(2.0)
    assert theil_sen({100: 1.0}) is None
    # x2 per coin at 10..16, 18 slowed: the median of the per-coin slopes of log(seconds) is log 2
    assert fitted_per_coin({10: 1.0, 12: 4.0, 14: 16.0, 16: 64.0, 18: 5000.0}) == pytest.approx(2.0)


def test_a_call_that_never_ends_is_stopped_at_its_cpu_limit() -> None:
    def spins(row: Sequence[int]) -> None:
        while True:
            pass

    with pytest.raises(CallTimeout):
        time_calls(InProcess(spins, FreshRows(2)), limit=0.2, repeats=1)


def test_the_traced_peak_counts_what_the_call_allocates() -> None:
    million = 10**6
    assert InProcess(lambda row: [0] * million, FreshRows(1)).peak(5.0) >= 8 * million  # 8 bytes a slot


def test_the_trust_documents_figures_are_the_timing_rules() -> None:
    text = (REPO_ROOT / "docs" / "grader-trust.md").read_text(encoding="utf-8")
    for said in (
        f"`SHORTEST_BATCH` ({timing.SHORTEST_BATCH * 1000:g} ms)",
        f"`MOST_CALLS` ({timing.MOST_CALLS})",
        f"`ROUND_TRIPS`, {timing.ROUND_TRIPS},",
        f"`FLOOR_SHARE` ({timing.FLOOR_SHARE:.0%})",
    ):
        assert said in " ".join(text.split()), said


@pytest.mark.parametrize("page", ["benchmark.md", "compare-and-trace.md"])
def test_the_tools_pages_give_the_round_trip_rule(page: str) -> None:
    text = " ".join((REPO_ROOT / "docs" / page).read_text(encoding="utf-8").split())
    assert f"the fastest of {timing.ROUND_TRIPS} requests the attempt's code takes no part in" in text
