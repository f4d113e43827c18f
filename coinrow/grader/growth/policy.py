"""Every tuning constant of the growth check, in one typed object that tests and the simulator build.

Each field says what it bounds and how its value was chosen. "Simulated" means chosen with the noise models
of ``coinrow/dev/growth_errors.py``, among the values ``docs/grader-trust.md`` names under "Candidates
measured", as the values that keep a right answer unfailed in 10,000 simulated checks under every model
(``make growth-errors`` prints the table the document shows); the rest follow from the task or the executor.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GrowthPolicy:
    """How the growth check times an answer and when it stops (``coinrow.grader.growth.decide``)."""

    #: the window of three sizes two doublings wide at the task's largest rows, by the task's exponent k:
    #: where a higher order's share of the time is largest. Set by the task (n² katas are graded on rows up
    #: to about 1000 coins; the O(n) katas' rows reach 10⁶).
    ladders: dict[int, tuple[int, ...]] = field(
        default_factory=lambda: {2: (248, 496, 992), 1: (32_000, 64_000, 128_000)}
    )
    #: the window is scaled by a factor drawn from this range as each check starts, so no answer knows its
    #: sizes ahead; every size is even (some katas take even rows only).
    scale: tuple[float, float] = (0.72, 1.0)
    #: the line between the task's order n^k and a higher one, as an exponent above k: an interval wholly
    #: below it states the task's order, wholly above it fails. Simulated (0.5 or 0.6: 0.6 left n³ under
    #: sibling spells not decided in up to 5% of checks).
    line: float = 0.5
    #: the line one doubling beyond the task's sizes, where a round's slope rests on that doubling alone.
    #: Simulated (0.5, 0.65 or 0.75: 0.5 failed a slow right answer under the cache model 1 to 3 times in
    #: 10,000).
    beyond_line: float = 0.65
    #: an interval wholly below k minus this states a lower order than the task's: halfway between two whole
    #: exponents.
    lower_by: float = 0.5
    #: the coverage asked of the interval for the median of the rounds' slopes (``measure.fit``); with fewer
    #: rounds than it needs, the interval is the extremes. Simulated (0.8 or 0.9).
    confidence: float = 0.8
    #: rounds that state the task's order within its sizes when their interval lies below k + ``plain_line``
    #: (and above k - ``lower_by``): a clear answer is not timed further. Only this decision is made so early.
    #: Simulated: n³ reads k + 1, a plain right table k; one that leaves the caches (the recorded dict memo,
    #: ×4.8 per doubling from 248 to 992 coins) k + 0.26, and is read for ``min_rounds``.
    plain_rounds: int = 2
    #: see ``plain_rounds``.
    plain_line: float = 0.25
    #: rounds before any other decision within the task's sizes. Simulated (2, 3 or 4: fewer than 4 failed
    #: right answers under the busy and cache models, 1 to 4 in 3,000).
    min_rounds: int = 4
    #: rounds before any decision one doubling beyond the task's sizes. Simulated (3, 4 or 5).
    beyond_rounds: int = 5
    #: rounds at most over one window; past them the order is not decided. Simulated (9 or 15).
    max_rounds: int = 15
    #: the smallest size (by k) a window may start at: a call cut off moves the window down, its top to the
    #: largest size that finished in that round (or a quarter of the one cut off) but its smallest size not
    #: below this (its top four times this). The windows below the task's only name a higher order.
    lowest: dict[int, int] = field(default_factory=lambda: {2: 32, 1: 250})
    #: steps of the game's own O(n) reduction per n^k (by k) at the top size from which an answer is slow: a
    #: higher order's share could hide in its constant, or padding flatten its smaller sizes, so a decision
    #: to state the task's order is read one doubling beyond first. The references take 0.4 to 2.8 steps
    #: per n² on this machine; a cubic slice summed per cell and padded work, 5 to 12.
    slow: dict[int, float] = field(default_factory=lambda: {2: 4.0, 1: 8.0})
    #: times a call cut off at the task's sizes, or on the lowest window, is made in a row, each on a fresh
    #: row, before the cut-off counts: then the answer is too slow, whatever the windows below read. Simulated
    #: (2 or 3: 2 failed a slow right answer 1 to 2 times in 10,000 under the busy and cache models).
    cut_tries: int = 3
    #: CPU seconds one call beyond the task's sizes may take, as a multiple of the top size's: room for
    #: n^(k+2) (×16 for k = 2) before the call is cut off and its time becomes a lower bound.
    beyond_room: float = 16.0
    #: CPU seconds the timed calls may take in all, in call limits (a kata's whole process tree has 15):
    #: past it no round is started, and an undecided order stays not decided. Simulated (8, 10 or 12).
    budget: float = 10.0

    def window(self, target: int, scale: float) -> tuple[int, ...]:
        """The window for exponent ``target``, scaled by ``scale`` and made even.

        >>> GrowthPolicy().window(2, 0.75)
        (186, 372, 744)
        """
        return tuple(2 * round(n * scale / 2) for n in self.ladders[target])


POLICY = GrowthPolicy()
