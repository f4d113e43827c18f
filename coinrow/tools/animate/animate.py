"""Write one self-contained HTML page that animates a DP table filling, interval length by length.

Usage: ``coinrow animate --row "5 3 7 10" [-F difference_dp] [--out build/animation.html]``

Every number on the page is computed in Python, by ``coinrow.game.game.fill_steps`` for the
formulation's table (the registry's ``table``), written out here and embedded as JSON; the
page's script only reveals the steps (Step, Run with a speed control, Reset, arrow keys).
The table shown is the chosen formulation's own table:

- ``difference_dp``, ``top_down_memo``: ``D[i][j]``, the mover's score difference on coins i..j
  (the memo holds the same values; the page fills them bottom-up by interval length);
- ``min_of_opponent_dp``, ``prefix_sum_dp``: ``F[i][j]``, the mover's total on coins i..j;
- ``paired_tuple_dp``: ``P[i][j]``, the pair (mover's total, other's total) on coins i..j.

A formulation that fills no table (``parity_strategy``, ``rolling_array``, …) is refused.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path

from coinrow.game.game import End, Recurrence, Totals, fill_steps, optimal_totals, taken
from coinrow.game.line import optimal_line
from coinrow.game.quantity import CellValue
from coinrow.game.registry import FORMULATIONS, by_slug
from coinrow.game.rowarg import UsageError, formulation_slug, row_option
from coinrow.game.tables import TableKind

DEFAULT_ROW = (5, 3, 7, 10)
DEFAULT_OUT = Path("build") / "animation.html"
TABLE_SLUGS = tuple(f.slug for f in FORMULATIONS if f.fills_table)
TEMPLATE = "animate_template.html"
DATA_MARK = "/*ANIMATION_DATA*/null"


@dataclass(frozen=True)
class Branch:
    """One way to fill a cell: take the ``end`` coin; ``formula`` shows the arithmetic."""

    end: End
    formula: str
    chosen: bool


@dataclass(frozen=True)
class Frame:
    """One cell of the table as the page reveals it: its value, the cells it read, the branches it weighed."""

    i: int
    j: int
    value: str
    reads: list[tuple[int, int]] = field(default_factory=list)
    candidates: list[Branch] = field(default_factory=list)
    base: str = ""  # the base-case formula, for cells that read nothing


@dataclass(frozen=True)
class Filled:
    """The row and the cells filled so far, which a formula reads: totals by interval (empty: 0, 0)."""

    a: list[int]
    totals: dict[tuple[int, int], Totals]

    def of(self, p: int, q: int) -> Totals:
        """The optimal totals (mover first) on coins ``p..q``; ``Totals(0, 0)`` when ``p > q``."""
        return self.totals.get((p, q), Totals(0, 0))

    def d(self, p: int, q: int) -> int:
        """``D[p][q]``, the mover's score difference."""
        return self.of(p, q).difference

    def f(self, p: int, q: int) -> int:
        """``F[p][q]``, the mover's total."""
        return self.of(p, q).first

    def s(self, p: int, q: int) -> int:
        """``S(p..q)``, the interval's sum."""
        return self.of(p, q).first + self.of(p, q).second


def _n(value: int) -> str:
    """An operand in a formula: negatives in brackets, so ``6 − (-14)`` reads right."""
    return f"({value})" if value < 0 else str(value)


def _text(value: CellValue) -> str:
    """A cell's value on the page: ``5``, or a pair ``15, 10``."""
    return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)


# How each recurrence writes a candidate: (cells filled so far, i, j, end) -> formula.
Formula = Callable[[Filled, int, int, End], str]


def _difference(c: Filled, i: int, j: int, end: End) -> str:
    k, (p, q) = taken(i, j, end)
    return f"a[{k}] − D[{p}][{q}] = {_n(c.a[k])} − {_n(c.d(p, q))} = {c.a[k] - c.d(p, q)}"


def _prefix_sum(c: Filled, i: int, j: int, end: End) -> str:
    k, (p, q) = taken(i, j, end)
    mover = c.a[k] + c.s(p, q) - c.f(p, q)
    return f"a[{k}] + S({p}..{q}) − F[{p}][{q}] = {_n(c.a[k])} + {_n(c.s(p, q))} − {_n(c.f(p, q))} = {mover}"


def _min_of_opponent(c: Filled, i: int, j: int, end: End) -> str:
    # After taking an end, the opponent leaves the mover the smaller of two intervals: its reply takes
    # the left or the right end of the rest.
    k, rest = taken(i, j, end)
    first, second = (taken(*rest, reply)[1] for reply in ("left", "right"))
    names = [f"F[{p}][{q}]" if p <= q else "0" for p, q in (first, second)]  # an empty interval is worth 0
    values = [c.f(*first), c.f(*second)]
    mover = c.a[k] + min(values)
    return f"a[{k}] + min({names[0]}, {names[1]}) = {_n(c.a[k])} + min({values[0]}, {values[1]}) = {mover}"


def _pair(c: Filled, i: int, j: int, end: End) -> str:
    k, (p, q) = taken(i, j, end)
    cell, rest = f"P[{p}][{q}]", c.of(p, q)
    return (
        f"(a[{k}] + {cell}.other, {cell}.mover) = ({c.a[k]} + {_n(rest.second)}, {rest.first})"
        f" = ({c.a[k] + rest.second}, {rest.first})"
    )


