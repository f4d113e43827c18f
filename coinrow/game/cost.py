"""How a formulation's work and memory grow with the number of coins n, as structured data.

The registry gives each formulation a ``time`` and a ``space`` ``Cost``: an order of
growth that code can compare, and an optional detail that is only shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Order(Enum):
    """An order of growth in n, the number of coins; its value is how it is written."""

    CONSTANT = "O(1)"
    LINEAR = "O(n)"
    QUADRATIC = "O(n^2)"
    EXPONENTIAL = "O(2^n)"


@dataclass(frozen=True)
class Cost:
    """An order of growth and what it counts, e.g. ``Cost(Order.QUADRATIC, "pairs")``.

    >>> Cost(Order.QUADRATIC, "+ O(n) prefix sums").text
    'O(n^2) + O(n) prefix sums'
    >>> Cost(Order.LINEAR).at_most_linear
    True
    """

    order: Order
    detail: str = ""  # shown after the order, never read by code

    @property
    def text(self) -> str:
        """How the cost is shown in the READMEs, ``compare`` and messages."""
        return f"{self.order.value} {self.detail}" if self.detail else self.order.value

    @property
    def at_most_linear(self) -> bool:
        """True for O(1) and O(n): a table or a nested loop is far too slow for such a kata."""
        return self.order in (Order.CONSTANT, Order.LINEAR)

    def __str__(self) -> str:
        return self.text
