"""Name the likely mistake behind a wrong value, only when it is verified like a test.

The idea is that of a bug library: diagnose a wrong procedure by finding the
known faulty procedure that reproduces every answer given (J. S. Brown and
R. R. Burton, "Diagnostic models for procedural bugs in basic mathematical
skills", Cognitive Science 2, 1978).

Each catalogued mistake is a model (``coinrow.grader.diagnosis.mistakes``). A mistake is named
only when the attempt's answers equal the model's on every probe row
(``coinrow.grader.judge.probes``: rows chosen so that every two models differ somewhere)
and on the failing row itself. An exception or a wrong type on a probe row
means no name. When no model fits, the finding states only what the probe
answers show for certain: where the attempt is first wrong, on which lengths
or signs it is right, or that the sign is flipped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache

from coinrow.game.registry import Formulation, by_slug
from coinrow.grader.diagnosis.mistake_kinds import Mistake
from coinrow.grader.diagnosis.mistakes import catalogued_mistakes
from coinrow.grader.diagnosis.mistakes_play import matching_play_mistake, strategy_answers, strategy_probes
from coinrow.grader.judge.probes import Finding, probe_rows
from coinrow.grader.judge.verdict import right_answer
from coinrow.grader.messages import findings as messages

Row = tuple[int, ...]
Answers = Mapping[Row, object]

REPLAY_MAX_N = 300  # replaying a table model is O(n^2) Python steps: a few tenths of a second here


def probes_for(formulation: Formulation) -> tuple[Row, ...]:
    """The probe rows an attempt at ``formulation`` is called on (even n only for the parity strategy)."""
    return probe_rows(even_only=formulation.returns.even_rows_only)


@cache
def _expected(slug: str) -> dict[Row, object]:
    formulation = by_slug(slug)
    return {row: right_answer(formulation, row) for row in probes_for(formulation)}


@cache
def _model_answers(slug: str) -> tuple[tuple[Mistake, int, tuple[object, ...]], ...]:
    """Each model variant's answers on the probe rows, computed once per formulation."""
    probes = probes_for(by_slug(slug))
    return tuple(
        (mistake, k, tuple(variant(row) for row in probes))
        for mistake in catalogued_mistakes(by_slug(slug))
        for k, variant in enumerate(mistake.variants)
    )


def matching_mistake(formulation: Formulation, answers: Answers) -> list[tuple[Mistake, int]]:
    """The model variants whose answers equal the attempt's on every probe row."""
    probes = probes_for(formulation)
    seen = tuple(answers[row] for row in probes)
    return [(mistake, k) for mistake, k, replayed in _model_answers(formulation.slug) if replayed == seen]


def likely_mistake(
    formulation: Formulation, row: Sequence[int], got: object, answers: Answers | None
) -> Finding | None:
    """The verified mistake behind ``got`` on ``row``, or what the probe answers show for certain.

    ``answers`` holds the attempt's answer on every probe row, or is None when a
    probe row raised or came back with the wrong type: then nothing is claimed.
    For the empty row (a crash there), the finding is about the rows with coins.
    """
    if answers is None or not catalogued_mistakes(formulation):
        return None
    probes = probes_for(formulation)
    if all(answers[p] == answers[probes[0]] for p in probes):  # a placeholder fits any model that is constant
        same = messages.same_answer_everywhere(answers[probes[0]], len(probes))
        return Finding(None, messages.beyond_the_empty_row(same) if not row else same)
    matched = matching_mistake(formulation, answers)
    if not row:  # models that fit every probe row differ from optimal play on one of them
        if matched:
            mistake = matched[0][0]
            return Finding(
                mistake.id, messages.mistake_named(mistake.id, mistake.text, beyond_the_empty_row=True)
            )
        if all(answers[p] == _expected(formulation.slug)[p] for p in probes_for(formulation)):
            return None
        return Finding(None, messages.beyond_the_empty_row(what_is_certain(formulation, answers)))
    if len(row) <= REPLAY_MAX_N:
        for mistake, k in matched:
            if mistake.variants[k](row) == got:
                return Finding(mistake.id, messages.mistake_named(mistake.id, mistake.text))
    return Finding(None, messages.no_mistake_fits(what_is_certain(formulation, answers, tuple(row))))


def what_is_certain(formulation: Formulation, answers: Answers, failing: Row | None = None) -> str:
    """What the answers on the probe rows show for certain, in a few clauses joined by "; ".

    ``failing`` is the wrongly answered row shown above the clauses, if any: it counts among the wrong
    rows, so no clause says rows like it (its length, its parity, its signs) are right."""
    expected = _expected(formulation.slug)
    probes = probes_for(formulation)
    wrong = [row for row in probes if answers[row] != expected[row]]
    if not wrong:
        return messages.all_probes_right(len(probes), len(probes[0]), len(probes[-1]))
    if all(isinstance(answers[r], int) and answers[r] == -expected[r] for r in probes):  # type: ignore[operator]
        return messages.SIGN_FLIPPED
    shown = [failing] if failing else []  # the empty row is graded apart: no clause speaks of it
    facts = [_first_wrong(wrong, shown, len(probes[0]))]
    for parity, rows in ((1, "odd n"), (0, "even n")):  # every wrong row of one parity, and rows of both
        if all(len(r) % 2 == parity for r in wrong + shown) and any(len(r) % 2 != parity for r in probes):
            facts.append(messages.wrong_only_on(rows, bool(shown)))
    if all(min(r) < 0 for r in wrong + shown) and any(min(r) >= 0 for r in probes):
        facts.append(messages.wrong_only_on("a negative coin", bool(shown)))
    return messages.certain(facts)


def _first_wrong(wrong: list[Row], shown: list[Row], shortest: int) -> str:
    """The clause on the shortest of the ``wrong`` probe rows and the row ``shown`` (if one is, and has at
    least the ``shortest`` probe row's coins): how many coins it has, and whether it is the row shown."""
    first_wrong = min(len(row) for row in wrong + [r for r in shown if len(r) >= shortest])
    return messages.wrong_from(first_wrong, shortest, this_row=any(len(r) == first_wrong for r in shown))


def play_mistake(call: Callable[..., object], function: str, odd_rows: bool, failing: Row) -> Finding | None:
    """The catalogued mistake of play (``mistakes_play``) one of whose models gives the attempt's answers,
    through ``call(function, row, *extra)``, on every probe of play for ``function`` (moves or the
    guarantee on the even or the odd probe rows; a line on every probe row and on ``failing``); None
    when none does or a probe raised what a model cannot."""
    probes = strategy_probes(function, odd_rows, failing)
    answers = strategy_answers(call, probes)
    found = matching_play_mistake(function, odd_rows, answers, failing) if answers is not None else None
    return Finding(found.id, messages.mistake_named(found.id, found.text)) if found else None
