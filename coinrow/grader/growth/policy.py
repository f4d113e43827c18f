"""Every tuning constant of the growth check, in one typed object that tests and the simulator build.

Each field says what it bounds and how its value was chosen. "Simulated" means chosen with the noise
models of ``coinrow/dev/growth_errors.py`` (``make growth-errors`` prints the error rates they give, and
``docs/grader-trust.md`` shows that table); the rest follow from the task or the executor.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GrowthPolicy:
    """How the growth check times an answer and when it stops (``coinrow.grader.growth.decide``)."""

    #: the time ladder's nominal sizes by the task's exponent k; the decision reads the top three (two
    #: doublings), where a higher order's share is largest. Set by the task's sizes (n² katas are graded on
    #: rows up to about 1000 coins).
    ladders: dict[int, tuple[int, ...]] = field(
        default_factory=lambda: {2: (248, 496, 992), 1: (32_000, 64_000, 128_000)}
    )
    #: the ladder is scaled by a factor drawn from this range, so no answer knows its sizes ahead; every
    #: size is even (some katas take even rows only).
    scale: tuple[float, float] = (0.72, 1.0)
    #: the line between the task's order n^k and a higher one, as an exponent above k: an interval wholly
    #: below it states the task's order, wholly above it fails. Simulated: a right table that leaves the
    #: caches reads up to k + 0.45 over two doublings, a cubic answer k + 1.
    line: float = 0.5
    #: the line one doubling beyond the task's sizes, where a round's slope rests on that doubling alone: a
    #: right table that leaves the caches grows up to 2^(k + 0.25) there, n³ padded to look like n² within
    #: the task's sizes 2^(k + 1). Simulated.
    beyond_line: float = 0.65
    #: an interval wholly below k minus this states a lower order than the task's (a right O(n) answer to
    #: an O(n²) task reads about k - 1). Halfway between two whole exponents.
    lower_by: float = 0.5
    #: the coverage asked of the interval for the median of the rounds' slopes (``measure.fit``); with
    #: fewer rounds than it needs, the interval is the extremes. Simulated.
    confidence: float = 0.8
    #: rounds before any decision (each times every size once, in a shuffled order). Simulated: the least
    #: number that keeps a right answer's failures under 1 in 10,000 under every noise model.
    min_rounds: int = 4
    #: rounds that state the task's order, within its sizes, when their interval lies below k + ``plain_line``
    #: (and above k - ``lower_by``): a clear answer is not timed further. Only this decision is made so
    #: early; failing still takes ``min_rounds``. Simulated, as ``plain_line``.
    plain_rounds: int = 2
    #: see ``plain_rounds``: an n³ answer reads k + 1, a right one k to k + 0.25 (a table leaving the caches).
    plain_line: float = 0.25
    #: rounds before any decision one doubling beyond the task's sizes, where each round's slope rests on
    #: one doubling alone. Simulated.
    beyond_rounds: int = 5
    #: rounds at most within one window of sizes; past them the order is not decided. Simulated.
    max_rounds: int = 15
    #: the window's smallest size (by k) below which a call cut off is not followed one doubling down: the
    #: answer is then too slow for the task's smaller rows too.
    lowest: dict[int, int] = field(default_factory=lambda: {2: 64, 1: 1000})
    #: steps of the game's own O(n) reduction per n^k (by k) at the top size from which an answer is
    #: slow: a higher order's share could hide in its constant, so a decision to state the task's order is
    #: checked one doubling beyond. The references take 0.4 to 2.8 steps per n² here.
    slow: dict[int, float] = field(default_factory=lambda: {2: 4.0, 1: 8.0})
    #: CPU seconds one call beyond the task's sizes may take, as a multiple of the top size's: room to show
    #: n^(k+2) (×16 for k = 2) before the call is cut off and its time becomes a bound.
    beyond_room: float = 16.0
    #: CPU seconds the rounds past ``min_rounds`` and beyond the task's sizes may take in all, in call
    #: limits (a kata's whole process tree has 15 call limits). Past it, the order is not decided.
    budget: float = 10.0
    #: a timed batch of calls on one size runs until it has taken this much CPU (calls shorter than this
    #: are repeated on fresh rows of the same size), so that the executor's clock ticks weigh little.
    shortest_batch: float = 0.01
    #: calls in one batch at most.
    batch_cap: int = 100

    def window(self, target: int, scale: float) -> tuple[int, ...]:
        """The task's top three sizes for exponent ``target``, scaled by ``scale`` and made even.

        >>> GrowthPolicy().window(2, 0.75)
        (186, 372, 744)
        """
        return tuple(2 * round(n * scale / 2) for n in self.ladders[target])


POLICY = GrowthPolicy()
