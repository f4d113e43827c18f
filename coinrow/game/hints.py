"""A kata's hint tiers and how many of them a learner has been shown: what the hint tool and the summary read.

The tiers live in one place, the ``<details>`` blocks of ``problems/<slug>/README.md``.
How many tiers each kata has shown is kept in ``build/hints.json`` (git-ignored, like all of
``build/``; ``COINROW_HINTS_FILE`` points elsewhere): ``make hint`` writes it, and a failing
kata's line in the summary reads it to say how many hints are left.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from coinrow.game.registry import PROBLEMS, REPO_ROOT

DEFAULT_STATE = REPO_ROOT / "build" / "hints.json"
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


def state_file() -> Path:
    """Where the shown-tier counts are kept: ``COINROW_HINTS_FILE``, else ``build/hints.json``."""
    return Path(os.environ.get("COINROW_HINTS_FILE", DEFAULT_STATE))


def shown_counts(path: Path) -> dict[str, int]:
    """How many tiers each kata has shown, by slug, as kept in ``path``; ``{}`` when there is no such file
    or it is not a JSON object (a file damaged by hand counts as nothing shown), entries that are not a
    whole number dropped."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and type(v) is int}


def hints_left(readme: str, slug: str, shown: Mapping[str, int]) -> tuple[int, int]:
    """How many of a kata's hint tiers are still to be shown, and how many it has: ``(left, total)``.

    Args:
        readme: the kata's task README, whose ``<details>`` blocks are its tiers.
        slug: the kata, as ``shown`` keys it.
        shown: how many tiers each kata has shown (``shown_counts``).

    >>> tiers = "<details><summary>Hint 1: a</summary>x</details>" * 2
    >>> hints_left(tiers, "difference_dp", {"difference_dp": 1})
    (1, 2)
    >>> hints_left(tiers, "difference_dp", {"difference_dp": 5})
    (0, 2)
    """
    total = len(hint_tiers(readme))
    return max(0, total - max(0, shown.get(slug, 0))), total
