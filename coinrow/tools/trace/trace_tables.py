"""The text ``trace`` prints: the table as a grid, the fill order, the answer, the lines of play.

``coinrow.tools.trace.trace`` computes the trace; this module only draws it with rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coinrow.game.game import End, Step, Totals, first_player_can_win, optimal_totals, winner
from coinrow.game.line import Move, optimal_line
from coinrow.game.quantity import CellValue
from coinrow.game.registry import Formulation
from coinrow.tools.trace.trace import TableView, running_totals, table_steps, table_view

GRID_MAX_N = 10  # wider grids do not fit an 80-column terminal
FILL_ORDER_MAX_N = 8  # the cell-by-cell listing has n(n+1)/2 lines
ARROWS: dict[tuple[End, ...], str] = {("left",): "←", ("right",): "→", ("left", "right"): "↔"}


def _value_text(value: CellValue) -> str:
    return f"({value[0]}, {value[1]})" if isinstance(value, tuple) else str(value)


def grid(coins: Sequence[int], view: TableView, steps: Sequence[Step]) -> Table:
    """The table as an upper triangle: row i, column j, each cell its value and the end chosen."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("i \\ j", justify="right", style="dim", overflow="fold")
    for j, coin in enumerate(coins):
        table.add_column(f"{j}\n({coin})", justify="right", overflow="fold")  # fold: never cut a number
    cells = {(s.i, s.j): s for s in steps}
    for i, coin in enumerate(coins):
        row = [f"{i} ({coin})"]
        for j in range(len(coins)):
            step = cells.get((i, j))
            row.append("" if step is None else _cell_text(view, step))
        table.add_row(*row)
    return table


def _cell_text(view: TableView, step: Step) -> str:
    """The value and the arrow of the end chosen (none on a one-coin interval: both ends are one coin)."""
    value = _value_text(view.value(step))
    return value if step.i == step.j else f"{value} {ARROWS[step.ends]}"


def _verdict_lines(totals: Totals) -> list[str]:
    verdict = winner(totals)
    if verdict == "draw":
        who = "a draw: both players end with the same total"
    else:
        who = f"the {verdict} player wins by {abs(totals.difference)}"
    can = first_player_can_win(totals)
    return [
        f"Final totals: first {totals.first}, second {totals.second} ({totals.first} to {totals.second}).",
        f"Winner: {who}.",
        f"LeetCode 486 verdict (a tie counts as a win for the first player): {str(can).lower()}.",
    ]


def line_table(title: str, moves: Sequence[Move]) -> Table:
    """A line of play, turn by turn, with running totals and ties noted."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("turn", "player", "takes", "index", "coin", "first", "second"):
        table.add_column(name, justify="left" if name in ("player", "takes") else "right")
    table.add_column("note")
    for move, totals in zip(moves, running_totals(moves), strict=True):
        note = "tie: either end" if move.tie else ""
        table.add_row(
            str(move.turn),
            move.player,
            move.end,
            str(move.index),
            str(move.coin),
            str(totals.first),
            str(totals.second),
            note,
        )
    return table


def show_trace(
    formulation: Formulation, coins: Sequence[int], data: dict[str, Any], console: Console
) -> None:
    """Print the table, how the answer is read, and the optimal line of play."""
    view = table_view(formulation)
    steps = table_steps(coins, view)
    n, total = len(coins), sum(coins)
    console.print(Text(f"Trace of {formulation.slug} on {list(coins)} (n = {n}, sum {total})", style="bold"))
    if view.note:
        console.print(Text(f"note: {view.note}", style="yellow"))
    console.print(Text(data["table"]["state"]))
    console.print(
        Text("← the mover takes the left end, → the right end, ↔ either end is optimal", style="dim")
    )
    if n <= GRID_MAX_N:
        console.print(grid(coins, view, steps))
    else:
        console.print(
            Text(f"(the grid is drawn for up to {GRID_MAX_N} coins; --json lists all {len(steps)} cells)")
        )
    if n <= FILL_ORDER_MAX_N:
        console.print(Text("Filled interval length by interval length:"))
        for s in steps:
            how = "one coin: the base case"
            if s.candidates:
                left, right = (_value_text(value) for value in view.candidate_values(s))
                how = f"take left {left}, take right {right}"
            name = view.kind.name(s.i, s.j)
            console.print(Text(f"  length {s.j - s.i + 1}  {name}: {how} → {_cell_text(view, s)}"))
    top, top_name = steps[-1], view.kind.name(steps[-1].i, steps[-1].j)
    difference = data["totals"]["difference"]
    first = data["totals"]["first"]
    sign = "+" if difference >= 0 else "-"
    console.print(
        Text(
            f"Answer: {formulation.answer}; here {top_name} = {_value_text(view.value(top))}.\n"
            f"From the difference {difference} (first + second = sum = {total}):\n"
            f"  first  = (sum + difference) / 2 = ({total} {sign} {abs(difference)}) / 2 = {first}\n"
            f"  second = sum - first = {total} - {first} = {total - first}"
        )
    )
    console.print(line_table("Optimal line of play", optimal_line(coins)))
    for line in _verdict_lines(optimal_totals(coins)):
        console.print(Text(line))


def show_parity(data: dict[str, Any], console: Console) -> None:
    """Print the two classes, the chosen one, and the parity line beside the optimal line."""
    coins = data["row"]
    console.print(
        Text(f"Trace of {data['formulation']} on {coins} (n = {len(coins)}, sum {data['sum']})", style="bold")
    )
    for name, info in data["classes"].items():
        picked = [coins[k] for k in info["indices"]]
        console.print(Text(f"  {name} indices {info['indices']}: coins {picked}, sum {info['sum']}"))
    console.print(
        Text(
            f"Chosen: the {data['chosen']} class, sum {data['guarantee']} (guaranteed).\n"
            "Always taking the end in it leaves both ends in the other class for the opponent."
        )
    )
    side = Table(
        title="Parity strategy against an optimal opponent, beside optimal play",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    for name in ("turn", "player", "parity: takes", "totals", "optimal: takes", "totals"):
        side.add_column(name, justify="right" if name in ("turn", "totals") else "left")
    for p, o in zip(data["parity_line"], data["line"], strict=True):
        side.add_row(
            str(p["turn"]),
            p["player"],
            f"{p['coin']} ({p['end']})" + (" tie" if p["tie"] else ""),
            f"{p['first']} : {p['second']}",
            f"{o['coin']} ({o['end']})" + (" tie" if o["tie"] else ""),
            f"{o['first']} : {o['second']}",
        )
    console.print(side)
    achieved, optimum = data["parity_totals"], data["totals"]
    shortfall = data["shortfall"]
    console.print(
        Text(
            f"Parity strategy: {achieved['first']} to {achieved['second']}; "
            f"optimal play: {optimum['first']} to {optimum['second']}.\n"
            + (
                "The parity strategy reaches the optimum on this row."
                if shortfall == 0
                else f"The parity strategy falls short of the optimum by {shortfall}."
            )
        )
    )
    for line in _verdict_lines(Totals(optimum["first"], optimum["second"]))[1:]:
        console.print(Text(line.replace("Winner:", "Winner under optimal play:")))
