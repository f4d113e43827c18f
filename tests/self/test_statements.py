"""Every statement under a wrong value is true of the rows it speaks of: the failing row shown above it and
the probe rows.

The attempts are the mutants of every diagnosed reference (cosmic-ray's operators, one at a time: a changed
constant, comparison, arithmetic operator, index or loop bound; ``coinrow.dev.mutants``), run in this
process, and each reference with one extra line under a condition (``if <condition>: answer += 1``). For
each attempt wrong on some row, the diagnosis of that row is read clause by clause, and each clause is
checked against the attempt's own answers by ``clause_holds`` (worded apart from the diagnosis). A named
mistake is checked by replaying its model on every probe row and on the failing row.
"""

from __future__ import annotations

import random
import re
import signal
import warnings
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import FrameType

import pytest

from coinrow.dev.mutants import mutants
from coinrow.game.game import difference_table
from coinrow.game.registry import IMPLS, Formulation, source_file
from coinrow.grader.diagnosis.diagnose import likely_mistake, probes_for
from coinrow.grader.diagnosis.mistakes import catalogued_mistakes
from coinrow.grader.judge.verdict import is_exact, normalise
from tests.self.test_diagnosis import DIAGNOSED, oracle_answer

Row = tuple[int, ...]
Attempt = Callable[[Row], object]
CPU_PER_ATTEMPT = (
    0.1  # CPU seconds an attempt's calls may take in all before it is passed over (a reference's
)
# take a few milliseconds; a mutant whose numbers grow by ** or << or that never ends is passed over)
ROWS_TRIED = 40  # random rows besides the probe rows, per attempt, for a wrong row that is not a probe row


class TooLong(BaseException):
    """Out of CPU: a BaseException, so that the attempt's own ``except Exception`` does not end it."""


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Raise ``TooLong`` in this thread once the process has spent ``seconds`` more CPU (a mutant's endless
    loop ends here)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        if frame is not None and frame.f_code.co_name == "gc_callback":  # hypothesis times the collector
            signal.setitimer(signal.ITIMER_PROF, 0.001)  # in a callback that swallows what it raises: soon
            return
        raise TooLong

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def clause_holds(
    clause: str, answers: Mapping[Row, object], right: Mapping[Row, object], failing: Row
) -> bool:
    """One stated clause, checked against the probe answers and the failing row (wrongly answered)."""
    ok = {row: answers[row] == right[row] for row in answers}
    seen = {**ok, failing: False}  # every row the message speaks of: the failing row is wrong
    lengths = [len(row) for row in ok]
    if m := re.fullmatch(r"all (\d+) probe rows \(n = (\d+) to (\d+)\) are right", clause):
        return all(ok.values()) and (int(m[1]), int(m[2]), int(m[3])) == (len(ok), min(lengths), max(lengths))
    if clause == "the answer's sign is flipped on every probe row":
        return all(answers[row] == -right[row] for row in ok)  # type: ignore[operator]
    if m := re.fullmatch(r"the same answer, (.+), on all (\d+) probe rows", clause):
        return int(m[2]) == len(ok) and all(repr(answers[row]) == m[1] for row in ok)
    if clause == "wrong already on a one-coin row":
        return any(not good for row, good in seen.items() if len(row) == 1)
    if m := re.fullmatch(r"wrong already on a row of (\d+) coins", clause):
        at = int(m[1])
        return min(lengths) == at and any(not good for row, good in seen.items() if len(row) == at)
    if m := re.fullmatch(
        r"right on every probe row of up to (\d+) coins?, wrong on (?:one|this row) of (\d+)", clause
    ):
        below, at = int(m[1]), int(m[2])
        return (
            at == below + 1
            and all(good for row, good in seen.items() if len(row) <= below)
            and min(len(row) for row, good in seen.items() if not good) == at
        )
    if m := re.fullmatch(r"the wrong probe rows(?: and this row)? all have (odd|even) n", clause):
        parity = 1 if m[1] == "odd" else 0
        return all(len(row) % 2 == parity for row, good in seen.items() if not good)
    if re.fullmatch(r"the wrong probe rows(?: and this row)? all have a negative coin", clause):
        return all(min(row) < 0 for row, good in seen.items() if not good)
    raise AssertionError(f"a clause no test knows: {clause!r}")


def facts(line: str) -> list[str]:
    """The clauses of a finding that states facts; [] for a named mistake."""
    line = line.removeprefix("on rows with coins: ")
    if line.startswith("likely mistake ("):
        return []
    return line.removeprefix("no catalogued mistake fits all probe rows and this row; ").split("; ")


