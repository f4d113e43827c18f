"""The Markdown tables of formulations in the READMEs, generated from the registry.

``coinrow dev docs`` prints all three; a test keeps the files in step with the registry:

- README.md, the list of katas: state and what each returns, never a recurrence;
- problems/README.md, the order to work in: the functions to write, state, what they return;
- solutions/README.md, read after solving: the recurrences, costs and sources.
"""

from __future__ import annotations

from collections.abc import Callable

from coinrow.game.registry import FORMULATIONS, Formulation

Column = tuple[str, Callable[[Formulation], str]]


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


if __name__ == "__main__":
    for title, table in (
        ("README.md", katas_table()),
        ("problems/README.md", order_table()),
        ("solutions/README.md", recurrences_table()),
    ):
        print(f"{title}:\n\n{table}\n")
