"""The shared case table, read from ``data/cases.json``, smallest row first.

Rows come from the seed tutorials and LeetCode 486 examples, from rows where
public solutions went wrong, from edge cases and from seeded random rows; the
``source`` field of each says which. The repository's own tests re-check every
row against the exhaustive oracle (n <= 20) or the game table (larger n).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

from coinrow.game.game import Totals


@dataclass(frozen=True)
class GameCase:
    """One row with its optimal totals; ``label`` is the kebab-case test id."""

    label: str
    row: tuple[int, ...]
    totals: Totals
    parity_guarantee: int | None  # even rows only
    kind: Literal["value", "complexity"]
    source: str
    note: str


@cache
def all_cases() -> tuple[GameCase, ...]:
    """Every case, ordered by row length, then by the sum of absolute values."""
    text = resources.files("coinrow.game").joinpath("data/cases.json").read_text(encoding="utf-8")
    return tuple(
        GameCase(
            label=c["label"],
            row=tuple(c["row"]),
            totals=Totals(c["first"], c["second"]),
            parity_guarantee=c.get("parity_guarantee"),
            kind=c["kind"],
            source=c["source"],
            note=c["note"],
        )
        for c in json.loads(text)["cases"]
    )


def seed_rows() -> list[tuple[int, ...]]:
    """The example rows of the seed tutorials, the default rows of the tools."""
    return [c.row for c in all_cases() if c.source.startswith("seed")]
