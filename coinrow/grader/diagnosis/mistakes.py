"""The catalogued mistakes of each formulation, each a model that replays one known wrong answer.

A formulation's mistakes are those of what it returns (its quantity), of the
table it fills (its recurrence) and of the families its facts name
(``mistakes = [...]`` in ``coinrow/game/data/formulations.toml``), built from
the kinds every formulation shares (``coinrow.grader.diagnosis.mistake_kinds``).
``tests/self/test_diagnosis.py`` proves that the probe rows tell every two
mistakes of a formulation apart, and each from the right answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from coinrow.game.game import optimal_totals
from coinrow.game.registry import Formulation
from coinrow.grader.diagnosis.mistake_kinds import (
    Mistake,
    changed_rule,
    filler,
    play_mistakes,
    quantity_mistake,
    table_mistakes,
    two_coin_base,
    wrong_cell,
)
from coinrow.grader.diagnosis.mistakes_families import peak_reduction_mistakes, rolling_row_mistakes
from coinrow.grader.diagnosis.mistakes_play import parity_mistakes
from coinrow.grader.diagnosis.models import (
    Replay,
    as_pair,
    floats,
    half_by_float,
    int64_difference,
    interval_dp,
    pair_dp,
)
from coinrow.grader.diagnosis.rules import (
    AFTER_LEFT,
    AFTER_LEFT_REPLIES,
    AFTER_RIGHT,
    AFTER_RIGHT_REPLIES,
    MIDDLE,
    difference_rule,
    largest_magnitude,
    magnitude,
    opponent_rule,
    pair_rule,
    prefix_rule,
    same_side_rule,
    total_minus_rule,
    whole_sum_rule,
)

MIN_FOR_MAX = "the mover minimises where it should maximise (min where max belongs)"
MIN_FOR_MAX_SUMS = (
    "the mover minimises where it should maximise (in S(i..j) - min(F[i+1][j], F[i][j-1]), a max where min "
    "belongs; over the two choices, a min where max belongs)"
)
ABSOLUTE = (
    "abs() is taken of a difference: first - second is negative whenever the first player ends behind "
    "(an odd row, negative coins), and the answer and every cell keep that sign"
)
OPPONENT_HELPS = "the opponent's reply is maximised (max where min belongs), as if the opponent helped you"
ROLES_NOT_SWAPPED = "roles not swapped: the mover adds the next cell's mover part, as if it moved twice"
FLOATS = "the numbers go through floats, exact only up to 2**53: keep ints (and // for halves)"
BASE_AT_TWO = (
    " (or, what gives the same answers, a base case at two coins worth the larger coin, where the "
    "difference of the two belongs)"
)
INT64 = "int64 arithmetic wraps past 2**63 - 1: use Python ints (dtype=object) when sums get that large"


def difference_mistakes() -> list[Mistake]:
    """Score-difference formulations (tables, memoisation, brute force, the peak reduction)."""
    difference = changed_rule(interval_dp, difference_rule)
    found = [
        *play_mistakes(lambda totals: totals.difference),
        *table_mistakes(filler(lambda row: difference_rule())),
        two_coin_base(filler(lambda row: difference_rule()), ("left", "right")),
        Mistake(
            "plus-for-minus",
            "the opponent's result is added instead of subtracted (a[i] + D[i+1][j], not a[i] - D[i+1][j]), "
            "so every coin counts for the mover: this is the sum of the row",
            (difference(sign=+1),),
        ),
        Mistake("min-for-max", MIN_FOR_MAX, (difference(choose=min),)),
        Mistake(
            "absolute-value",
            ABSOLUTE,
            (
                lambda row: abs(optimal_totals(row).difference),  # of the answer
                # of each cell, or of each option; the one-coin cells kept or made abs() too (a
                # recursion with no base case of its own but the empty interval)
                lambda row: interval_dp(row, magnitude(difference_rule())),
                lambda row: interval_dp(row, magnitude(difference_rule()), one_coin=abs),
                difference(choose=largest_magnitude),
                lambda row: interval_dp(row, difference_rule(choose=largest_magnitude), one_coin=abs),
            ),
        ),
        wrong_cell(
            "after taking coin i the rest is coins i+1..j, after coin j it is coins i..j-1",
            (
                difference(left=MIDDLE),
                difference(right=MIDDLE),
                difference(left=MIDDLE, right=MIDDLE),
                difference(left=AFTER_RIGHT, right=AFTER_LEFT),  # each coin paired with the other's rest
            ),
        ),
        Mistake("float-table", FLOATS, (lambda row: int(interval_dp(floats(row), difference_rule())),)),
        Mistake("int64-overflow", INT64, (int64_difference,)),
        quantity_mistake("first", "difference"),
        quantity_mistake("second", "difference"),
    ]
    # one-coin cells of 0 give every two-coin cell the larger coin: a base case at two coins gives the same
    return [replace(m, text=m.text + BASE_AT_TWO) if m.id == "missing-base-case" else m for m in found]


def min_of_opponent_mistakes() -> list[Mistake]:
    """F[i][j] = max(a[i] + min(F[i+2][j], F[i+1][j-1]), a[j] + min(F[i+1][j-1], F[i][j-2]))."""
    opponent = changed_rule(interval_dp, opponent_rule)
    return [
        *table_mistakes(filler(lambda row: opponent_rule())),
        two_coin_base(filler(lambda row: opponent_rule()), ("left", "right")),
        Mistake("opponent-helps", OPPONENT_HELPS, (opponent(reply=max),)),
        Mistake("min-for-max", MIN_FOR_MAX, (opponent(choose=min),)),
        Mistake(
            "reply-not-minimised",
            "the opponent's reply is never minimised: F[i+2][j] and F[i][j-2] only, "
            "as if the opponent always took the same end as you",
            (lambda row: interval_dp(row, same_side_rule),),
        ),
        wrong_cell(
            "after you take coin i the opponent leaves you coins i+2..j or i+1..j-1; after coin j, "
            "coins i+1..j-1 or i..j-2",
            (
                opponent(right=AFTER_LEFT_REPLIES),  # the left option's cells copied to the right
                opponent(left=AFTER_RIGHT_REPLIES),
                opponent(left=AFTER_RIGHT_REPLIES, right=AFTER_LEFT_REPLIES),
            ),
        ),
        Mistake(
            "float-table",
            FLOATS,
            (
                lambda row: int(interval_dp(floats(row), opponent_rule())),
                lambda row: half_by_float(row).first,
                lambda row: half_by_float(row, halved="second").first,
                lambda row: half_by_float(row, halved="apart").first,
            ),
        ),
    ]


def prefix_sum_mistakes() -> list[Mistake]:
    """F[i][j] = max(a[i] + S(i+1..j) - F[i+1][j], a[j] + S(i..j-1) - F[i][j-1]), or in one piece,
    F[i][j] = S(i..j) - min(F[i+1][j], F[i][j-1])."""

    def prefix(**change: Any) -> Replay:
        return lambda row: interval_dp(row, prefix_rule(row, **change))

    def total_minus(span: tuple[int, int] = (0, 0), reach: str = "interval") -> Replay:
        return lambda row: interval_dp(row, total_minus_rule(row, span, reach))

    return [
        *table_mistakes(filler(prefix_rule)),
        two_coin_base(filler(prefix_rule), ("left", "right")),
        Mistake("min-for-max", MIN_FOR_MAX_SUMS, (prefix(choose=min),)),
        Mistake(
            "off-by-one-range",
            "an interval sum is off by one coin: with prefix[k] = coins[0] + ... + coins[k-1], "
            "coins lo..hi sum to prefix[hi+1] - prefix[lo]",
            (
                prefix(left_range=(1, -1), right_range=(0, -2)),  # ends one coin early
                prefix(left_range=(1, -1)),  # the left range only
                prefix(right_range=(0, -2)),  # the right range only
                prefix(left_range=(2, 0), right_range=(1, -1)),  # starts one coin late
                prefix(left_range=(0, 0), right_range=(0, 0)),  # the taken coin counted twice: S(i..j)
                total_minus((0, -1)),  # S(i..j-1): prefix[j] - prefix[i]
                total_minus((1, 0)),  # S(i+1..j): prefix[j+1] - prefix[i+1]
            ),
        ),
        wrong_cell(
            "taking coin i leaves F[i+1][j] to the opponent, taking coin j leaves F[i][j-1]",
            # the two cells crossed is no mistake here: a[i] + S(i+1..j) = a[j] + S(i..j-1) = S(i..j)
            (prefix(left=MIDDLE), prefix(right=MIDDLE)),
        ),
        Mistake(
            "whole-row-sum",
            "a sum reaches past the interval: the whole row's, or coins from the row's start or to its end, "
            "where coins i..j belong (prefix[j+1] - prefix[i])",
            (
                lambda row: interval_dp(row, whole_sum_rule(row)),
                *(prefix(reach=reach) for reach in ("whole", "to-end", "from-start")),
                *(total_minus(reach=reach) for reach in ("to-end", "from-start")),
            ),
        ),
        Mistake(
            "float-table",
            FLOATS,
            (
                lambda row: int(interval_dp(floats(row), prefix_rule(floats(row)))),
                lambda row: half_by_float(row).first,
                lambda row: half_by_float(row, halved="second").first,
                lambda row: half_by_float(row, halved="apart").first,
            ),
        ),
    ]


SECONDS_MISREAD = (
    (None, AFTER_LEFT),
    (AFTER_RIGHT, None),
    (AFTER_RIGHT, AFTER_LEFT),
    (MIDDLE, MIDDLE),
    (MIDDLE, None),
    (None, MIDDLE),
)


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
        wrong_cell(
            "taking coin i leaves P[i+1][j] to the opponent, taking coin j leaves P[i][j-1]",
            # the pairs no longer add up to the interval's sum, so a tie of the mover's parts matters
            tuple(
                pair(left=left, right=right, tie_left=tie_left)
                for left, right in ((MIDDLE, AFTER_RIGHT), (AFTER_LEFT, MIDDLE), (AFTER_RIGHT, AFTER_LEFT))
                for tie_left in (True, False)
            )
            # the other player's total alone read from the other option's cell, or from the middle one
            + tuple(pair(seconds=seconds) for seconds in SECONDS_MISREAD),
        ),
        Mistake("min-for-max", MIN_FOR_MAX, (pair(choose=min),)),
        Mistake(
            "float-table",
            FLOATS,
            (
                lambda row: pair_dp(floats(row), pair_rule()),
                *(
                    lambda row, h=halved: as_pair(half_by_float(row, h))
                    for halved in ("both", "first", "second", "apart")
                ),
            ),
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
BY_FAMILY: dict[str, Callable[[], list[Mistake]]] = {
    "peak-reduction": peak_reduction_mistakes,
    "rolling-row": rolling_row_mistakes,
}


def catalogued_mistakes(formulation: Formulation) -> tuple[Mistake, ...]:
    """The mistakes the diagnosis can name for ``formulation``: those of its quantity, of its table's
    recurrence and of the families its facts name (none for a line of moves)."""
    found = BY_QUANTITY.get(formulation.returns.key, list)()
    if formulation.table is not None:
        found += BY_RECURRENCE.get(formulation.table.recurrence, list)()
    for family in formulation.mistakes:
        found += BY_FAMILY[family]()
    return tuple(found)
