"""``trace``: one row, move by move: the formulation's table, how the answer is read, the line of play.

The table is the formulation's own (the registry's ``table``, a
``coinrow.game.tables.TableKind``), drawn from the steps ``coinrow.game.game.fill_steps``
yields: ``D`` holds the mover's difference; ``F`` (min-of-opponent, prefix-sum)
the mover's total; ``P`` (paired tuple) the pair (mover's, other's). A
formulation that fills no table of its own is shown on the difference table,
with a note saying so. A strategy that only guarantees a total (the parity
strategy) has no table: its trace shows the two position classes and its play
against an optimal opponent beside optimal play. ``coinrow.tools.trace.trace_tables`` draws it as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from coinrow.game.game import (
    End,
    Step,
    Totals,
    fill_steps,
    first_player_can_win,
    optimal_totals,
    parity_class_sums,
    totals_json,
    winner,
)
from coinrow.game.line import Move, Player, line_of, optimal_choice, optimal_line
from coinrow.game.quantity import CellValue
from coinrow.game.registry import Formulation, by_slug
from coinrow.game.tables import DIFFERENCE_TABLE, TableKind


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


def table_steps(coins: Sequence[int], view: TableView) -> list[Step]:
    """Every cell of the view's table in the order interval DP fills it (``coinrow.game.game.fill_steps``)."""
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


class OddRow(ValueError):
    """The parity strategy asked of a row with an odd number of coins; ``str()`` is the one-line message."""


def parity_line(coins: Sequence[int]) -> list[Move]:
    """The first player follows the parity strategy; the second plays optimally.

    Raises:
        OddRow: if the number of coins is odd.
    """
    if len(coins) % 2:
        raise OddRow(
            f"the parity strategy needs an even number of coins, got {len(coins)}: with an odd row "
            "both ends are in the even class, and after the first move the second player owns the strategy"
        )
    parity = 0 if chosen_class(coins) == "even" else 1
    optimal = optimal_choice(coins)

    def choose(i: int, j: int, player: Player) -> tuple[End, bool]:
        if player == "first":  # the end whose index is in the chosen class; never a tie
            return ("left" if i % 2 == parity else "right"), False
        return optimal(i, j, player)

    return line_of(coins, choose)


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


def _trace_data(
    formulation: Formulation, coins: Sequence[int], own: dict[str, Any], optimum: Totals
) -> dict[str, Any]:
    """A trace's JSON: the command and the row, the formulation's ``own`` part, then the optimal line of
    play and the verdicts every trace ends with."""
    return {
        "command": "trace",
        "formulation": formulation.slug,
        "row": list(coins),
        "sum": sum(coins),
        **own,
        "line": _moves_json(optimal_line(coins)),
        **_verdicts(optimum),
    }


def trace_json(formulation: Formulation, coins: Sequence[int]) -> dict[str, Any]:
    """The trace as plain JSON data (schema in docs/json-output.md)."""
    view = table_view(formulation)
    steps = table_steps(coins, view)
    top = steps[-1]
    own = {
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
    }
    return _trace_data(formulation, coins, own, optimal_totals(coins))


def parity_json(formulation: Formulation, coins: Sequence[int]) -> dict[str, Any]:
    """The parity trace as plain JSON data (schema in docs/json-output.md).

    Raises:
        OddRow: if the number of coins is odd.
    """
    moves = parity_line(coins)
    achieved = running_totals(moves)[-1] if moves else Totals(0, 0)
    optimum = optimal_totals(coins)
    classes = {
        name: {"indices": list(range(start, len(coins), 2)), "sum": sum(coins[start::2])}
        for name, start in (("even", 0), ("odd", 1))
    }
    chosen = chosen_class(coins)
    strategy = {
        "classes": classes,
        "chosen": chosen,
        "guarantee": classes[chosen]["sum"],
        "parity_line": _moves_json(moves),
        "parity_totals": totals_json(achieved),
        "shortfall": optimum.first - achieved.first,
    }
    return _trace_data(formulation, coins, strategy, optimum)
