"""What a formulation returns: one type per kind of return value, the single home of that knowledge.

Every formulation's graded function returns one ``Quantity`` (the registry's
``returns``): the score ``DIFFERENCE``, the ``FIRST`` player's total, both
``TOTALS`` as a pair, the ``PARITY`` guarantee (a lower bound, not the optimum)
or a ``LINE`` of moves. Each quantity knows the value expected for a row, how a
returned value is checked for shape and turned into the common ``Totals``, how
it is judged against the optimum, and how it is named and shown. Grading,
``compare``, ``trace``, the animation and the READMEs ask it; none of them
branches on which quantity it is.

The three that an interval DP table can hold (``TableQuantity``) also give the
value of a cell from the interval's optimal totals, and the symbol of their
table: ``D``, ``F`` or ``P``. The two of them that are one exact int (``Score``:
the difference and the first total) share how such an int is checked and read.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from coinrow.game.game import Totals, parity_class_sums, totals_from_difference
from coinrow.game.line import line_totals
from coinrow.game.shown import is_exact_int, literal

CellValue = int | tuple[int, int]  # a cell of a table: a difference, a total, or a (mover, other) pair


def number_kind_problem(value: object) -> str:
    """``"a float, not an int"`` when ``value`` (or a number of a returned pair) is no exact int; else ""."""
    numbers = value if isinstance(value, list | tuple) else [value]
    odd = next((x for x in numbers if not is_exact_int(x)), None)
    return "" if odd is None else f"a {type(odd).__name__}, not an int"


@dataclass(frozen=True)
class Judgement:
    """A returned value judged against the optimum: what it stands for and the verdict."""

    totals: Totals | None  # the totals the value stands for; None when it stands for none
    verdict: str  # "agrees", "differs", or (a guarantee) "reaches the optimum" / "falls short by k"
    shortfall: int | None = None  # a guarantee only: optimal first - guarantee
    message: str = ""  # why it differs, when that can be said


class Quantity(ABC):
    """One kind of return value; subclasses say what differs, ``str(quantity)`` is its ``key``."""

    key: str  # the registry's and the JSON outputs' name: "difference", "first", ...
    label: str  # what the READMEs' "returns" column says
    accepted: str  # what the grader accepts as a returned value, in the task READMEs' words (Markdown)
    even_rows_only = False  # the function is defined on even rows only (it raises ValueError on odd ones)
    undefined_verdict = ""  # compare's verdict on a row the function is not defined on
    is_guarantee = False  # a lower bound a strategy guarantees, not the optimum
    graded_move_by_move = False  # graded by replaying each move against the table, not by one value

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"<quantity {self.key}>"

    def defined_on(self, row: Sequence[int]) -> bool:
        """Whether the graded function must answer ``row`` (else it must raise ``ValueError``)."""
        return not (self.even_rows_only and len(row) % 2)

    @abstractmethod
    def expected(self, totals: Totals, parity_guarantee: int | None) -> object:
        """What the graded function must return for a row with these optimal totals.

        Raises:
            ValueError: for a quantity with no single right value (a line of moves).
        """

    @property
    def empty_row_answer(self) -> object:
        """The answer on the empty row (no coins, nothing to take), as the grader's messages show it."""
        return self.expected(Totals(0, 0), 0)

    def normalise(self, got: object) -> object:
        """``got`` in the one form compared with ``expected`` (a pair may come back as a list)."""
        return got

    def is_exact(self, got: object) -> bool:
        """True when every number in ``got`` is an exact int (checked before any comparison)."""
        return is_exact_int(got)

    def shape_problem(self, got: object) -> str | None:
        """Why ``got`` (already normalised, not exact) has the wrong shape, in the quantity's own words; None
        for a quantity that is one int, for which the grader's message says what came back instead."""
        return None

    def totals_of(self, row: Sequence[int], value: object) -> Totals | None:
        """The totals a returned ``value`` (anything: learner code may return a float or None) stands for
        on ``row``, or None when it stands for none (a guarantee is not the optimum)."""
        return None

    def judge(self, row: Sequence[int], value: object, optimum: Totals) -> Judgement:
        """``value`` as returned on ``row``, judged against the ``optimum`` (from the oracle)."""
        totals = self.totals_of(row, value)
        if totals is None:
            return Judgement(None, "differs", message=self.number_problem(value))
        return Judgement(totals, "agrees" if totals == optimum else "differs")

    def number_problem(self, value: object) -> str:
        """Why a value that stands for no totals is wrong, when a number type says it; else ""."""
        return number_kind_problem(value)

    def show(self, value: object) -> str:
        """A returned value as ``compare``'s table shows it: as returned, a tuple as a tuple.

        >>> TOTALS.show((15, 10)), TOTALS.show([15, 10])
        ('(15, 10)', '[15, 10]')
        """
        return literal(value)


class TableQuantity(Quantity):
    """A quantity an interval table holds in every cell: the value of a cell comes from its totals."""

    symbol: str  # the table's name in the recurrences: D, F or P

    @abstractmethod
    def of(self, totals: Totals) -> CellValue:
        """The quantity for an interval whose optimal totals (mover first) are ``totals``."""

    def expected(self, totals: Totals, parity_guarantee: int | None) -> object:
        return self.of(totals)