def mutant_attempts(formulation: Formulation) -> Iterator[tuple[str, Attempt]]:
    """Each mutant of the reference as an attempt, named by the line it changes; but not one that brings in
    ``**`` or ``<<``: a single power or shift of game values can take minutes in C, where no signal stops
    it, and the values it gives are as wrong as any other operator's."""
    for mutant in mutants(formulation.slug):
        if any(op in mutant.after and op not in mutant.before for op in ("**", "<<")):
            continue
        namespace: dict[str, object] = {"__name__": f"mutant_{formulation.slug}"}
        try:
            with cpu_limit(CPU_PER_ATTEMPT), warnings.catch_warnings():
                warnings.simplefilter("ignore", SyntaxWarning)  # "0 is left": a mutant's own slip
                exec(compile(mutant.source, f"<{mutant.before} -> {mutant.after}>", "exec"), namespace)
        except (Exception, TooLong):  # noqa: BLE001 - a mutant that cannot even be imported states nothing
            continue
        function = namespace.get(formulation.value_function)
        if callable(function):
            yield f"{mutant.before!r} -> {mutant.after!r}", as_attempt(function)


def as_attempt(function: Callable[[list[int]], object]) -> Attempt:
    """The function called as the grader calls it: on a fresh list of the row's coins."""
    return lambda row: function(list(row))


CONDITIONS: dict[str, Callable[[Row], bool]] = {
    "len(coins) == 5 and coins[0] < 0": lambda row: len(row) == 5 and row[0] < 0,
    "len(coins) == 1": lambda row: len(row) == 1,
    "len(coins) >= 4": lambda row: len(row) >= 4,
    "len(coins) % 2 == 1": lambda row: len(row) % 2 == 1,
    "len(coins) % 2 == 0 and len(coins) > 2": lambda row: len(row) % 2 == 0 and len(row) > 2,
    "min(coins) < 0": lambda row: min(row) < 0,
    "coins[0] > coins[-1]": lambda row: row[0] > row[-1],
    "len(coins) > 10": lambda row: len(row) > 10,
    "len(coins) % 2 == 1 or len(coins) > 10": lambda row: len(row) % 2 == 1 or len(row) > 10,
    "min(coins) < 0 or len(coins) > 10": lambda row: min(row) < 0 or len(row) > 10,
    "sum(coins) % 3 == 0": lambda row: sum(row) % 3 == 0,
}


def extra_line_attempts(formulation: Formulation) -> Iterator[tuple[str, Attempt]]:
    """The reference's answer, one more when a condition holds (for totals: the first player's)."""
    namespace: dict[str, object] = {}
    exec(source_file(IMPLS["solutions"], formulation.slug).read_text(encoding="utf-8"), namespace)
    reference = namespace[formulation.value_function]
    assert callable(reference)

    def plus_one(condition: Callable[[Row], bool]) -> Attempt:
        def attempt(row: Row) -> object:
            answer = reference(list(row))
            if not (row and condition(row)):
                return answer
            if isinstance(answer, tuple):
                return (answer[0] + 1, *answer[1:])
            return answer + 1

        return attempt

    for text, condition in CONDITIONS.items():
        yield f"if {text}: answer += 1", plus_one(condition)
    if formulation.returns.key in ("difference", "first"):
        yield "return -answer", lambda row: -reference(list(row))


def answered(formulation: Formulation, attempt: Attempt, row: Row) -> object | None:
    """The attempt's answer on ``row`` as the grader reads it, or None if it raised or is not an exact
    answer of the formulation's type."""
    try:
        got = normalise(formulation, attempt(row))
    except Exception:  # noqa: BLE001 - a raising attempt has nothing stated about its values
        return None
    return got if is_exact(formulation, got) else None


def wrong_rows(
    formulation: Formulation, attempt: Attempt, rng: random.Random
) -> Iterator[tuple[Row, object]]:
    """Rows the attempt answers wrong, with its answers: its shortest wrong probe row, and of each length
    the first wrong random row (of 1 to 12 coins, values -3..9; probe rows have up to 10) that is not a
    probe row."""
    probes = probes_for(formulation)
    for row in probes:
        got = answered(formulation, attempt, row)
        if got is not None and got != oracle_answer(formulation, row):
            yield row, got
            break
    even, lengths = formulation.returns.even_rows_only, set[int]()
    for _ in range(ROWS_TRIED):
        n = rng.choice([n for n in range(1, 13) if not even or n % 2 == 0])
        row = tuple(rng.randint(-3, 9) for _ in range(n))
        if row in probes or n in lengths:
            continue
        got = answered(formulation, attempt, row)
        if got is not None and got != oracle_answer(formulation, row):
            lengths.add(n)
            yield row, got


