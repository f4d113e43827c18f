"""Mistakes of play: the parity strategy's (its guarantee's value, the class parity_move plays, an odd
row answered) and a line of moves' (``optimal_line``).

``parity_guarantee``'s wrong values are diagnosed like every value function's
(``parity_mistakes``, through ``coinrow.grader.diagnosis.mistakes``). A move, a line, or a row
that must be refused is a different kind of answer: there each mistake is a model of
one function's answers on its probes (``strategy_probes``: every even part of every
even probe row for ``parity_move``; every odd probe row, and each even part of it, for
the odd-row mistakes; every probe row and the failing one for a line, whose models
are in ``coinrow.grader.diagnosis.mistakes_lines``). A mistake is named only when the attempt's
answers equal a variant's on every one of them (``strategy_answers`` calls it), as
``coinrow.grader.diagnosis.diagnose`` names a wrong value; ``tests/self/test_diagnosis.py``
proves that every two of these models differ on some probe, and each from right play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from coinrow.game.game import optimal_totals, parity_class_sums
from coinrow.grader.diagnosis.mistake_kinds import GREEDY, LOOKAHEAD, Mistake
from coinrow.grader.diagnosis.mistakes_lines import GREEDY_LINES, LOOKAHEAD_LINES, ONE_END_LINES
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.judge.probes import probe_rows

Row = tuple[int, ...]
Probe = tuple[str, Row, tuple[int, ...]]  # the function, the row, the extra arguments (left, right)
Answer = object  # what the call returned, or REFUSED
Model = Callable[[str, Row, tuple[int, ...]], Answer]  # the answer a mistaken strategy gives on a probe

REFUSED = "ValueError"  # the call raised ValueError (with a message), as an odd row must be answered
GUARANTEE, MOVE, LINE = "parity_guarantee", "parity_move", "optimal_line"


def parity_mistakes() -> list[Mistake]:
    """The parity strategy's guarantee, max(sum of even-index coins, sum of odd-index coins)."""
    return [
        Mistake(
            "optimal-total",
            "this is the optimal total; the parity strategy only guarantees the larger class sum",
            (lambda row: optimal_totals(row).first,),
        ),
        Mistake(
            "smaller-class",
            "the smaller class sum was chosen",
            (lambda row: min(parity_class_sums(row)),),
        ),
        Mistake(
            "one-class-always",
            "one class is always chosen: compare the two class sums",
            (lambda row: parity_class_sums(row)[0], lambda row: parity_class_sums(row)[1]),
        ),
    ]


@dataclass(frozen=True)
class PlayMistake:
    """One catalogued mistake of the strategy: its id, what it is in a clause, its models (variants)."""

    id: str
    text: str
    variants: tuple[Model, ...]


def even_parts(row: Sequence[int], whole_too: bool = False) -> list[tuple[int, int]]:
    """Every (left, right) of an even number of coins of ``row``; and (0, n - 1) first if ``whole_too``."""
    n = len(row)
    parts = [(left, left + size - 1) for size in range(2, n + 1, 2) for left in range(n - size + 1)]
    return ([(0, n - 1)] if whole_too and n % 2 else []) + parts


def larger_class(row: Sequence[int], tie: int = 0) -> int:
    """0 if the even-index coins sum more, 1 if the odd-index ones do, ``tie`` when they are equal."""
    even, odd = parity_class_sums(row)
    return tie if even == odd else int(odd > even)


def class_move(chosen: Callable[[Sequence[int]], int]) -> Callable[[Sequence[int], int, int], str]:
    """The end whose index is of the class ``chosen(row)`` (0: even indices, 1: odd)."""
    return lambda row, left, right: "left" if left % 2 == chosen(row) else "right"


def smaller_class(tie: int) -> Callable[[Sequence[int]], int]:
    """0 if the even-index coins sum less, 1 if the odd-index ones do, ``tie`` when they are equal."""
    return lambda row: 1 - larger_class(row, 1 - tie)


RIGHT_MOVE = class_move(larger_class)


def strategy(move: Callable[[Sequence[int], int, int], str] = RIGHT_MOVE, odd_rows: str = "refused") -> Model:
    """The right strategy with one thing changed: the move, or what an odd row gets (``odd_rows``:
    "refused", "answered", or "parts answered": an even part of an odd row answered, the whole refused)."""

    def answer(function: str, row: Row, ends: tuple[int, ...]) -> Answer:
        if len(row) % 2:
            whole = function == GUARANTEE or (ends[1] - ends[0]) % 2 == 0
            if odd_rows == "refused" or (odd_rows == "parts answered" and whole):
                return REFUSED
        return max(parity_class_sums(row)) if function == GUARANTEE else move(row, *ends)

    return answer


def greedy_move(tie_left: bool) -> Callable[[Sequence[int], int, int], str]:
    """The larger end, the left one on a tie if ``tie_left``."""
    return lambda row, left, right: (
        "left" if row[left] > row[right] or (tie_left and row[left] == row[right]) else "right"
    )


