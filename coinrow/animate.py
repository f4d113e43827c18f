"""Write one self-contained HTML page that animates a DP table filling, interval length by length.

Usage: ``python -m coinrow.animate --row "5 3 7 10" [-F difference_dp] [--out build/animation.html]``

Every number on the page is computed here, in Python, from ``coinrow.game.difference_table``
and embedded as JSON; the page's script only reveals the steps (Step, Run with a speed
control, Reset, arrow keys). The table shown is the chosen formulation's own table:

- ``difference_dp``, ``top_down_memo``: ``D[i][j]``, the mover's score difference on coins i..j
  (the memo holds the same values; the page fills them bottom-up by interval length);
- ``min_of_opponent_dp``, ``prefix_sum_dp``: ``F[i][j]``, the mover's total on coins i..j;
- ``paired_tuple_dp``: ``P[i][j]``, the pair (mover's total, other's total) on coins i..j.

``parity_strategy`` has no table and is refused.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path

from coinrow.game import End, difference_table, optimal_line, optimal_totals, prefix_sums
from coinrow.quantity import TableQuantity
from coinrow.registry import FORMULATIONS, by_slug
from coinrow.rowarg import OneLineParser, parse_row

MAX_COINS = 30  # a 30 x 30 table is still readable on a laptop screen
DEFAULT_ROW = (5, 3, 7, 10)
DEFAULT_OUT = Path("build") / "animation.html"
TABLE_SLUGS = tuple(f.slug for f in FORMULATIONS if f.fills_table)
TEMPLATE = "animate_template.html"
DATA_MARK = "/*ANIMATION_DATA*/null"


@dataclass(frozen=True)
class Candidate:
    """One way to fill a cell: take the ``end`` coin; ``formula`` shows the arithmetic."""

    end: End
    formula: str
    chosen: bool


@dataclass(frozen=True)
class Step:
    """One cell of the table as it is filled: its value, the cells it read, the branches it weighed."""

    i: int
    j: int
    value: str
    reads: list[tuple[int, int]] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    base: str = ""  # the base-case formula, for cells that read nothing


def _interval_sums(coins: Sequence[int]) -> dict[tuple[int, int], int]:
    """``sum(coins[i..j])`` for every non-empty interval, by prefix sums; 0 for an empty one."""
    prefix = prefix_sums(coins)
    n = len(coins)
    return {(i, j): prefix[j + 1] - prefix[i] for i in range(n + 1) for j in range(i - 1, n)}


def _n(value: int) -> str:
    """An operand in a formula: negatives in brackets, so ``6 − (-14)`` reads right."""
    return f"({value})" if value < 0 else str(value)


def _with_choice(options: list[tuple[End, str, int]]) -> list[Candidate]:
    """Mark the options whose score (the third item) is the best; both on a tie."""
    best = max(score for _, _, score in options)
    return [Candidate(end, formula, score == best) for end, formula, score in options]


def animation_steps(coins: Sequence[int], slug: str = "difference_dp") -> list[Step]:
    """The cells of ``slug``'s table in the order a bottom-up fill computes them (by interval length).

    Args:
        coins: the row, 1 <= n <= MAX_COINS, exact ints.
        slug: one of ``TABLE_SLUGS``.

    Returns:
        n(n+1)/2 steps, the diagonal first, ``(0, n-1)`` last. Values are the formulation's own:
        differences, first-player totals, or ``"mover, other"`` pairs (see the module docstring).

    Raises:
        KeyError: if ``slug`` is unknown or has no table.

    >>> [s.value for s in animation_steps([5, 3, 7, 10])][-1]
    '5'
    """
    if slug not in TABLE_SLUGS:
        raise KeyError(f"{slug!r} has no table to animate; choose one of: {', '.join(TABLE_SLUGS)}")
    a = list(coins)
    diff = {key: cell.value for key, cell in difference_table(a).items()}
    total = _interval_sums(a)
    # The mover's total on i..j is (sum + difference) / 2; an empty interval gives 0.
    mine = {key: (total[key] + d) // 2 for key, d in diff.items()}
    returns = by_slug(slug).returns
    steps: list[Step] = []
    for length in range(1, len(a) + 1):
        for i in range(len(a) - length + 1):
            j = i + length - 1
            if returns.key == "difference":
                steps.append(_difference_step(a, diff, i, j))
            elif returns.key == "totals":
                steps.append(_pair_step(a, mine, total, i, j))
            elif slug == "min_of_opponent_dp":
                steps.append(_min_of_opponent_step(a, mine, i, j))
            else:
                steps.append(_prefix_sum_step(a, mine, total, i, j))
    return steps


def _difference_step(a: list[int], d: dict[tuple[int, int], int], i: int, j: int) -> Step:
    if i == j:
        return Step(i, j, str(a[i]), base=f"D[{i}][{i}] = a[{i}] = {a[i]}")
    left, right = d[i + 1, j], d[i, j - 1]
    options: list[tuple[End, str, int]] = [
        ("left", f"a[{i}] − D[{i + 1}][{j}] = {_n(a[i])} − {_n(left)} = {a[i] - left}", a[i] - left),
        ("right", f"a[{j}] − D[{i}][{j - 1}] = {_n(a[j])} − {_n(right)} = {a[j] - right}", a[j] - right),
    ]
    return Step(i, j, str(d[i, j]), [(i + 1, j), (i, j - 1)], _with_choice(options))


def _prefix_sum_step(
    a: list[int], f: dict[tuple[int, int], int], s: dict[tuple[int, int], int], i: int, j: int
) -> Step:
    if i == j:
        return Step(i, j, str(a[i]), base=f"F[{i}][{i}] = a[{i}] = {a[i]}")
    left = a[i] + s[i + 1, j] - f[i + 1, j]
    right = a[j] + s[i, j - 1] - f[i, j - 1]
    options: list[tuple[End, str, int]] = [
        (
            "left",
            f"a[{i}] + S({i + 1}..{j}) − F[{i + 1}][{j}]"
            f" = {_n(a[i])} + {_n(s[i + 1, j])} − {_n(f[i + 1, j])} = {left}",
            left,
        ),
        (
            "right",
            f"a[{j}] + S({i}..{j - 1}) − F[{i}][{j - 1}]"
            f" = {_n(a[j])} + {_n(s[i, j - 1])} − {_n(f[i, j - 1])} = {right}",
            right,
        ),
    ]
    return Step(i, j, str(f[i, j]), [(i + 1, j), (i, j - 1)], _with_choice(options))


def _min_of_opponent_step(a: list[int], f: dict[tuple[int, int], int], i: int, j: int) -> Step:
    if i == j:
        return Step(i, j, str(a[i]), base=f"F[{i}][{i}] = a[{i}] = {a[i]}")

    def term(p: int, q: int) -> tuple[str, int]:
        return (f"F[{p}][{q}]", f[p, q]) if p <= q else ("0", 0)  # an empty interval is worth 0

    # After taking an end, the opponent leaves the mover the smaller of two intervals.
    branches: tuple[tuple[End, int, tuple[int, int], tuple[int, int]], ...] = (
        ("left", i, (i + 2, j), (i + 1, j - 1)),
        ("right", j, (i + 1, j - 1), (i, j - 2)),
    )
    options: list[tuple[End, str, int]] = []
    for end, coin, (p1, q1), (p2, q2) in branches:
        (name1, v1), (name2, v2) = term(p1, q1), term(p2, q2)
        score = a[coin] + min(v1, v2)
        formula = f"a[{coin}] + min({name1}, {name2}) = {_n(a[coin])} + min({v1}, {v2}) = {score}"
        options.append((end, formula, score))
    reads = sorted({(p, q) for p, q in ((i + 2, j), (i + 1, j - 1), (i, j - 2)) if p <= q})
    return Step(i, j, str(f[i, j]), reads, _with_choice(options))


def _pair_step(
    a: list[int], f: dict[tuple[int, int], int], s: dict[tuple[int, int], int], i: int, j: int
) -> Step:
    def pair(p: int, q: int) -> tuple[int, int]:
        return f[p, q], s[p, q] - f[p, q]

    if i == j:
        return Step(i, j, f"{a[i]}, 0", base=f"P[{i}][{i}] = (a[{i}], 0) = ({a[i]}, 0)")
    (lm, lo), (rm, ro) = pair(i + 1, j), pair(i, j - 1)
    options: list[tuple[End, str, int]] = [
        (
            "left",
            f"(a[{i}] + P[{i + 1}][{j}].other, P[{i + 1}][{j}].mover) = ({a[i]} + {_n(lo)}, {lm})"
            f" = ({a[i] + lo}, {lm})",
            a[i] + lo,
        ),
        (
            "right",
            f"(a[{j}] + P[{i}][{j - 1}].other, P[{i}][{j - 1}].mover) = ({a[j]} + {_n(ro)}, {rm})"
            f" = ({a[j] + ro}, {rm})",
            a[j] + ro,
        ),
    ]
    mover, other = pair(i, j)
    return Step(i, j, f"{mover}, {other}", [(i + 1, j), (i, j - 1)], _with_choice(options))


def animation_data(coins: Sequence[int], slug: str = "difference_dp") -> dict[str, object]:
    """Everything the page shows, as JSON-ready data: row, steps, answer and optimal line.

    Raises:
        KeyError: as ``animation_steps``.
    """
    formulation = by_slug(slug)
    totals = optimal_totals(coins)
    quantity = formulation.returns
    assert isinstance(quantity, TableQuantity)
    symbol = quantity.symbol
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
    template = resources.files("coinrow").joinpath(TEMPLATE).read_text(encoding="utf-8")
    return embed_data(template, animation_data(coins, slug))


def embed_data(template: str, data: dict[str, object]) -> str:
    r"""``template`` with ``DATA_MARK`` replaced by ``data`` as JSON, safe inside a ``<script>``.

    "</" in the data (a title holding "</script>", say) would end the script early;
    it is written "<\/", the same string to JSON and to JavaScript.

    >>> embed_data("<script>D = /*ANIMATION_DATA*/null;</script>", {"title": "</script>"})
    '<script>D = {"title": "<\\/script>"};</script>'
    """
    return template.replace(DATA_MARK, json.dumps(data, ensure_ascii=False).replace("</", "<\\/"))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the page and print its path. Bad input: one line on stderr, exit 2."""
    parser = OneLineParser(
        prog="python -m coinrow.animate", description="Write an HTML animation of a DP table filling."
    )
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
    args = parser.parse_args(argv)
    try:
        formulation = by_slug(args.formulation)
    except KeyError as error:
        parser.error(f"--formulation: {error.args[0]}")
    if not formulation.fills_table:
        parser.error(
            f"{formulation.slug} has no table to animate (it keeps no n x n interval table); "
            f"these do: {', '.join(TABLE_SLUGS)}"
        )
    try:
        coins = parse_row(args.row, MAX_COINS, required=True)
    except ValueError as error:
        parser.error(f"--row: {error}")
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(render_html(coins, args.formulation), encoding="utf-8")
    except OSError as error:
        parser.error(f"--out: cannot write {args.out}: {error.strerror}")
    print(f"wrote {args.out} ({by_slug(args.formulation).title}, {len(coins)} coins); open it in a browser")
    return 0


if __name__ == "__main__":
    sys.exit(main())
