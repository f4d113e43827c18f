"""``trace``: one row, move by move: the formulation's table, how the answer is read, the line of play.

The table is the formulation's own (the registry's ``table``, a
``coinrow.tables.TableKind``), drawn from the steps ``coinrow.game.fill_steps``
yields: ``D`` holds the mover's difference; ``F`` (min-of-opponent, prefix-sum)
the mover's total; ``P`` (paired tuple) the pair (mover's, other's). A
formulation that fills no table of its own is shown on the difference table,
with a note saying so. A strategy that only guarantees a total (the parity
strategy) has no table: its trace shows the two position classes and its play
against an optimal opponent beside optimal play.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from coinrow.answers import totals_json
from coinrow.console import output_console
from coinrow.game import (
    End,
    Move,
    Step,
    Totals,
    difference_table,
    fill_steps,
    first_player_can_win,
    optimal_line,
    optimal_totals,
    parity_class_sums,
    winner,
)
from coinrow.quantity import CellValue
from coinrow.registry import Formulation, by_slug
from coinrow.rowarg import UsageError
from coinrow.tables import DIFFERENCE_TABLE, TableKind

GRID_MAX_N = 10  # wider grids do not fit an 80-column terminal
FILL_ORDER_MAX_N = 8  # the cell-by-cell listing has n(n+1)/2 lines
ARROWS: dict[tuple[End, ...], str] = {("left",): "←", ("right",): "→", ("left", "right"): "↔"}


@dataclass(frozen=True)
class TableView:
    """The table ``trace`` draws for a formulation: its own, or the score-difference table with a note."""

    kind: TableKind
    note: str | None  # set when this is not the formulation's own table

    def value(self, step: Step) -> CellValue:
        """The value of the cell ``step`` fills, in the table's own terms."""
        return self.kind.value(step)

    def candidate_values(self, step: Step) -> list[CellValue]:
        """What taking the left end, then the right end, gives the mover, in the table's terms."""
        return [self.kind.quantity.of(candidate.totals) for candidate in step.candidates]


def table_view(formulation: Formulation) -> TableView:
    """The view of ``formulation``'s own table, or the difference table with a note."""
    if formulation.table is not None:
        return TableView(formulation.table, None)
    return TableView(
        DIFFERENCE_TABLE,
        f"{formulation.slug} keeps no interval table of the kind drawn here; shown: the score-difference "
        "table D[i][j] of the same game",
    )


def _value_text(value: CellValue) -> str:
    return f"({value[0]}, {value[1]})" if isinstance(value, tuple) else str(value)


def table_steps(coins: Sequence[int], view: TableView) -> list[Step]:
    """Every cell of the view's table in the order interval DP fills it (``coinrow.game.fill_steps``)."""
    return list(fill_steps(coins, view.kind.recurrence))


def running_totals(moves: Sequence[Move]) -> list[Totals]:
    """The totals after each move."""
    first = second = 0
    after = []
    for move in moves:
        if move.player == "first":
            first += move.coin
        else:
            second += move.coin
        after.append(Totals(first, second))
    return after


# --- the parity strategy ----------------------------------------------------------------------------


def chosen_class(coins: Sequence[int]) -> Literal["even", "odd"]:
    """The position class the parity strategy keeps: the larger sum, the even class on a tie."""
    even, odd = parity_class_sums(coins)
    return "even" if even >= odd else "odd"


def parity_line(coins: Sequence[int]) -> list[Move]:
    """The first player follows the parity strategy; the second plays optimally.

    Raises:
        UsageError: if the number of coins is odd.
    """
    if len(coins) % 2:
        raise UsageError(
            f"the parity strategy needs an even number of coins, got {len(coins)}: with an odd row "
            "both ends are in the even class, and after the first move the second player owns the strategy"
        )
    table = difference_table(coins)
    parity = 0 if chosen_class(coins) == "even" else 1
    moves: list[Move] = []
    i, j = 0, len(coins) - 1
    while i <= j:
        player: Literal["first", "second"] = "first" if len(moves) % 2 == 0 else "second"
        if player == "first":
            end: End = "left" if i % 2 == parity else "right"
            tie = False
        else:
            end, tie = table[i, j].ends[0], len(table[i, j].ends) == 2
        index = i if end == "left" else j
        moves.append(Move(len(moves) + 1, player, end, index, coins[index], tie))
        i, j = (i + 1, j) if end == "left" else (i, j - 1)
    return moves


