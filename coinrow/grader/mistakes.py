"""The catalogued mistakes, each a model: a small function that replays one known wrong answer.

A model returns what an attempt with exactly that mistake returns for a row, in
the graded quantity of its formulation (a difference, a first total, a pair or
a parity guarantee). Some mistakes come in a few common shapes (greedy breaks
ties to the left or to the right; a row-major fill sets the one-coin cells
before or during the fill): these are variants of one mistake and share its id.
``tests/self/test_diagnosis.py`` proves that the probe rows tell every two
mistakes of a formulation apart, and each from the right answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from coinrow.game.game import Totals, optimal_totals, parity_class_sums
from coinrow.game.registry import Formulation
from coinrow.grader.models import (
    Policy,
    Replay,
    Rule,
    as_pair,
    difference_rule,
    floats,
    half_by_float,
    int64_difference,
    interval_dp,
    larger_end,
    one_step_lookahead,
    opponent_rule,
    other_end_rule,
    pair_dp,
    pair_rule,
    parity_totals,
    play,
    prefix_rule,
    reduction,
    same_side_rule,
    whole_sum_rule,
)


@dataclass(frozen=True)
class Mistake:
    """One catalogued mistake: its id, what it is in a clause, and its model (variants share the id)."""

    id: str
    text: str
    variants: tuple[Replay, ...]


GREEDY = "both players take the larger end every turn, which is not optimal play"
LOOKAHEAD = "each move looks one coin ahead (my coin minus the larger end it leaves), not at the whole rest"
PARITY = "the parity strategy's guarantee (the larger class sum) is returned: a lower bound, not the optimum"
BASE = "a missing base case: the one-coin intervals are worth 0 instead of their coin"
MIN_FOR_MAX = "the mover minimises where it should maximise (min where max belongs)"
ROW_MAJOR = (
    "a wrong fill order: row by row from the top reads cells (i+1, j) before they are computed; "
    "fill by interval length, or with i from n-1 down"
)
SHORT_LENGTH = "the interval length stops one short: the whole-row cell (0, n-1) is never filled"
FLOATS = "the numbers go through floats, exact only up to 2**53: keep ints (and // for halves)"
OTHER_END = "the opponent is assumed to always take the other end, not to reply optimally"
INT64 = "int64 arithmetic wraps past 2**63 - 1: use Python ints (dtype=object) when sums get that large"
OPPONENT_HELPS = "the opponent's reply is maximised (max where min belongs), as if the opponent helped you"
ROLES_NOT_SWAPPED = "roles not swapped: the mover adds the next cell's mover part, as if it moved twice"


QUANTITIES = {
    "first": "the first player's total",
    "second": "the second player's total",
    "difference": "the difference first - second",
}


def quantity_mistake(name: str, wanted: str) -> Mistake:
    """The right game, the wrong quantity returned: ``name`` where ``wanted`` belongs (keys of QUANTITIES)."""
    return Mistake(
        f"wrong-quantity-{name}",
        f"the wrong quantity: this is {QUANTITIES[name]}, not {QUANTITIES[wanted]}",
        (lambda row: getattr(optimal_totals(row), name),),
    )


def play_mistakes(quantity: Callable[[Totals], object]) -> list[Mistake]:
    """Mistakes of play, the same in every value formulation (in its own quantity)."""

    def both_tie_breaks(policy: Callable[[bool], Policy]) -> tuple[Replay, ...]:
        """Both players follow ``policy``: ties go left in one variant, right in the other."""
        return tuple(played(policy(tie_left)) for tie_left in (True, False))

    def played(policy: Policy) -> Replay:
        return lambda row: quantity(play(row, policy))

    return [
        Mistake("greedy", GREEDY, both_tie_breaks(larger_end)),
        Mistake("one-step-lookahead", LOOKAHEAD, both_tie_breaks(one_step_lookahead)),
        Mistake("parity-for-optimum", PARITY, (lambda row: quantity(parity_totals(row)),)),
    ]


def table_mistakes(fill: Callable[..., Replay]) -> list[Mistake]:
    """Mistakes of the table itself around a correct cell rule: ``fill(**change)`` replays one change."""
    no_coin = fill(one_coin=lambda coin: 0 * coin)

    def short(row: Sequence[int]) -> object:
        return fill(last_length=len(row) - 1)(row)

    return [
        # one-coin cells left empty, with or without a one-coin row answered on its own
        Mistake(
            "missing-base-case", BASE, (no_coin, lambda row: (fill() if len(row) == 1 else no_coin)(row))
        ),
        Mistake("row-major-fill", ROW_MAJOR, (fill(order="row-major"), fill(order="row-major-inline"))),
        # the one-coin cells filled apart, or in the same (short) loop, which leaves a one-coin row empty
        Mistake("off-by-one-length", SHORT_LENGTH, (short, lambda r: (no_coin if len(r) == 1 else short)(r))),
    ]


def changed_rule(
    table: Callable[[Sequence[Any], Rule], object], rule: Callable[..., Rule]
) -> Callable[..., Replay]:
    """``change(**arguments)``: the replay of ``table`` filled with the cell rule ``rule(**arguments)``, a
    correct rule with one argument changed (``choose=min`` for max, say)."""
    return lambda **arguments: lambda row: table(row, rule(**arguments))


def _filler(rule: Callable[[Sequence[Any]], Rule]) -> Callable[..., Replay]:
    """``fill(**change)`` for a table of single values whose cell rule is ``rule(row)``."""
    return lambda **change: lambda row: interval_dp(row, rule(row), **change)


def difference_mistakes() -> list[Mistake]:
    """Score-difference formulations (tables, memoisation, brute force, the peak reduction)."""
    difference = changed_rule(interval_dp, difference_rule)
    found = [
        *play_mistakes(lambda totals: totals.difference),
        *table_mistakes(_filler(lambda row: difference_rule())),
        Mistake(
            "plus-for-minus",
            "the opponent's result is added instead of subtracted (a[i] + D[i+1][j], not a[i] - D[i+1][j]), "
            "so every coin counts for the mover: this is the sum of the row",
            (difference(sign=+1),),
        ),
        Mistake("min-for-max", MIN_FOR_MAX, (difference(choose=min),)),
        Mistake("opponent-takes-other-end", OTHER_END, (lambda row: interval_dp(row, other_end_rule),)),
        Mistake("float-table", FLOATS, (lambda row: int(interval_dp(floats(row), difference_rule())),)),
        Mistake("int64-overflow", INT64, (int64_difference,)),
        quantity_mistake("first", "difference"),
        quantity_mistake("second", "difference"),
    ]
    return found


def peak_reduction_mistakes() -> list[Mistake]:
    """The linear-time peak reduction: merging peaks x <= y >= z into x - y + z."""
    return [
        Mistake(
            "strict-peak",
            "peaks are merged only when strict (x < y > z): ties x <= y >= z must merge too",
            (reduction(strict=True),),
        ),
        Mistake(
            "single-merge",
            "one merge per new coin (if, not while): a merge that makes a new peak is left standing",
            (reduction(repeat=False),),
        ),
    ]


def min_of_opponent_mistakes() -> list[Mistake]:
    """F[i][j] = max(a[i] + min(F[i+2][j], F[i+1][j-1]), a[j] + min(F[i+1][j-1], F[i][j-2]))."""
    opponent = changed_rule(interval_dp, opponent_rule)
    return [
        *table_mistakes(_filler(lambda row: opponent_rule())),
        Mistake("opponent-helps", OPPONENT_HELPS, (opponent(reply=max),)),
        Mistake("min-for-max", MIN_FOR_MAX, (opponent(choose=min),)),
        Mistake(
            "reply-not-minimised",
            "the opponent's reply is never minimised: F[i+2][j] and F[i][j-2] only, "
            "as if the opponent always took the same end as you",
            (lambda row: interval_dp(row, same_side_rule),),
        ),
        Mistake("opponent-takes-other-end", OTHER_END, (opponent(reply=lambda _same, other: other),)),
        Mistake(
            "float-table",
            FLOATS,
            (
                lambda row: int(interval_dp(floats(row), opponent_rule())),
                lambda row: half_by_float(row).first,
            ),
        ),
    ]


def prefix_sum_mistakes() -> list[Mistake]:
    """F[i][j] = max(a[i] + S(i+1..j) - F[i+1][j], a[j] + S(i..j-1) - F[i][j-1])."""
    return [
        *table_mistakes(_filler(prefix_rule)),
        Mistake("min-for-max", MIN_FOR_MAX, (lambda row: interval_dp(row, prefix_rule(row, choose=min)),)),
        Mistake(
            "off-by-one-range",
            "the interval sums end one coin early: sum(i+1..j-1) where sum(i+1..j) belongs",
            (lambda row: interval_dp(row, prefix_rule(row, (1, -1), (0, -2))),),
        ),
        Mistake(
            "whole-row-sum",
            "the whole row's sum is used where the interval's sum belongs",
            (lambda row: interval_dp(row, whole_sum_rule(row)),),
        ),
        Mistake(
            "float-table",
            FLOATS,
            (
                lambda row: int(interval_dp(floats(row), prefix_rule(floats(row)))),
                lambda row: half_by_float(row).first,
            ),
        ),
    ]


def paired_tuple_mistakes() -> list[Mistake]:
    """P[i][j] = (mover's total, other's total), the better of taking either end."""
    pair = changed_rule(pair_dp, pair_rule)
    return [
        *play_mistakes(as_pair),
        *table_mistakes(lambda **change: lambda row: pair_dp(row, pair_rule(), **change)),
        Mistake(
            "pair-swapped",
            "the pair comes back swapped: (second, first)",
            (lambda row: as_pair(optimal_totals(row))[::-1],),
        ),
        Mistake("roles-not-swapped", ROLES_NOT_SWAPPED, (pair(swap_roles=False),)),
        Mistake("min-for-max", MIN_FOR_MAX, (pair(choose=min),)),
        Mistake(
            "float-table",
            FLOATS,
            (lambda row: pair_dp(floats(row), pair_rule()), lambda row: as_pair(half_by_float(row))),
        ),
    ]


def parity_mistakes() -> list[Mistake]:
    """The parity strategy's guarantee, max(sum of even-index coins, sum of odd-index coins)."""
    return [
        Mistake(
            "optimal-total",
            "this is the optimal total; the parity strategy only guarantees the larger class sum",
            (lambda row: optimal_totals(row).first,),
        ),
        Mistake(
            "smaller-class", "the smaller class sum was chosen", (lambda row: min(parity_class_sums(row)),)
        ),
        Mistake(
            "one-class-always",
            "one class is always chosen: compare the two class sums",
            (lambda row: parity_class_sums(row)[0], lambda row: parity_class_sums(row)[1]),
        ),
    ]


