"""The README tables of formulations, generated from the registry.

``python -m coinrow.docs`` prints it and the order table of problems/README.md;
a test keeps both files in step with the registry.
"""

from __future__ import annotations

from coinrow.registry import FORMULATIONS, Formulation

RETURNS_TEXT = {
    "difference": "difference",
    "first": "first",
    "totals": "(first, second)",
    "parity": "the parity guarantee; a move",
    "line": "a line of moves",
}


def formulations_table(formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """A Markdown table: one row per formulation, in registry order."""
    lines = [
        "| # | slug | state | recurrence | returns | time | space | source |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for number, f in enumerate(formulations, start=1):
        tag = " (bonus)" if f.bonus else ""
        cells = [
            str(number),
            f"`{f.slug}`{tag}",
            f.state,
            f"`{f.recurrence}`",
            f"`{', '.join(f.functions)}` → {RETURNS_TEXT.get(f.returns, f.returns)}",
            f.time,
            f.space,
            f.source,
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def order_table(formulations: tuple[Formulation, ...] = FORMULATIONS) -> str:
    """The order to work in (problems/README.md): folder, functions to write, what they return."""
    lines = ["| # | folder | write | returns |", "|---|---|---|---|"]
    for number, f in enumerate(formulations, start=1):
        tag = " (bonus)" if f.bonus else ""
        calls = ", ".join(f"`{name}(…)`" for name in f.functions)
        lines.append(f"| {number} | `{f.slug}/`{tag} | {calls} | {RETURNS_TEXT.get(f.returns, f.returns)} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(formulations_table())
    print()
    print(order_table())
