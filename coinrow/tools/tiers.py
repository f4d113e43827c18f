"""A task README's hint tiers, read and worded one at a time: what ``make hint`` and an interview share.

Shared by two tools, like ``console``, and no tool itself. The tiers live in one place,
the ``<details>`` blocks of ``problems/<slug>/README.md``; this module reads them and
words one tier. Which tiers were shown is kept by the caller: ``coinrow.tools.hint``
in ``build/hints.json``, an interview in its session record.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from coinrow.game.registry import PROBLEMS

_TIER = re.compile(r"<details><summary>(?P<title>.*?)</summary>(?P<body>.*?)</details>", re.DOTALL)


@dataclass(frozen=True)
class Hint:
    """One tier: its summary line (e.g. ``Hint 1: the two choices``) and its Markdown body."""

    title: str
    body: str

    @property
    def topic(self) -> str:
        """The title without its number: ``Hint 2: the two choices`` → ``the two choices``."""
        return self.title.partition(": ")[2] or self.title


def hint_tiers(readme: str) -> list[Hint]:
    """The ``<details><summary>…</summary> … </details>`` blocks of a task README, in order.

    >>> hint_tiers("<details><summary>Hint 1: bounds</summary>\\n\\nUse 0.\\n</details>")
    [Hint(title='Hint 1: bounds', body='Use 0.')]
    """
    return [Hint(m["title"].strip(), m["body"].strip()) for m in _TIER.finditer(readme)]


def task_text(readme: str) -> str:
    """A task README without its hint tiers: what the learner reads before asking for a hint."""
    return _TIER.sub("", readme)


def readme_of(slug: str) -> str:
    """The text of ``problems/<slug>/README.md`` (the repository's task, never a copy of the stubs).

    Raises:
        OSError: no such README.
    """
    return (PROBLEMS / slug / "README.md").read_text(encoding="utf-8")


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
