"""The text of every generated region of the documents, by name, from the registry.

``coinrow dev docs`` (coinrow/dev/docs.py) writes each text between the markers
``<!-- generated: <name> -->`` and ``<!-- end generated -->``; nobody edits it by hand.
There are three kinds:

- the tables of formulations: README.md's list of katas (state and what each returns, never a
  recurrence), problems/README.md's order to work in (the functions to write) and
  solutions/README.md's recurrences, costs and sources, read after solving;
- the counts, as words ("six") or in the summary's own words (``Solved K of 6``): the core katas
  (not bonus), the bonus ones and all of them;
- README.md's first commands, a fenced example and what ``make check`` costs, which show a count (its
  sample outputs are a real run's: ``coinrow.dev.docs_samples``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from coinrow.game.registry import FORMULATIONS, Formulation
from coinrow.grader import GrowthPolicy

Column = tuple[str, Callable[[Formulation], str]]

NUMBER_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"),
    "twenty",
)


def count_word(count: int) -> str:
    """``count`` (>= 0) as prose writes it: a word up to twenty ("six"), digits beyond."""
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


def _tag(f: Formulation) -> str:
    return " (bonus)" if f.bonus else ""


SLUG: Column = ("kata", lambda f: f"`{f.slug}`{_tag(f)}")
FOLDER: Column = ("folder", lambda f: f"`{f.slug}/`{_tag(f)}")
WRITE: Column = ("write", lambda f: ", ".join(f"`{name}(…)`" for name in f.functions))
STATE: Column = ("state", lambda f: f.state)
RETURNS: Column = ("returns", lambda f: f.returns.label)
RECURRENCE: Column = ("recurrence", lambda f: f"`{f.recurrence}`")
TIME: Column = ("time", lambda f: f.time.text)
SPACE: Column = ("space", lambda f: f.space.text)
SOURCE: Column = ("source", lambda f: f.source)


def markdown_table(columns: tuple[Column, ...], formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """A Markdown table, one row per formulation in registry order, numbered from 1."""
    lines = ["| # | " + " | ".join(name for name, _ in columns) + " |", "|---" * (len(columns) + 1) + "|"]
    for number, f in enumerate(formulations, start=1):
        cells = [str(number), *(cell(f) for _, cell in columns)]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def katas_table(formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """README.md's list of katas: what each keeps and returns (no recurrence: no spoilers)."""
    return markdown_table((SLUG, STATE, RETURNS), formulations)


def order_table(formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """problems/README.md's order to work in: folder, functions to write, state, what they return."""
    return markdown_table((FOLDER, WRITE, STATE, RETURNS), formulations)


def recurrences_table(formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """solutions/README.md's table: state, recurrence, returns, cost and source of each formulation."""
    return markdown_table((SLUG, STATE, RECURRENCE, RETURNS, TIME, SPACE, SOURCE), formulations)


# README.md's first commands: the learner's, then the maintainers'; {core} is the count the summary shows.
# make check's tools are those the Makefile's DEV_STAMP recipe names as it installs them
# (tests/self/test_docs.py holds the two together); its time is measured on a fresh clone.
COMMANDS_EXAMPLE = """\
```
make test    # yours, the learner's: grades your answers in problems/ (a fresh clone: "Solved 0 of {core}")
make check   # the maintainers': the repository's own checks, never your attempts
```

You never need `make check` to practise. It installs the maintainers' tools into `.venv` (pytest-xdist,
mypy, ruff, …) and on a fresh clone takes about 5 minutes on two cores. Half way it grades the references
in `solutions/` and prints `References solved {core} of {core}`: their result, not yours."""


def growth_policy_table() -> str:
    """The growth check's constants (``growth/policy.py`` says what each bounds), as a table."""
    rows = [
        f"| `{field.name}` | `{getattr(GrowthPolicy(), field.name)}` |"
        for field in dataclasses.fields(GrowthPolicy)
    ]
    return "\n".join(["| constant | value |", "|---|---|", *rows])


def generated_texts(formulations: tuple[Formulation, ...] = FORMULATIONS) -> dict[str, str]:
    """The text of each generated region, by the name its markers give; a text of several lines
    fills a region whose markers stand on lines of their own, a one-line text sits inside a line."""
    core = sum(not f.bonus for f in formulations)
    bonus = len(formulations) - core
    return {
        "growth-policy": growth_policy_table(),
        "katas-table": katas_table(formulations),
        "order-table": order_table(formulations),
        "recurrences-table": recurrences_table(formulations),
        "core-count": count_word(core),
        "bonus-count": count_word(bonus),
        "all-count": count_word(len(formulations)),
        "solved-line": f"`Solved K of {core}`",
        "bonus-solved-line": f"`Bonus katas solved K of {bonus}`",
        "commands-example": COMMANDS_EXAMPLE.format(core=core),
    }
