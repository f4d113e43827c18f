"""What a growth check measured, as a solved kata's summary line says it, or the failure it stands for."""

from __future__ import annotations

from dataclasses import dataclass

from coinrow.game.cost import Cost
from coinrow.game.registry import Formulation
from coinrow.game.rows import dominant_class_row
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.measure.orders import MEMORY_MARGINS, TIME_MARGINS, Point, Step, judged, power_name
from coinrow.grader.messages import growth as messages


@dataclass
class Timings:
    """What ``GrowthCheck.measure`` found: the first timing of each size, and the memory's growth (or the
    failure its tracing raised, said only once the time is judged, as the time is the first claim)."""

    points: list[Point]
    memory: Step | None
    memory_failure: WrongAnswer | None = None


@dataclass(frozen=True)
class Measured:
    """The orders a kata's attempt was measured at: the growth of time and memory judged."""

    time: Step | None
    memory: Step | None
    time_target: int
    memory_target: int | None
    undecided: bool = False  # the time's order was not decided, whatever its ratio's band
    # compiled code beside the interpreter's own the attempt loaded (None: could not be read here)
    compiled: tuple[str, ...] | None = ()
    slow: float | None = None  # steps of the game model's reduction per n^k at the top size, if slow there
    read_once: bool = False  # undecided: a higher order read once beyond the task's sizes, not confirmed

    def summary(self) -> str:
        """What a solved kata's summary line says, e.g. ``time ~n² (n = 124 → 496), memory ~n²``."""
        time = _seen(self.time, self.time_target, TIME_MARGINS, floor=1, sizes=True)
        memory = _seen(self.memory, self.memory_target, MEMORY_MARGINS)
        if self.undecided and self.time is not None and self.read_once:
            asked = power_name(self.time_target)
            time = messages.order_read_once(
                self.time.ratio, self.time.low, self.time.high, asked, self.time.at_least
            )
        elif self.undecided and self.time is not None and self.time.named_exponent < self.time_target:
            asked = power_name(self.time_target)
            time = messages.order_below(self.time.ratio, self.time.low, self.time.high, asked)
        elif self.undecided and self.time is not None:
            time = messages.order_not_told(self.time.ratio, self.time.low, self.time.high)
        elif time is not None and time.endswith(")"):  # an order stated, on sizes
            time = messages.not_ruled_out(time, self.slow, power_name(self.time_target), self.compiled)
        return messages.measured_orders(time, memory)


def _seen(
    step: Step | None, target: int | None, margins: tuple[float, float], floor: int = 0, sizes: bool = False
) -> str | None:
    """The order ``step`` shows in the summary: never above the target (a higher one failed), never below
    ``floor`` (a call reads its n coins: time grows at least like n, however flat its fixed costs make
    the sizes timed look, as n NumPy calls do at n <= 1000); with the ``sizes`` it was measured on."""
    if step is None or target is None:
        return None
    if judged(step, target, margins) == "unclear":
        return messages.order_not_told(step.ratio, step.low, step.high)
    power = power_name(min(max(step.named_exponent, floor), target))
    return messages.order_seen(power, step.low, step.high) if sizes else messages.order_seen(power)


def fail_growth(
    formulation: Formulation,
    step: Step,
    what: str,
    asked: Cost,
    values_checked: bool,
    target: int | None = None,
) -> None:
    """Raise the growth failure: ``step`` of ``what`` ("time", "memory") grows faster than ``asked``
    (n^``target``)."""
    measured = step.words(what, above=target)
    message = messages.grows_faster(formulation.slug, measured, asked.order.value, values_checked)
    row, _ = dominant_class_row(step.high, seed=step.high)  # the failure is shown as of this length
    raise WrongAnswer(formulation.slug, row, message, kind="growth")
