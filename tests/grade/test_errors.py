"""Every error a public function documents (a ``Raises:`` section of its docstring) is called and checked.

``DOCUMENTED_ERRORS`` lists the arguments that must be refused; tests/self checks that every function whose
reference docstring has a ``Raises:`` section has cases here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from coinrow.grader.judge.verdict import Grader


@dataclass(frozen=True)
class DocumentedError:
    """Arguments a function must refuse with ``ValueError``, and why (for the message)."""

    slug: str
    function: str
    row: tuple[int, ...]
    extra: tuple[int, ...]
    why: str

    @property
    def label(self) -> str:
        return f"{self.function}-n{len(self.row)}-{'-'.join(map(str, self.extra)) or 'row'}"


ODD = "an odd number of coins"
ROW_OF_4 = (1, 2, 3, 4)
BAD_INTERVALS = [
    ((-1, 0), "left is below 0"),
    ((-2, 1), "left is below 0"),
    ((0, 2), "three coins left: an odd number"),
    ((1, 1), "one coin left: an odd number"),
    ((2, 5), "right is past the last index, 3"),
    ((0, 4), "right is past the last index, 3"),
    ((1, 4), "right is len(coins), one past the last index"),
    ((4, 5), "both past the last index, 3"),
    ((3, 2), "left is past right"),
    ((2, 1), "left is past right"),
]

DOCUMENTED_ERRORS = [
    DocumentedError("parity_strategy", "parity_guarantee", (5,), (), ODD),
    DocumentedError("parity_strategy", "parity_guarantee", (1, 2, 3), (), ODD),
    DocumentedError("parity_strategy", "parity_move", (1, 2, 3), (0, 2), ODD),
    DocumentedError("parity_strategy", "parity_move", (1, 2, 3), (0, 1), f"{ODD}, though 0..1 is two coins"),
    DocumentedError("parity_strategy", "parity_move", (1, 2, 3), (1, 2), f"{ODD}, though 1..2 is two coins"),
    *(DocumentedError("parity_strategy", "parity_move", ROW_OF_4, ends, why) for ends, why in BAD_INTERVALS),
]


@pytest.mark.parametrize(("slug", "case"), [pytest.param(c.slug, c, id=c.label) for c in DOCUMENTED_ERRORS])
def test_documented_error_is_raised(grader: Grader, slug: str, case: DocumentedError) -> None:
    """The call raises ValueError (or a subclass) with a message, as the docstring promises."""
    grader.check_raises_value_error(slug, case.function, case.row, *case.extra, why=case.why)