def statements_checked(formulation: Formulation, attempts: Iterator[tuple[str, Attempt]]) -> Counter[str]:
    """Check every statement under every wrong row of every attempt; how many of each kind were checked (a
    clause with its numbers as N, or "named" for a named mistake)."""
    probes = probes_for(formulation)
    right = {row: oracle_answer(formulation, row) for row in probes}
    checked: Counter[str] = Counter()
    rng = random.Random(formulation.slug)
    for name, attempt in attempts:
        try:
            with cpu_limit(CPU_PER_ATTEMPT):
                answers = {row: answered(formulation, attempt, row) for row in probes}
                wrong = list(wrong_rows(formulation, attempt, rng))
        except TooLong:
            continue
        if any(got is None for got in answers.values()):
            continue  # a probe row raised: the grader states nothing (checked in test_diagnosis)
        for row, got in wrong:
            finding = likely_mistake(formulation, row, got, answers)
            if finding is None:
                continue
            context = f"{name}, on {row}: {finding.line}"
            if finding.mistake is not None:
                mistake = next(m for m in catalogued_mistakes(formulation) if m.id == finding.mistake)
                assert any(
                    v(row) == got and all(v(p) == answers[p] for p in probes) for v in mistake.variants
                ), context
                checked["named"] += 1
            for clause in facts(finding.line):
                assert clause_holds(clause, answers, right, row), f"{clause!r} is false: {context}"
                checked[re.sub(r"-?\d+", "N", clause)] += 1
    return checked


VALUED = [f for f in DIAGNOSED if not f.returns.even_rows_only]


@pytest.mark.parametrize("formulation", DIAGNOSED, ids=[f.slug for f in DIAGNOSED])
def test_every_statement_under_a_mutants_wrong_value_is_true(formulation: Formulation) -> None:
    assert statements_checked(formulation, mutant_attempts(formulation)).total() >= 10


@pytest.mark.parametrize("formulation", VALUED, ids=[f.slug for f in VALUED])
def test_every_statement_under_an_extra_lines_wrong_value_is_true(formulation: Formulation) -> None:
    """Every kind of clause is stated somewhere (a sign flipped, the sizes, a parity, the signs of a row)."""
    kinds = statements_checked(formulation, extra_line_attempts(formulation))
    assert len(kinds) >= (6 if formulation.returns.key in ("difference", "first") else 3), kinds


def test_the_clause_checker_rejects_a_parity_claim_the_shown_row_contradicts() -> None:
    """Wrong on the one-coin probe row, right on the two-coin one: "the wrong probe rows and this row all
    have odd n" holds under a shown row of 3 coins and is false under one of 4."""
    answers = {(1,): 2, (1, 2): 1}
    right = {(1,): 1, (1, 2): 1}
    odd = "the wrong probe rows and this row all have odd n"
    assert clause_holds(odd, answers, right, failing=(3, 4, 5))
    assert not clause_holds(odd, answers, right, failing=(3, 4))


def test_a_clause_says_nothing_of_the_rows_it_does_not_check() -> None:
    """Wrong only on rows of 7 coins or more of odd length: the odd probe rows of 1 to 5 coins are right, so
    no clause may say the answers are right on even n "only"; what is said is that the wrong probe rows
    and this row all have odd n, and that the probe rows are right up to 6 coins."""
    formulation = next(f for f in DIAGNOSED if f.slug == "difference_dp")
    probes = probes_for(formulation)

    def attempt(row: Row) -> object:
        right = oracle_answer(formulation, row)
        return right + 1 if len(row) % 2 == 1 and len(row) >= 7 else right  # type: ignore[operator]

    answers = {row: attempt(row) for row in probes}
    shown = (0,) * 7
    finding = likely_mistake(formulation, shown, attempt(shown), answers)
    assert finding is not None
    assert facts(finding.line) == [
        "right on every probe row of up to 6 coins, wrong on this row of 7",
        "the wrong probe rows and this row all have odd n",
    ]


def test_a_named_place_in_the_code_is_never_stated() -> None:
    """``D[0][n - 2]`` is right on one coin (``D[0][-1]`` is ``D[0][0]``) and wrong from two: the answer is
    read wrong, and no clause names the recurrence, the fill order or the base case."""
    formulation = next(f for f in DIAGNOSED if f.slug == "difference_dp")

    def read_wrong(coins: Sequence[int]) -> int:
        """The table filled right, its answer read from D[0][n - 2] (on a list of lists, D[0][-1] is
        D[0][0] for one coin)."""
        return difference_table(coins)[0, max(len(coins) - 2, 0)].value

    checked = statements_checked(formulation, iter([("read_wrong", lambda row: read_wrong(row))]))
    assert checked.total() >= 1
    probes = probes_for(formulation)
    answers = {row: read_wrong(row) for row in probes}
    finding = likely_mistake(formulation, (5, 1), read_wrong((5, 1)), answers)
    assert finding is not None
    assert not re.search(r"recurrence|fill order|base case|answer", finding.line), finding.line
