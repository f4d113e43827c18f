"""``coinrow compare``: its options, and the comparison measured, then printed as tables or JSON."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path

from coinrow.game.oracle import ORACLE_MAX_N
from coinrow.game.registry import IMPLS
from coinrow.game.rowarg import (
    UsageError,
    add_impl_option,
    add_row_arguments,
    impl_dir,
    parse_sizes,
    row_of,
)
from coinrow.grader import Progress
from coinrow.tools.compare.compare import REFERENCE, RowTooLong, build, check_rows, to_json
from coinrow.tools.compare.compare_tables import show
from coinrow.tools.compare.growth import (
    ORACLE_SIZES,
    SIZES,
    Budget,
    PlotUnavailable,
    measure,
    plot_growth,
    require_plot,
)
from coinrow.tools.console import output_console


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow compare``."""
    parser.description = "Three tables: answers (against the exhaustive oracle), anatomy, growth."
    add_row_arguments(parser)
    add_impl_option(parser, "solutions")
    parser.add_argument("--plot", help="also draw the growth table as a log-log chart (.png, .svg or .pdf)")
    parser.add_argument("--sizes", help='row lengths to time, e.g. --sizes="64 128" (default 128 … 2048)')
    parser.add_argument("--oracle-sizes", help="row lengths to time the oracle at (default 8 … 20, step 2)")
    parser.add_argument(
        "--spoilers", action="store_true", help="show every formulation's recurrence, solved or not"
    )


def _sizes(option: str, text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    sizes = parse_sizes(option, text)
    if option == "--oracle-sizes" and max(sizes) > ORACLE_MAX_N:
        raise UsageError(f"{option}: the exhaustive oracle stops at n = {ORACLE_MAX_N}")
    return sizes


def run(args: argparse.Namespace) -> int:
    """``coinrow compare``: the three tables, or ``--json``."""
    solved = Progress(IMPLS["problems"]).solved()  # a recurrence is shown once you have solved it
    return run_compare(
        row_of(args),
        impl=args.impl,
        as_json=args.json,
        plot=args.plot,
        sizes=_sizes("--sizes", args.sizes),
        oracle_sizes=_sizes("--oracle-sizes", args.oracle_sizes),
        revealed=(lambda slug: True) if args.spoilers else solved.__contains__,
    )


def run_compare(
    row: Sequence[int],
    *,
    impl: str = REFERENCE,
    as_json: bool = False,
    plot: str | None = None,
    sizes: Sequence[int] | None = None,
    oracle_sizes: Sequence[int] | None = None,
    budget: Budget | None = None,
    revealed: Callable[[str], bool] = lambda slug: False,
) -> int:
    """Print the three tables (or ``--json``) for ``row`` (empty: the seed rows); return 0.

    ``sizes`` and ``oracle_sizes`` default to ``growth.SIZES`` and ``growth.ORACLE_SIZES``.
    ``revealed(slug)`` says whether a formulation's recurrence may be shown (a solved kata,
    or ``--spoilers``); every other recurrence is hidden, in the tables and in the JSON.

    Raises:
        UsageError: bad ``impl``, a row over the oracle's limit, or a plot that cannot be drawn.
    """
    try:
        rows = check_rows(row)
    except RowTooLong as error:
        raise UsageError(str(error)) from None
    plot_path = Path(plot) if plot else None
    try:
        if plot_path:
            require_plot(plot_path)
        comparison = build(rows, impl, impl_dir(impl), sizes or SIZES, oracle_sizes or ORACLE_SIZES)
        comparison.revealed = revealed
        measure(comparison.series, budget or Budget())
        if plot_path:
            comparison.plot = plot_growth(comparison.series, plot_path)
    except (PlotUnavailable, OSError) as error:  # a bad suffix, no matplotlib, or a path it cannot write
        raise UsageError(str(error)) from None
    if as_json:
        print(json.dumps(to_json(comparison), indent=1, default=repr))
    else:
        show(comparison, output_console())
    return 0
