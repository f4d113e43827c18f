"""Grading: judge what the code under test returns, and say in one glance what went wrong.

``Grader`` calls the attempt through ``Caller.call`` (``coinrow.grader.judge.calls``), then
checks a value against the optimum, a line of play move by move, or that a row
the function is not defined on raises ``ValueError``. A wrong value's message
names the call, the row, what was expected and what came back; a likely
mistake is added only when the attempt's answers on the probe rows bear it
out. Nothing here depends on pytest; ``tests/conftest.py`` wires it in, and
the command-line tools use it too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from coinrow.game.game import DifferenceTable, Totals, difference_table, optimal_totals, parity_class_sums
from coinrow.game.line import Walk
from coinrow.game.registry import Formulation, by_slug
from coinrow.game.shown import show_call
from coinrow.grader.executor.accounting import compiled_code
from coinrow.grader.executor.process import Executor
from coinrow.grader.executor.processes import tree
from coinrow.grader.judge.calls import Caller
from coinrow.grader.judge.failures import NotAttempted, WrongAnswer
from coinrow.grader.judge.probes import Finding, probe_rows
from coinrow.grader.messages import calls as call_messages
from coinrow.grader.messages import values as messages
from coinrow.grader.messages.findings import state_kept
from coinrow.grader.records.results import FailureKind, row_size

STATE_CHECK_MAX_N = 200  # a failing row up to this long is re-run on a fresh import to spot kept state
STATE_FRESH_CALLS, STATE_AGAIN_CALLS = 5, 2  # ``Grader._state_hint``: right on fresh imports, wrong again


def expected_value(formulation: Formulation, totals: Totals, parity_guarantee: int | None) -> object:
    """What the formulation's graded function must return for a row with these totals."""
    return formulation.returns.expected(totals, parity_guarantee)


def right_answer(formulation: Formulation, row: Sequence[int]) -> object:
    """What the graded function must return on ``row`` (parity: the larger class sum)."""
    return expected_value(formulation, optimal_totals(row), max(parity_class_sums(row)))


def normalise(formulation: Formulation, got: object) -> object:
    """Accept any correct form: a pair may come back as a tuple or a list."""
    return formulation.returns.normalise(got)


def is_exact(formulation: Formulation, got: object) -> bool:
    """True when every number in ``got`` is an exact int (checked before any comparison)."""
    return formulation.returns.is_exact(got)


Diagnose = Callable[
    [Formulation, Sequence[int], object, Mapping[tuple[int, ...], object] | None], Finding | None
]
Row = tuple[int, ...]
DiagnosePlay = Callable[[Callable[..., object], str, bool, Row], Finding | None]
Explain = Callable[[], tuple[str, str | None] | None]  # a failure's likely mistake and its id, when read
SMALL_COINS = (-1, 0, 1)  # the coins of the small rows a reported wrong value looks for a smaller failure on
SMALL_MAX_N = 5  # ... of up to this many coins: 364 rows, a few tenths of a second of calls at most

SMALL_ROWS = sorted(
    (row for n in range(SMALL_MAX_N + 1) for row in itertools.product(SMALL_COINS, repeat=n)), key=row_size
)