def first_total_mistakes() -> list[Mistake]:
    """First-player-total formulations: the mistakes of play and of the quantity."""
    return [
        *play_mistakes(lambda totals: totals.first),
        quantity_mistake("difference", "first"),
        quantity_mistake("second", "first"),
    ]


# The mistakes of what a formulation returns (its quantity's key), of the table it fills (its
# recurrence), and of the families the registry names for it (``mistakes = [...]`` in its facts).
BY_QUANTITY: dict[str, Callable[[], list[Mistake]]] = {
    "difference": difference_mistakes,
    "first": first_total_mistakes,
    "totals": paired_tuple_mistakes,
    "parity": parity_mistakes,
}
BY_RECURRENCE: dict[str, Callable[[], list[Mistake]]] = {
    "min_of_opponent": min_of_opponent_mistakes,
    "prefix_sum": prefix_sum_mistakes,
}
BY_FAMILY: dict[str, Callable[[], list[Mistake]]] = {"peak-reduction": peak_reduction_mistakes}


def catalogued_mistakes(formulation: Formulation) -> tuple[Mistake, ...]:
    """The mistakes the diagnosis can name for ``formulation``: those of its quantity, of its table's
    recurrence and of the families its facts name (none for a line of moves)."""
    found = BY_QUANTITY.get(formulation.returns.key, list)()
    if formulation.table is not None:
        found += BY_RECURRENCE.get(formulation.table.recurrence, list)()
    for family in formulation.mistakes:
        found += BY_FAMILY[family]()
    return tuple(found)