class Score(TableQuantity):
    """A quantity that is one exact int, named as the ``Totals`` field it is (``key``)."""

    accepted = "an exact `int`; not a `bool`, a `float` or a NumPy integer, even of the right value"

    def of(self, totals: Totals) -> CellValue:
        value: int = getattr(totals, self.key)
        return value

    def totals_of(self, row: Sequence[int], value: object) -> Totals | None:
        if not is_exact_int(value):
            return None
        assert isinstance(value, int)
        return self.totals_of_int(row, value)

    @abstractmethod
    def totals_of_int(self, row: Sequence[int], value: int) -> Totals | None:
        """The totals the exact int ``value`` stands for on ``row``, or None when no totals give it."""


class Difference(Score):
    """The mover's total minus the other's: the score difference of negamax.

    >>> DIFFERENCE.totals_of([5, 3, 7, 10], 5)
    Totals(first=15, second=10)
    """

    key, label, symbol = "difference", "difference", "D"

    def totals_of_int(self, row: Sequence[int], value: int) -> Totals | None:
        try:
            return totals_from_difference(row, value)
        except ValueError:  # sum + difference odd: no totals give this difference
            return None


class First(Score):
    """The first player's (the mover's) total.

    >>> FIRST.totals_of([5, 3, 7, 10], 15)
    Totals(first=15, second=10)
    """

    key, label, symbol = "first", "first", "F"

    def totals_of_int(self, row: Sequence[int], value: int) -> Totals | None:
        return Totals(value, sum(row) - value)


class Pair(TableQuantity):
    """Both totals, ``(first, second)``; a list of two is accepted too.

    >>> TOTALS.normalise([15, 10]), TOTALS.totals_of([5, 3, 7, 10], [15, 10])
    ((15, 10), Totals(first=15, second=10))
    """

    key, label, symbol = "totals", "(first, second)", "P"
    accepted = (
        "a pair of exact ints, `(first, second)`: a `tuple` (a named tuple too), or a `list` of two; "
        "not a `bool` or a `float` in it"
    )

    def of(self, totals: Totals) -> CellValue:
        return (totals.first, totals.second)

    def normalise(self, got: object) -> object:
        return tuple(got) if isinstance(got, list | tuple) and len(got) == 2 else got

    def is_exact(self, got: object) -> bool:
        return type(got) is tuple and all(is_exact_int(x) for x in got)

    def shape_problem(self, got: object) -> str | None:
        if type(got) is not tuple:
            return f"a {type(got).__name__} came back, expected a pair (first, second)"
        bad = [x for x in got if not is_exact_int(x)]
        return f"the pair holds {type(bad[0]).__name__}, expected two exact ints" if bad else ""

    def totals_of(self, row: Sequence[int], value: object) -> Totals | None:
        pair = self.normalise(value)
        if not self.is_exact(pair):
            return None
        assert isinstance(pair, tuple)
        return Totals(pair[0], pair[1])


class ParityGuarantee(Quantity):
    """The larger position-class sum, which the parity strategy guarantees on an even row.

    >>> PARITY.judge([5, 3, 7, 10], 13, Totals(15, 10)).verdict
    'falls short by 2'
    """

    key, label = "parity", "the parity guarantee; a move"
    accepted = (
        "from `parity_guarantee` an exact `int` (not a `bool`, a `float` or a NumPy integer); "
        'from `parity_move` the string `"left"` or `"right"`'
    )
    even_rows_only, is_guarantee = True, True
    undefined_verdict = "no guarantee: odd row"

    def expected(self, totals: Totals, parity_guarantee: int | None) -> object:
        return parity_guarantee

    def judge(self, row: Sequence[int], value: object, optimum: Totals) -> Judgement:
        if not is_exact_int(value):
            return Judgement(None, "differs", message=self.number_problem(value))
        assert isinstance(value, int)
        guarantee = max(parity_class_sums(row))
        if value != guarantee:
            return Judgement(None, "differs", message=f"the guarantee is {guarantee}")
        shortfall = optimum.first - value
        verdict = "reaches the optimum" if shortfall == 0 else f"falls short by {shortfall}"
        return Judgement(None, verdict, shortfall)


class Line(Quantity):
    """A line of play: n moves, each "left" or "right", the first player's first.

    >>> LINE.totals_of([8, 15, 3, 7], ["right", "left", "left", "right"])
    Totals(first=22, second=11)
    """

    key, label = "line", "a line of moves"
    accepted = 'a `list` or a `tuple` of n moves, each the string `"left"` or `"right"`'
    graded_move_by_move = True

    def expected(self, totals: Totals, parity_guarantee: int | None) -> object:
        raise ValueError("a line of moves has no single expected value: several lines can be optimal")

    @property
    def empty_row_answer(self) -> object:
        return []

    def totals_of(self, row: Sequence[int], value: object) -> Totals | None:
        if not isinstance(value, list | tuple) or len(value) != len(row):
            return None
        if not all(move in ("left", "right") for move in value):
            return None
        return line_totals(row, value)

    def number_problem(self, value: object) -> str:
        return ""  # a line of moves that is not one has no number to name

    def show(self, value: object) -> str:
        if isinstance(value, list | tuple) and set(value) <= {"left", "right"}:
            return " ".join("L" if move == "left" else "R" for move in value)  # a line of moves: L R …
        return super().show(value)


DIFFERENCE, FIRST, TOTALS, PARITY, LINE = Difference(), First(), Pair(), ParityGuarantee(), Line()