FORMULAS: dict[Recurrence, Formula] = {
    "difference": _difference,
    "min_of_opponent": _min_of_opponent,
    "prefix_sum": _prefix_sum,
    "pair": _pair,
}


def animation_steps(coins: Sequence[int], slug: str = "difference_dp") -> list[Frame]:
    """The cells of ``slug``'s table in the order a bottom-up fill computes them (by interval length).

    Args:
        coins: the row, 1 <= n <= MAX_COINS, exact ints.
        slug: one of ``TABLE_SLUGS``.

    Returns:
        n(n+1)/2 frames, the diagonal first, ``(0, n-1)`` last, one per step of
        ``coinrow.game.game.fill_steps``. Values are the formulation's own: differences,
        first-player totals, or ``"mover, other"`` pairs (see the module docstring).

    Raises:
        KeyError: if ``slug`` is unknown or has no table.

    >>> [s.value for s in animation_steps([5, 3, 7, 10])][-1]
    '5'
    """
    kind = _table_of(slug)
    formula, symbol = FORMULAS[kind.recurrence], kind.quantity.symbol
    filled = Filled(list(coins), {})
    frames = []
    for step in fill_steps(coins, kind.recurrence):
        i, j, value = step.i, step.j, kind.value(step)
        filled.totals[i, j] = step.totals
        if not step.candidates:  # the base case: one coin, the mover takes it
            one = f"a[{i}] = {coins[i]}" if isinstance(value, int) else f"(a[{i}], 0) = ({coins[i]}, 0)"
            frames.append(Frame(i, j, _text(value), base=f"{symbol}[{i}][{i}] = {one}"))
            continue
        branches = [Branch(c.end, formula(filled, i, j, c.end), c.chosen) for c in step.candidates]
        frames.append(Frame(i, j, _text(value), list(step.reads), branches))
    return frames


def _table_of(slug: str) -> TableKind:
    """The table ``slug`` fills. Raises ``KeyError`` if ``slug`` is unknown or fills none."""
    kind = by_slug(slug).table
    if kind is None:
        raise KeyError(f"{slug!r} has no table to animate; choose one of: {', '.join(TABLE_SLUGS)}")
    return kind


def animation_data(coins: Sequence[int], slug: str = "difference_dp") -> dict[str, object]:
    """Everything the page shows, as JSON-ready data: row, steps, answer and optimal line.

    Raises:
        KeyError: as ``animation_steps``.
    """
    formulation, symbol = by_slug(slug), _table_of(slug).quantity.symbol
    totals = optimal_totals(coins)
    return {
        "row": list(coins),
        "slug": slug,
        "title": formulation.title,
        "symbol": symbol,
        "state": formulation.state,
        "recurrence": formulation.recurrence,
        "answerRule": formulation.answer,
        "steps": [asdict(step) for step in animation_steps(coins, slug)],
        "first": totals.first,
        "second": totals.second,
        "difference": totals.difference,
        "line": [
            {"turn": m.turn, "player": m.player, "end": m.end, "index": m.index, "coin": m.coin, "tie": m.tie}
            for m in optimal_line(coins)
        ],
    }


def render_html(coins: Sequence[int], slug: str = "difference_dp") -> str:
    """The whole page: the template with ``animation_data`` embedded (no network resources).

    Raises:
        KeyError: as ``animation_steps``.
    """
    template = resources.files("coinrow.tools.animate").joinpath(TEMPLATE).read_text(encoding="utf-8")
    return embed_data(template, animation_data(coins, slug))


def embed_data(template: str, data: dict[str, object]) -> str:
    r"""``template`` with ``DATA_MARK`` replaced by ``data`` as JSON, safe inside a ``<script>``.

    "</" in the data (a title holding "</script>", say) would end the script early;
    it is written "<\/", the same string to JSON and to JavaScript.

    >>> embed_data("<script>D = /*ANIMATION_DATA*/null;</script>", {"title": "</script>"})
    '<script>D = {"title": "<\\/script>"};</script>'
    """
    return template.replace(DATA_MARK, json.dumps(data, ensure_ascii=False).replace("</", "<\\/"))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow animate``."""
    parser.add_argument("--row", default=" ".join(map(str, DEFAULT_ROW)), help='coins, e.g. "5 3 7 10"')
    parser.add_argument(
        "--formulation",
        "-F",
        default="difference_dp",
        metavar="SLUG",
        help=f"one of: {', '.join(TABLE_SLUGS)} (default difference_dp)",
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"where to write (default {DEFAULT_OUT})"
    )


def run(args: argparse.Namespace) -> int:
    """``coinrow animate``: write the page and print its path; 0.

    Raises:
        UsageError: an unknown slug or one without a table, a bad row, or an ``--out`` it cannot write.
    """
    try:
        formulation = by_slug(formulation_slug(args.formulation))
    except UsageError as error:
        raise UsageError(str(error), "--formulation", args.formulation) from None
    if not formulation.fills_table:
        raise UsageError(
            f"{formulation.slug} has no table to animate (it keeps no n x n interval table); "
            f"these do: {', '.join(TABLE_SLUGS)}"
        )
    coins = row_option(args.row)
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(render_html(coins, args.formulation), encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot write it: {error.strerror}", "--out", args.out) from None
    print(f"wrote {args.out} ({by_slug(args.formulation).title}, {len(coins)} coins); open it in a browser")
    return 0
