"""The catalogue's entries: each file of ``tests/catalogue/`` (a known mistake, or a correct alternative)
with what its docstring states, the outcome grading gave it (``coinrow.dev.catalogue`` grades them) and
what the catalogue's record keeps of that outcome (``coinrow.dev.records``)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from coinrow.game.registry import REPO_ROOT

CATALOGUE = REPO_ROOT / "tests" / "catalogue"


@dataclass(frozen=True)
class Entry:
    """One catalogued answer: a known mistake (``wrong``) or a correct alternative (``right``)."""

    verdict: Literal["wrong", "right"]
    slug: str
    path: Path

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def docstring(self) -> str:
        return ast.get_docstring(ast.parse(self.path.read_text(encoding="utf-8"))) or ""

    @property
    def description(self) -> str:
        return self.docstring.splitlines()[0] if self.docstring else self.name

    @property
    def stated_mistake(self) -> str | None:
        """The ``Mistake:`` line of the docstring: an id, "none", or None when there is no such line."""
        found = re.search(r"^Mistake: (\S+)$", self.docstring, re.MULTILINE)
        return found.group(1) if found else None

    @property
    def stated_order(self) -> str | None:
        """The ``Order:`` line of the docstring (``n³``, ``exponential``, or ``n³ or n²`` where the sizes
        the tasks allow cannot tell which, ``n³ or the memory cap`` where either may stop the answer
        first): what the grader must measure and name; None when there is no such line."""
        found = re.search(r"^Order: (.+)$", self.docstring, re.MULTILINE)
        return found.group(1) if found else None

    @property
    def expected_mistake(self) -> str | None:
        """The id the grader must name (None: it must name none)."""
        stated = self.stated_mistake
        return None if stated in (None, "none") else stated


@dataclass(frozen=True)
class Outcome:
    """What the grading suite said of one entry, as ``make catalogue`` shows it."""

    entry: Entry
    status: str  # the summary's word for the formulation: "solved (…)", "FAILING (…)", …
    message: str  # the smallest failure's first line, or "" when solved
    seconds: float  # time the suite spent on this formulation
    hint: str = ""  # the "likely mistake" or "likely cause" line under the message, if any
    mistake: str | None = None  # the id in "likely mistake (<id>)", if the grader named one
    order: str | None = None  # what a failure names as measured: "n³", "exponential", "the memory cap"
    stopped: bool = False  # the driver had to stop the run: an outcome that is never recorded

    def recorded(self) -> Recorded:
        """What the catalogue's record keeps of this outcome."""
        stated = re.search(r"; time (~\S+|not told apart|grew|hardly grows|grows less than)", self.status)
        return Recorded(
            self.entry,
            self.status.split(" ")[0],
            bool(self.message),
            self.mistake,
            self.order,
            stated.group(1).rstrip(",)") if stated else None,
        )


@dataclass(frozen=True)
class Recorded:
    """What the catalogue's record (``tests/catalogue/graded.json``) keeps of an entry's grading: what the
    checks compare, and never a timing or a size drawn at random, so grading again under the same grader
    and packages writes the same record."""

    entry: Entry
    graded: str  # the status's first word: "solved", "FAILING", …
    row_shown: bool  # a failure came with a failing row or call
    mistake: str | None  # the id in "likely mistake (<id>)", if the grader named one
    order: str | None  # what a failure names as measured: "n³", "exponential", "the memory cap"
    stated: str | None  # a solved summary's time: "~n²", "not told apart", "grew", "hardly grows", …

    @property
    def as_expected(self) -> bool:
        """A wrong answer must be rejected; a correct alternative must be graded solved."""
        return self.graded == ("FAILING" if self.entry.verdict == "wrong" else "solved")

    @property
    def name_right(self) -> bool:
        """A wrong answer named with the mistake its docstring states."""
        return self.mistake is not None and self.mistake == self.entry.expected_mistake

    @property
    def name_wrong(self) -> bool:
        """A name given that is not the stated one (also: a name where none is stated)."""
        return self.mistake is not None and self.mistake != self.entry.expected_mistake


def entries(root: Path = CATALOGUE) -> list[Entry]:
    """Every catalogue file, wrong answers first, sorted by formulation and name."""
    found = []
    for verdict in ("wrong", "right"):
        for path in sorted((root / verdict).glob("*/[!_]*.py")):
            found.append(Entry(verdict, path.parent.name, path))
    return found
