"""``coinrow trace``: its options, and one row's trace printed as tables or JSON."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from coinrow.game.registry import by_slug
from coinrow.game.rowarg import UsageError, add_row_arguments, formulation_slug, row_of
from coinrow.tools.console import output_console
from coinrow.tools.trace.trace import OddRow, parity_json, trace_json
from coinrow.tools.trace.trace_tables import show_parity, show_trace


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow trace``."""
    parser.description = "The formulation's table, how the answer is read, and the optimal line of play."
    add_row_arguments(parser)
    parser.add_argument("-f", "--formulation", default="difference_dp", help="a slug (default difference_dp)")


def run(args: argparse.Namespace) -> int:
    """``coinrow trace``: the table and the optimal line of play, or ``--json``."""
    try:
        slug = formulation_slug(args.formulation)
    except UsageError as error:
        raise UsageError(str(error), "--formulation", args.formulation) from None
    return run_trace(row_of(args), slug, as_json=args.json)


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
        try:
            data = parity_json(formulation, coins)
        except OddRow as error:
            raise UsageError(str(error)) from None
        if not as_json:
            show_parity(data, output_console())
    else:
        data = trace_json(formulation, coins)
        if not as_json:
            show_trace(formulation, coins, data, output_console())
    if as_json:
        print(json.dumps(data, indent=1))
    return 0
