"""A hint tier worded as ``make hint`` and an interview print it: what the two tools share.

Shared by two tools, like ``console``, and no tool itself. The tiers are read from the task
README by ``coinrow.game.hints``; this module words one tier. Which tiers were shown is kept
by the caller: ``coinrow.tools.hint`` in ``build/hints.json``, an interview in its session record.
"""

from __future__ import annotations

from collections.abc import Sequence

from coinrow.game.hints import Hint


def tier_text(heading: str, number: int, hints: Sequence[Hint]) -> str:
    """Tier ``number`` (1-based, 1 <= number <= len(hints)) as printed: a line that begins with ``heading``
    (the kata's slug, or an interview's stage), then the tier's body.

    >>> print(tier_text("difference_dp", 1, [Hint("Hint 1: bounds", "Use 0.")]), end="")
    difference_dp, hint 1 of 1: bounds
    <BLANKLINE>
    Use 0.
    """
    hint = hints[number - 1]
    return f"{heading}, hint {number} of {len(hints)}: {hint.topic}\n\n{hint.body}\n"
