"""Name the likely mistake behind a wrong value, by recomputing known wrong answers.

Each known mistake is replayed on the failing row; when the learner's value
equals one of them, that mistake is the candidate. Several mistakes can give
the same value on a small row, so the grader confirms the candidate on a few
probe rows (``grading.PROBE_ROWS``) before it names it, and says nothing otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from coinrow.game import Totals, optimal_totals, parity_class_sums
from coinrow.grading import expected_value
from coinrow.registry import Formulation

Combine = Callable[[int, int], int]


def greedy_totals(row: Sequence[int]) -> Totals:
    """Both players take the larger end every turn (the left one on a tie)."""
    i, j, totals = 0, len(row) - 1, [0, 0]
    for turn in range(len(row)):
        if row[i] >= row[j]:
            totals[turn % 2] += row[i]
            i += 1
        else:
            totals[turn % 2] += row[j]
            j -= 1
    return Totals(totals[0], totals[1])


def _variant_difference(
    row: Sequence[int], *, one_coin: Callable[[int], int], choose: Combine, sign: int
) -> int:
    """A difference table with one deliberate change (base, max/min, or + for -)."""
    n = len(row)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = one_coin(row[i])
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = choose(row[i] + sign * d[i + 1][j], row[j] + sign * d[i][j - 1])
    return d[0][n - 1]


def _row_by_row_difference(row: Sequence[int]) -> int:
    """The difference table filled row by row from the top: it reads cells not yet computed."""
    n = len(row)
    if n == 0:
        return 0
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = row[i]
    for i in range(n):
        for j in range(i + 1, n):
            d[i][j] = max(row[i] - d[i + 1][j], row[j] - d[i][j - 1])
    return d[0][n - 1]


def _difference_variants(row: Sequence[int]) -> list[tuple[str, int]]:
    """Mistakes whose difference need not be a possible one (sum + difference may be odd)."""
    return [
        (
            "a missing base case: the one-coin intervals are worth 0 instead of the coin",
            _variant_difference(row, one_coin=lambda c: 0, choose=max, sign=-1),
        ),
        (
            "a wrong fill order: row by row from the top reads cells before they are computed",
            _row_by_row_difference(row),
        ),
    ]


def _from_difference(row: Sequence[int], difference: int) -> Totals | None:
    total = sum(row)
    if (total + difference) % 2:
        return None
    return Totals((total + difference) // 2, (total - difference) // 2)


DIAGNOSIS_MAX_N = 200  # replaying the mistakes is O(n^2) each; small rows are the ones worth explaining


def likely_mistake(formulation: Formulation, row: Sequence[int], got: object) -> str | None:
    """One line naming the known mistake whose result equals ``got``, or None (also for n > 200)."""
    if got is None:
        return "the function returned None: a missing return statement?"
    if isinstance(got, float):
        return "a float came back: use // and ints, floats lose exactness above 2**53"
    if len(row) > DIAGNOSIS_MAX_N:
        return None
    if formulation.returns == "parity":
        return _parity_mistake(row, got)
    optimal = optimal_totals(row)
    quantity = _quantity_mistake(formulation, row, got, optimal)  # the most specific: checked first
    if quantity:
        return quantity
    known: list[tuple[str, Totals | None]] = [
        ("greedy: taking the larger end every turn is not optimal play", greedy_totals(row)),
        (
            "the opponent's result is added instead of subtracted (or max/min swapped so the opponent helps)",
            _from_difference(row, _variant_difference(row, one_coin=lambda c: c, choose=max, sign=+1)),
        ),
        (
            "the mover minimises instead of maximising (min where max belongs)",
            _from_difference(row, _variant_difference(row, one_coin=lambda c: c, choose=min, sign=-1)),
        ),
    ]
    for text, totals in known:
        if totals is not None and totals != optimal and got == expected_value(formulation, totals, None):
            return text
    if formulation.returns == "difference":
        for text, difference in _difference_variants(row):
            if difference != optimal.difference and got == difference:
                return text
    return None


def _quantity_mistake(
    formulation: Formulation, row: Sequence[int], got: object, optimal: Totals
) -> str | None:
    alternatives: dict[str, list[tuple[object, str]]] = {
        "difference": [(optimal.first, "first")],
        "first": [(optimal.difference, "difference")],
        "totals": [((optimal.second, optimal.first), "(second, first), the pair swapped")],
    }
    for value, name in alternatives.get(formulation.returns, []):
        if got == value and value != expected_value(formulation, optimal, None):
            return f"the wrong quantity: this is {name}"
    positive = sum(c for c in row if c > 0)
    negative = sum(c for c in row if c < 0)
    if formulation.returns == "first" and isinstance(got, int) and not negative <= got <= positive:
        return f"impossible: the first player's total must lie between {negative} and {positive} on this row"
    if formulation.returns == "difference" and isinstance(got, int) and abs(got) > positive - negative:
        return f"impossible: |difference| cannot exceed {positive - negative}, the sum of |coins|"
    return None


def _parity_mistake(row: Sequence[int], got: object) -> str | None:
    even, odd = parity_class_sums(row)
    if got == optimal_totals(row).first and got != max(even, odd):
        return "this is the optimal total; the parity strategy only guarantees the larger class sum"
    if got == min(even, odd) and even != odd:
        return "the smaller position class was chosen"
    if (got == even and even < odd) or (got == odd and odd < even):
        return "one class is always chosen: compare the two class sums"
    return None
