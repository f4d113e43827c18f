"""What a catalogued mistake is, and the kinds of mistakes every value formulation can make.

A ``Mistake`` is a model: a small function that replays one known wrong answer,
in the graded quantity of its formulation (a difference, a first total, a pair
or a parity guarantee). Some mistakes come in a few common shapes (greedy
breaks ties to the left or to the right; a row-major fill sets the one-coin
cells before or during the fill): these are variants of one mistake and share
its id. The kinds here are the same in every formulation: mistakes of play
(``play_mistakes``), of the table around a correct cell rule
(``table_mistakes``), of the quantity returned (``quantity_mistake``) and a
cell read from the wrong interval (``wrong_cell``); ``coinrow.grader.diagnosis.mistakes``
gives each formulation its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from coinrow.game.game import Totals, optimal_totals
from coinrow.grader.diagnosis.models import (
    Policy,
    Replay,
    coin_and_smaller_end,
    difference_game,
    interval_dp,
    larger_end,
    min_of_replies,
    one_step_lookahead,
    parity_totals,
    play,
)
from coinrow.grader.diagnosis.rules import Rule, greedy_reply_rule, other_end_rule


@dataclass(frozen=True)
class Mistake:
    """One catalogued mistake: its id, what it is in a clause, and its model (variants share the id)."""

    id: str
    text: str
    variants: tuple[Replay, ...]


GREEDY = "both players take the larger end every turn, which is not optimal play"
LOOKAHEAD = (
    "each move is chosen by looking one coin ahead, at what it leaves the opponent next, not at the whole "
    "rest of the game"
)
PARITY = (
    "the larger class sum (of the even- or the odd-index coins) is taken for the first player's optimal "
    "total: the parity strategy's guarantee on an even row, only a lower bound there; an odd row has no "
    "such guarantee"
)
BASE = "a missing base case: the one-coin intervals are worth 0 instead of their coin"
ROW_MAJOR = (
    "a wrong fill order: row by row from the top reads cells (i+1, j) before they are computed; "
    "fill by interval length, or with i from n-1 down"
)
SHORT_LENGTH = (
    "the answer is read from a cell the loops never fill (0 on every row of two coins or more): the "
    "interval length stops one short of the whole row, or the cell read is not (0, n-1)"
)
OTHER_END = "the opponent is assumed to always take the other end, not to reply optimally"
LARGER_END = (
    "the opponent is assumed to take the larger end (one reply looked ahead), not to reply optimally "
    "over the whole rest"
)


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

    def against(reply: Callable[[bool], Policy]) -> tuple[Replay, ...]:
        """The first player plays optimally against replies by ``reply``, ties to the left or the right."""
        return tuple(gamed(greedy_reply_rule(reply(tie_left))) for tie_left in (True, False))

    def played(policy: Policy) -> Replay:
        return lambda row: quantity(play(row, policy))

    def gamed(rule: Rule) -> Replay:
        totals = difference_game(rule)
        return lambda row: quantity(totals(row))

    return [
        Mistake("greedy", GREEDY, both_tie_breaks(larger_end)),
        Mistake(
            "one-step-lookahead",
            LOOKAHEAD,
            tuple(
                variant
                for mine in (True, False)
                for leaves in ("larger-end", "uncovered")
                for variant in both_tie_breaks(partial(one_step_lookahead, mine=mine, leaves=leaves))
            )
            + both_tie_breaks(min_of_replies)
            + both_tie_breaks(coin_and_smaller_end),
        ),
        Mistake("parity-for-optimum", PARITY, (lambda row: quantity(parity_totals(row)),)),
        Mistake("opponent-takes-other-end", OTHER_END, (gamed(other_end_rule),)),
        Mistake("opponent-takes-larger-end", LARGER_END, against(larger_end)),
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


TWO_COINS = {"left": lambda x, y: x, "right": lambda x, y: y, "larger": max}


def two_coin_base(fill: Callable[..., Replay], values: tuple[str, ...]) -> Mistake:
    """A base case that stops at two coins and gives one of them (keys of TWO_COINS: the left coin, the
    right one, the larger) where the recurrence belongs: ``if j - i <= 1: return coins[i]``."""
    return Mistake(
        "two-coin-base-case",
        "the base case's bound is one coin too wide: two coins are answered with one coin's value, but only "
        "one coin (i == j) is a base case; two coins follow the recurrence",
        tuple(fill(two_coins=TWO_COINS[value]) for value in values),
    )


def wrong_cell(where: str, variants: tuple[Replay, ...]) -> Mistake:
    """A table read from the wrong cell: ``where`` says which cells belong."""
    return Mistake("wrong-cell", f"a cell is read from the wrong interval: {where}", variants)


def changed_rule(
    table: Callable[[Sequence[Any], Rule], object], rule: Callable[..., Rule]
) -> Callable[..., Replay]:
    """``change(**arguments)``: the replay of ``table`` filled with the cell rule ``rule(**arguments)``, a
    correct rule with one argument changed (``choose=min`` for max, say)."""
    return lambda **arguments: lambda row: table(row, rule(**arguments))


def filler(rule: Callable[[Sequence[Any]], Rule]) -> Callable[..., Replay]:
    """``fill(**change)`` for a table of single values whose cell rule is ``rule(row)``."""
    return lambda **change: lambda row: interval_dp(row, rule(row), **change)