# --- the command ------------------------------------------------------------------------------------


def run_trace(row: Sequence[int], slug: str, *, as_json: bool = False) -> int:
    """Print the trace of ``row`` for the formulation ``slug`` (or ``--json``); return 0.

    Raises:
        UsageError: an empty row, or an odd row for the parity strategy.
    """
    if not row:
        raise UsageError('trace needs a row of coins, e.g. make trace ROW="5 3 7 10"')
    formulation = by_slug(slug)
    coins = list(row)
    if formulation.returns.is_guarantee:
        data = parity_json(formulation, coins)
        if not as_json:
            show_parity(data, output_console())
    else:
        data = trace_json(formulation, coins)
        if not as_json:
            show_trace(formulation, coins, data, output_console())
    if as_json:
        print(json.dumps(data, indent=1))
    return 0


def _moves_json(moves: Sequence[Move]) -> list[dict[str, Any]]:
    return [
        {
            "turn": m.turn,
            "player": m.player,
            "end": m.end,
            "index": m.index,
            "coin": m.coin,
            "tie": m.tie,
            "first": t.first,
            "second": t.second,
        }
        for m, t in zip(moves, running_totals(moves), strict=True)
    ]


def _verdicts(totals: Totals) -> dict[str, Any]:
    return {
        "totals": totals_json(totals),
        "winner": winner(totals),
        "first_player_can_win": first_player_can_win(totals),
    }


def _value_json(value: CellValue) -> int | list[int]:
    return list(value) if isinstance(value, tuple) else value


def trace_json(formulation: Formulation, coins: Sequence[int]) -> dict[str, Any]:
    """The trace as plain JSON data (schema in docs/json-output.md)."""
    view = table_view(formulation)
    steps = table_steps(coins, view)
    top = steps[-1]
    return {
        "command": "trace",
        "formulation": formulation.slug,
        "row": list(coins),
        "sum": sum(coins),
        "table": {
            "symbol": view.kind.symbol,
            "holds": view.kind.quantity.key,
            "state": formulation.state if view.note is None else by_slug("difference_dp").state,
            "note": view.note,
            "cells": [
                {
                    "i": s.i,
                    "j": s.j,
                    "value": _value_json(view.value(s)),
                    "ends": list(s.ends),
                }
                for s in steps
            ],
        },
        "answer": {
            "cell": view.kind.name(top.i, top.j),
            "value": _value_json(view.value(top)),
            "read": formulation.answer,
        },
        "line": _moves_json(optimal_line(coins)),
        **_verdicts(optimal_totals(coins)),
    }


def parity_json(formulation: Formulation, coins: Sequence[int]) -> dict[str, Any]:
    """The parity trace as plain JSON data (schema in docs/json-output.md)."""
    moves = parity_line(coins)
    achieved = running_totals(moves)[-1] if moves else Totals(0, 0)
    optimum = optimal_totals(coins)
    classes = {
        name: {"indices": list(range(start, len(coins), 2)), "sum": sum(coins[start::2])}
        for name, start in (("even", 0), ("odd", 1))
    }
    chosen = chosen_class(coins)
    return {
        "command": "trace",
        "formulation": formulation.slug,
        "row": list(coins),
        "sum": sum(coins),
        "classes": classes,
        "chosen": chosen,
        "guarantee": classes[chosen]["sum"],
        "parity_line": _moves_json(moves),
        "parity_totals": totals_json(achieved),
        "shortfall": optimum.first - achieved.first,
        "line": _moves_json(optimal_line(coins)),
        **_verdicts(optimum),
    }


# --- drawing ----------------------------------------------------------------------------------------


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
        Text(f"Trace of parity_strategy on {coins} (n = {len(coins)}, sum {data['sum']})", style="bold")
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