@dataclass
class Grader(Caller):
    """Grades the formulations found in ``impl_dir``: every call goes through ``Caller.call``."""

    diagnose: Diagnose | None = None
    diagnose_play: DiagnosePlay | None = None  # a mistake of play: (call, function, odd rows, failing row)
    _probe_answers: dict[str, dict[tuple[int, ...], object] | None] = field(default_factory=dict)
    _smallest_wrong: dict[str, Row | None] = field(default_factory=dict)
    _shortest_failed: dict[tuple[str, FailureKind], int] = field(default_factory=dict)
    _play_findings: dict[tuple[str, str, bool, Row], Finding | None] = field(default_factory=dict)

    def compiled_code(self, slug: str) -> tuple[str, ...] | None:
        """The compiled code beside the interpreter's own that the processes of the attempt's executor have
        loaded, read from outside (``accounting.compiled_code``; None where it cannot be read); () when no
        executor of the attempt runs."""
        loaded = self._executors.get(slug)
        if not isinstance(loaded, Executor) or loaded.process is None or not loaded.alive():
            return ()
        return compiled_code(p.pid for p in tree(loaded.process.pid))

    def note_reported(self, failure: WrongAnswer) -> None:
        """Remember a failure the suite reported: the shortest row each kind of failure was seen on."""
        key, n = (failure.slug, failure.kind), len(failure.row)
        if failure.ran:
            self._shortest_failed[key] = min(n, self._shortest_failed.get(key, n))

    def smallest_failure(self, failure: WrongAnswer) -> WrongAnswer:
        """``failure``, or the failure of the smallest row the value function is known to answer wrong
        (``smallest_wrong_row``) where that row is no larger than its row, graded again as any value check:
        the summary shows the smallest failing row found, the same one on every run. Only for a wrong value;
        ``failure`` stands where that row, graded again, passes."""
        formulation = by_slug(failure.slug)
        if failure.kind != "wrong-value" or not failure.ran or formulation.returns.graded_move_by_move:
            return failure
        row = self.smallest_wrong_row(formulation)
        if row is None or row_size(row) > row_size(failure.row) or row == failure.row:
            return failure
        try:  # one as small too is shown in its place: the same row on every run
            self.check_value(failure.slug, row, optimal_totals(row), max(parity_class_sums(row)))
        except WrongAnswer as smaller:
            return smaller
        return failure

    def smallest_wrong_row(self, formulation: Formulation) -> Row | None:
        """The smallest row (fewer coins, then a smaller sum of |coin|) on which the value function returns a
        wrong value: of the probe rows, and of every row of up to ``SMALL_MAX_N`` coins of ``SMALL_COINS``,
        tried smallest first; once per formulation. None where none is wrong, or where the probe answers are
        not all exact ints; the search ends at the first of its calls that raises or runs out of time."""
        slug = formulation.slug
        if slug not in self._smallest_wrong:
            answers = self.probe_answers(formulation)
            found = None if answers is None else self._first_wrong(formulation, answers)
            self._smallest_wrong[slug] = found
        return self._smallest_wrong[slug]

    def _first_wrong(self, formulation: Formulation, answers: Mapping[Row, object]) -> Row | None:
        """The first row, smallest first, of the probe rows (``answers``: the attempt's) and ``SMALL_ROWS``
        whose value is wrong; None where a call before it raises, runs out of time or is no exact value."""
        wrong = [row for row, got in answers.items() if got != right_answer(formulation, row)]
        best = min(wrong, key=row_size, default=None)
        smaller = [
            row
            for row in SMALL_ROWS
            if formulation.returns.defined_on(row)
            and row not in answers
            and (best is None or row_size(row) < row_size(best))
        ]
        answered = 0
        for row, got in self._answers_in_turn(formulation, smaller):
            if got != right_answer(formulation, row):
                return row
            answered += 1
        return best if answered == len(smaller) else None

    def _answers_in_turn(self, formulation: Formulation, rows: Sequence[Row]) -> Iterator[tuple[Row, object]]:
        """Each of ``rows`` with the value function's answer on it, in turn, from a grader of its own (the
        executors shared, not the too-slow record of the graded rows); ends before a call that raises, runs
        out of time or is no exact value."""
        prober = Grader(self.impl_dir, self.call_limit, _executors=self._executors)
        for row in rows:
            try:
                got = normalise(
                    formulation, prober.call(formulation.slug, formulation.value_function, list(row))
                )
            except (WrongAnswer, NotAttempted):
                return
            if not is_exact(formulation, got):
                return
            yield row, got

    def outranked(self, failure: WrongAnswer, shortest: int) -> bool:
        """True when a reported failure of the same kind has fewer than ``shortest`` coins.

        A check whose rows have at least ``shortest`` coins can then add nothing the
        summary shows (it lists the shortest row of each kind), so its failure need
        not be shrunk: hypothesis spends most of a failing run shrinking.
        """
        known = self._shortest_failed.get((failure.slug, failure.kind))
        return known is not None and known < shortest

    def check_value(
        self, slug: str, row: Sequence[int], totals: Totals, parity_guarantee: int | None = None
    ) -> None:
        """Grade the formulation's value function on one row against the optimal totals."""
        formulation = by_slug(slug)
        function = formulation.value_function
        if not formulation.returns.defined_on(row):
            self.check_raises_value_error(slug, function, row)
            return
        if formulation.returns.graded_move_by_move:
            self.check_line(slug, row, totals)
            return
        expected = expected_value(formulation, totals, parity_guarantee)
        try:
            got = normalise(formulation, self.call(slug, function, row))
        except WrongAnswer as failure:
            raise self._beyond_the_empty_row(formulation, failure) from None
        self._judge(formulation, row, got, expected, timed=False)

    def check_timed_answer(
        self, slug: str, row: Sequence[int], totals: Totals, parity_guarantee: int | None, answer: object
    ) -> None:
        """Judge ``answer``, what a timed call of the value function on ``row`` returned (``time_rows``), as
        a call's answer is judged, with no likely mistake named: the growth check's random rows are not
        the probe rows a mistake is named on."""
        formulation = by_slug(slug)
        expected = expected_value(formulation, totals, parity_guarantee)
        self._judge(formulation, row, normalise(formulation, answer), expected, timed=True)

    def _judge(
        self, formulation: Formulation, row: Sequence[int], got: object, expected: object, *, timed: bool
    ) -> None:
        """Raise the failure of ``got`` where ``expected`` is right: a wrong type, or a wrong value (explained
        by a likely mistake when the answer came from a plain call); nothing when it is right."""
        exact = is_exact(formulation, got)
        if exact and got == expected:
            return
        slug, function = formulation.slug, formulation.value_function
        call_text = show_call(function, row)
        printed = None if timed else self.last_printed  # a timed call's printing is not kept
        if not exact:
            shape = formulation.returns.shape_problem(got)
            message = messages.wrong_type(slug, call_text, got, expected, shape)
            message = messages.when_timed(message) if timed else message
            raise WrongAnswer(slug, row, message, kind="wrong-type", printed=printed)
        message = messages.wrong_value(slug, call_text, got, expected)
        if timed:
            raise WrongAnswer(slug, row, messages.when_timed(message))

        def explain() -> tuple[str, str | None] | None:
            finding = self._state_hint(slug, function, row, expected) or self._finding(formulation, row, got)
            return (finding.line, finding.mistake) if finding else None

        raise WrongAnswer(slug, row, message, explain=explain, printed=printed)

    def _finding(self, formulation: Formulation, row: Sequence[int], got: object) -> Finding | None:
        """The diagnosis of ``got`` on ``row``, checked against the attempt's answers on the probe rows."""
        if self.diagnose is None:
            return None
        return self.diagnose(formulation, row, got, self.probe_answers(formulation))

    def explain_value(self, slug: str, row: Sequence[int], got: object) -> Explain:
        """The likely mistake behind the value ``got`` on ``row``, for a failure its check raises itself
        (a guarantee out of its bounds); diagnosed only when the message is read."""

        def explain() -> tuple[str, str | None] | None:
            finding = self._finding(by_slug(slug), row, got)
            return (finding.line, finding.mistake) if finding else None

        return explain

    def explain_play(self, slug: str, function: str, row: Sequence[int]) -> Explain:
        """The likely mistake of play behind a failure of ``function`` on ``row``: a move that loses the
        guarantee, an odd row answered, a line of play (checked on ``row`` too); from
        ``diagnose_play``, run only when the failure is reported (``WrongAnswer.diagnose``)."""
        failing = tuple(row) if by_slug(slug).returns.graded_move_by_move else ()

        def explain() -> tuple[str, str | None] | None:
            finding = self._play_finding(slug, function, len(row) % 2 == 1, failing)
            return (finding.line, finding.mistake) if finding else None

        return explain

    def _play_finding(self, slug: str, function: str, odd_rows: bool, failing: Row) -> Finding | None:
        """The mistake of play whose model gives the attempt's answers on every probe of play
        (``diagnose_play``, made by the layer above: ``coinrow.grader.diagnosis.diagnose.play_mistake``)."""
        key = (slug, function, odd_rows, failing)
        if self.diagnose_play is not None and key not in self._play_findings:
            prober = Grader(self.impl_dir, self.call_limit, _executors=self._executors)
            self._play_findings[key] = self.diagnose_play(
                lambda *call: prober.call(slug, *call), function, odd_rows, failing
            )
        return self._play_findings.get(key)

    def _beyond_the_empty_row(self, formulation: Formulation, failure: WrongAnswer) -> WrongAnswer:
        """A crash on the empty row, with what the attempt does on rows with coins (it must not hide it)."""
        if failure.row or failure.kind not in ("exception", "recursion"):
            return failure

        def explain() -> tuple[str, str | None] | None:
            finding = self._finding(formulation, (), None)
            return (finding.line, None) if finding else None  # the name belongs to the wrong value

        slug, kind, error, printed = failure.slug, failure.kind, failure.error, failure.printed
        message = str(failure)
        if self.probe_answers(formulation) is None:  # a row with coins fails too: n = 0 is not the point
            note = call_messages.empty_row_note(formulation.returns.empty_row_answer)
            message = message.replace(note, "") + call_messages.fails_with_coins_too()
        return WrongAnswer(slug, (), message, kind=kind, error=error, explain=explain, printed=printed)

    def probe_answers(self, formulation: Formulation) -> dict[tuple[int, ...], object] | None:
        """The attempt's answers on the probe rows, once per formulation; None if one raised or had the wrong
        type. The calls share the imported module but not the too-slow record of the graded rows."""
        slug = formulation.slug
        if slug not in self._probe_answers:
            probes = probe_rows(even_only=formulation.returns.even_rows_only)
            answers = dict(self._answers_in_turn(formulation, probes))
            self._probe_answers[slug] = answers if len(answers) == len(probes) else None
        return self._probe_answers[slug]

    def _state_hint(self, slug: str, function: str, row: Sequence[int], expected: object) -> Finding | None:
        """Name state kept between calls: the same row is right on each of ``STATE_FRESH_CALLS`` fresh
        imports of the file, and wrong on each of ``STATE_AGAIN_CALLS`` more calls where it failed. An
        answer wrong at random with a chance p on each call passes all of them with p^2 (1 - p)^5: at most
        1.5% (at p = 2/7), and 0.08% for p = 3%."""
        if len(row) > STATE_CHECK_MAX_N:
            return None
        formulation = by_slug(slug)
        try:
            for _ in range(STATE_FRESH_CALLS):
                fresh = normalise(formulation, self.call_fresh(slug, function, tuple(row)))
                if fresh != expected or not is_exact(formulation, fresh):
                    return None
            for _ in range(STATE_AGAIN_CALLS):
                if normalise(formulation, self.call(slug, function, tuple(row))) == expected:
                    return None
        except (WrongAnswer, NotAttempted):
            return None
        return Finding("state-kept", state_kept())

    def check_line(self, slug: str, row: Sequence[int], totals: Totals) -> None:
        """Grade a line of play by replaying it: every move must keep the mover's optimal
        difference (either end where they tie) and the totals must equal the optimum."""
        function = by_slug(slug).value_function
        self._replay(slug, row, totals, self.call(slug, function, row), difference_table(row))

    def check_timed_line(self, slug: str, row: Sequence[int], totals: Totals, line: object) -> None:
        """Judge ``line``, what a timed call returned on ``row``: its moves and the totals they collect (the
        table that judges each move costs n², so a timed line is replayed without it)."""
        self._replay(slug, row, totals, line, None)

    def _replay(
        self, slug: str, row: Sequence[int], totals: Totals, line: object, table: DifferenceTable | None
    ) -> None:
        function = by_slug(slug).value_function
        call_text = show_call(function, row)
        timed = messages.when_timed if table is None else (lambda message: message)
        printed = None if table is None else self.last_printed  # a timed call's printing is not kept
        if not isinstance(line, list | tuple) or len(line) != len(row):
            message = timed(messages.not_a_line(slug, call_text, line, len(row)))
            raise WrongAnswer(slug, row, message, kind="wrong-type", printed=printed)
        walk = Walk(row)
        for turn, move in enumerate(line):
            if move not in ("left", "right"):
                message = timed(messages.not_a_move(slug, call_text, turn + 1, move))
                raise WrongAnswer(slug, row, message, kind="wrong-type", printed=printed)
            i, j = walk.i, walk.j
            if table is not None and i < j and move not in table[i, j].ends:  # the last coin: either end
                cell = table[i, j]
                message = messages.not_an_optimal_move(
                    slug, call_text, turn + 1, move, (i, j), table.after(i, j, move), cell.value, cell.ends[0]
                )
                explain = self.explain_play(slug, function, row)
                raise WrongAnswer(slug, row, message, explain=explain, printed=printed)
            walk.take(move)
        collected = walk.totals
        if collected != totals:
            message = messages.wrong_line_totals(
                slug, call_text, (collected.first, collected.second), (totals.first, totals.second)
            )
            explain = self.explain_play(slug, function, row)
            raise WrongAnswer(slug, row, timed(message), explain=explain, printed=printed)

    def check_raises_value_error(
        self, slug: str, function: str, row: Sequence[int], *extra: object, why: str = messages.ODD_ROW
    ) -> None:
        """Grade that ``function(row, *extra)`` raises ``ValueError`` (or a subclass) with a message.

        ``why`` says what is wrong with the arguments, for the failure message.
        """
        must = messages.must_raise(slug, function, extra, len(row), why)
        odd = by_slug(slug).returns.even_rows_only and len(row) % 2 == 1
        explain = self.explain_play(slug, function, row) if odd else None
        try:
            got = self.call(slug, function, row, *extra)
        except WrongAnswer as failure:
            if not isinstance(failure.error, ValueError):
                if failure.error is None:
                    raise
                message = messages.raised_something_else(must, str(failure))
                kind, error, printed = failure.kind, failure.error, failure.printed
                raise WrongAnswer(slug, row, message, kind=kind, error=error, printed=printed) from None
            if str(failure.error).strip():
                return
            message = messages.raised_without_a_message(must)
            raise WrongAnswer(slug, row, message, kind="exception", printed=failure.printed) from None
        message = messages.returned_instead(must, show_call(function, row, *extra), got)
        raise WrongAnswer(slug, row, message, explain=explain, printed=self.last_printed)