def end_for_class(tie: int) -> Callable[[Sequence[int], int, int], str]:
    """The left end every move when the even class sums more, the right end when the odd class does."""
    return lambda row, left, right: "left" if larger_class(row, tie) == 0 else "right"


ODD_ROW_REASON = (
    "with an odd number of coins both ends are even-index coins, so the opponent, not you, chooses the "
    "class you get: raise ValueError"
)
MOVE_MISTAKES = (
    PlayMistake(
        "class-flipped",
        "parity_move plays the smaller class: take the end whose index is in the class that sums more",
        tuple(strategy(class_move(smaller_class(tie))) for tie in (0, 1)),
    ),
    PlayMistake(
        "one-class-always",
        "one class is always played, whatever it sums to: compare the two class sums",
        (strategy(class_move(lambda row: 0)), strategy(class_move(lambda row: 1))),
    ),
    PlayMistake(
        "greedy-move",
        "parity_move takes the larger end: after the opponent's reply that can be the other class's coin",
        tuple(strategy(greedy_move(tie_left)) for tie_left in (True, False)),
    ),
    PlayMistake(
        "end-for-class",
        "the class is played as an end, the left end every move when the even class sums more: after the "
        "opponent's reply the left end can be an odd-index coin; take the end whose index is in the class",
        tuple(strategy(end_for_class(tie)) for tie in (0, 1)),
    ),
)
ODD_ROW_MISTAKES = (
    PlayMistake(
        "odd-row-accepted",
        f"an odd row is answered, not refused: {ODD_ROW_REASON}",
        (strategy(odd_rows="answered"),),
    ),
    PlayMistake(
        "odd-row-move",
        "parity_move checks that an even number of coins is left, but not that the row itself is even: "
        + ODD_ROW_REASON,
        (strategy(odd_rows="parts answered"),),
    ),
)


def as_line(replay: Callable[[Sequence[int]], tuple[str, ...]]) -> Model:
    """A line's model as a model of ``optimal_line``'s answers."""
    return lambda function, row, ends: replay(row)


LINE_MISTAKES = (
    PlayMistake("greedy", GREEDY, tuple(map(as_line, GREEDY_LINES))),
    PlayMistake("one-step-lookahead", LOOKAHEAD, tuple(map(as_line, LOOKAHEAD_LINES))),
    PlayMistake(
        "one-end-always",
        "every move takes the same end, whatever the coins: compare what each end leaves the mover",
        tuple(map(as_line, ONE_END_LINES)),
    ),
)


@cache
def strategy_probes(function: str, odd_rows: bool, failing: Row = ()) -> tuple[Probe, ...]:
    """The calls a mistake of ``function`` is checked on: on the even probe rows (each even part, for a
    move), or on the odd ones (the whole row, and each even part of it, for a move); a line on every probe
    row and on the ``failing`` one."""
    if function == LINE:
        return tuple(
            (LINE, row, ()) for row in dict.fromkeys((*probe_rows(), *([failing] if failing else [])))
        )
    rows = [row for row in probe_rows() if len(row) % 2 == odd_rows]
    if function == GUARANTEE:
        return tuple((GUARANTEE, row, ()) for row in rows)
    return tuple((MOVE, row, ends) for row in rows for ends in even_parts(row, whole_too=odd_rows))


def play_mistakes(function: str, odd_rows: bool) -> tuple[PlayMistake, ...]:
    """The mistakes a failure of ``function`` can be named by: on an odd row, or (a move, a line) on one
    the function must answer."""
    if function == LINE:
        return LINE_MISTAKES
    if odd_rows:
        return tuple(m for m in ODD_ROW_MISTAKES if function == MOVE or m.id == "odd-row-accepted")
    return MOVE_MISTAKES if function == MOVE else ()


def matching_play_mistake(
    function: str, odd_rows: bool, answers: Mapping[Probe, Answer], failing: Row = ()
) -> PlayMistake | None:
    """The mistake one of whose variants gives ``answers`` on every probe, if one does."""
    probes = strategy_probes(function, odd_rows, failing)
    seen = [answers[probe] for probe in probes]
    for mistake in play_mistakes(function, odd_rows):
        if any([variant(*probe) for probe in probes] == seen for variant in mistake.variants):
            return mistake
    return None


def strategy_answers(call: Callable[..., object], probes: Sequence[Probe]) -> dict[Probe, Answer] | None:
    """The attempt's answer to each probe through ``call(function, row, *extra)`` (``REFUSED``: ValueError
    with a message; a line as a tuple); None when one raised anything else, or returned what is neither an
    int, a string nor a list of strings."""
    answers: dict[Probe, Answer] = {}
    for probe in probes:
        function, row, extra = probe
        try:
            got = call(function, list(row), *extra)
        except WrongAnswer as failure:
            if not isinstance(failure.error, ValueError) or not str(failure.error).strip():
                return None
            got = REFUSED
        except NotAttempted:
            return None
        if isinstance(got, list | tuple) and all(type(move) is str for move in got):
            got = tuple(got)
        elif type(got) not in (int, str):
            return None
        answers[probe] = got
    return answers
