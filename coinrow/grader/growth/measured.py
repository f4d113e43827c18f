"""What a growth check measured, as a solved kata's summary line says it, or the failure it stands for."""

from __future__ import annotations

from dataclasses import dataclass

from coinrow.game.cost import Cost
from coinrow.game.registry import Formulation
from coinrow.game.rows import dominant_class_row
from coinrow.grader.growth.decide import Reading
from coinrow.grader.judge.failures import WrongAnswer
from coinrow.grader.measure.orders import MEMORY_MARGINS, Step, judged, power_name
from coinrow.grader.messages import growth as messages
from coinrow.grader.messages.stops import with_printing_note


@dataclass
class Timings:
    """What ``GrowthCheck.measure`` found: the time's reading, and the memory's growth (or the failure its
    tracing raised, said only once the time is judged, as the time is the first claim)."""

    reading: Reading
    memory: Step | None
    memory_failure: WrongAnswer | None = None


@dataclass(frozen=True)
class Measured:
    """The orders a kata's attempt was measured at: the growth of time and memory judged."""

    time: Step | None
    memory: Step | None
    time_target: int
    memory_target: int | None
    undecided: bool = False  # the rounds or the budget ran out with the time's interval across a line
    # compiled code beside the interpreter's own the attempt loaded (None: could not be read here)
    compiled: tuple[str, ...] | None = ()
    slow: float | None = None  # steps of the game model's reduction per n^k at the top size, if slow there

    def summary(self) -> str:
        """What a solved kata's summary line says, e.g. ``time ~n² (n = 248 → 992), memory ~n²``."""
        time, target = self.time, self.time_target
        said = None
        if time is not None and self.undecided and time.named_exponent < target and not time.at_least:
            said = messages.order_below(time.ratio, time.low, time.high, power_name(target))
        elif time is not None and self.undecided:
            said = messages.order_not_told(time.ratio, time.low, time.high, time.at_least)
        elif time is not None and (time.unread or time.named_exponent < target):  # lower: said as measured
            said = messages.lower_than(time.ratio, time.low, time.high, power_name(target))
        elif time is not None:  # the task's order decided: never above it
            seen = messages.order_seen(power_name(target), time.low, time.high)
            said = messages.not_ruled_out(seen, self.slow, power_name(target), self.compiled)
        memory = self.memory
        if memory is not None and self.memory_target is not None and memory.unread:
            memory_said = messages.memory_held(memory.held, memory.held_at)
        elif memory is not None and self.memory_target is not None:
            memory_said = self._memory_said(memory, self.memory_target)
        else:
            memory_said = None
        return messages.measured_orders(said, memory_said)

    @staticmethod
    def _memory_said(memory: Step, target: int) -> str:
        """The memory's growth as the summary says it: not decided, the task's order, or a lower growth as
        measured (no order named)."""
        if judged(memory, target, MEMORY_MARGINS) == "unclear":
            return messages.order_not_told(memory.ratio, memory.low, memory.high, memory.at_least)
        if memory.named_exponent >= target:
            return messages.order_seen(power_name(target))
        return messages.grew(memory.ratio, memory.low, memory.high)


def fail_growth(
    formulation: Formulation,
    step: Step,
    what: str,
    asked: Cost,
    values_checked: bool,
    target: int | None = None,
    printed: int = 0,
) -> None:
    """Raise the growth failure: ``step`` of ``what`` ("time", "memory") grows faster than ``asked``
    (n^``target``); ``printed``: the most bytes one timed call printed, said first when it is much."""
    measured = step.words(what, above=target)
    message = messages.grows_faster(formulation.slug, measured, asked.order.value, values_checked)
    message = with_printing_note(message, printed)
    row, _ = dominant_class_row(step.high, seed=step.high)  # the failure is shown as of this length
    raise WrongAnswer(formulation.slug, row, message, kind="growth")
