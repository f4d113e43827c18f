"""The lines of play a mistaken ``optimal_line`` returns: both players following one policy, not optimal play.

Each model gives, for a row, the moves both players make when each follows the same
policy (``coinrow.grader.diagnosis.models``: the larger end, or a move chosen by looking one coin
ahead), ties broken to the left or to the right. ``coinrow.grader.diagnosis.mistakes_play`` names
one only when the attempt's line equals a variant's on every probe row and on the failing
row, as ``coinrow.grader.diagnosis.diagnose`` names a wrong value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Literal

from coinrow.game.line import Walk
from coinrow.grader.diagnosis.models import (
    Policy,
    coin_and_smaller_end,
    larger_end,
    min_of_replies,
    one_step_lookahead,
)

Line = tuple[str, ...]


def line_of(row: Sequence[int], policy: Policy) -> Line:
    """The moves, "left" or "right", first player first, when both players follow ``policy``."""
    walk, moves = Walk(row), []
    while not walk.over:
        move: Literal["left", "right"] = "left" if policy(row, walk.i, walk.j) else "right"
        walk.take(move)
        moves.append(move)
    return tuple(moves)


def followed(policy: Callable[[bool], Policy]) -> tuple[Callable[[Sequence[int]], Line], ...]:
    """The lines of ``policy`` with ties to the left, then to the right."""
    return tuple(
        partial(lambda row, chosen: line_of(row, chosen), chosen=policy(tie)) for tie in (True, False)
    )


GREEDY_LINES = followed(larger_end)
LOOKAHEAD_LINES = (
    *(
        line
        for mine in (True, False)
        for leaves in ("larger-end", "uncovered")
        for line in followed(partial(one_step_lookahead, mine=mine, leaves=leaves))
    ),
    *followed(min_of_replies),
    *followed(coin_and_smaller_end),
)
ONE_END_LINES = (lambda row: ("left",) * len(row), lambda row: ("right",) * len(row))
