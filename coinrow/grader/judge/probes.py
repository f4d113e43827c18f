"""The probe rows a diagnosis is checked on, and what a diagnosis reports.

A likely mistake is named only when the attempt's answers equal the mistake's
model on every probe row (see ``coinrow.grader.diagnosis.diagnose``). The rows are fixed and
chosen so that every two catalogued mistakes give different answers on at
least one of them (``tests/self/test_diagnosis.py`` proves it): odd and even
n from 1 to 10, zeros, negatives, ties, rows near 2**53 (where floats stop
being exact: one for a first total there, one for a second total too) and one
whose sums pass 2**63 (where int64 wraps). The empty row is left out on
purpose: it is graded on its own, and a crash there must not hide what the
attempt does on rows with coins.
"""

from __future__ import annotations

from dataclasses import dataclass

PROBE_ROWS: tuple[tuple[int, ...], ...] = (
    (7,),
    (0,),
    (-3,),
    (1, 2),
    (5, -5),
    (2**53 + 1, 2**53 + 3),
    (4, 4),
    (3, 9, 1),
    (0, -1, 0),
    (2, 2, 2),
    (1, 5, 233, 7),
    (8, 15, 3, 7),
    (-4, 0, -2, -7),
    (3, 1, 4, 1, 5),
    (0, 0, 2, 1, 0),
    (2, 7, 1, 8, 2, 8),
    (0, 2, 0, -2, 0, -1),
    (0, 1, 1, 1, 0, 0),
    (0, 1, 2, 3, 0, 0),
    (0, 0, 1, 0, 0, 2),
    (18, 20, 15, 30, 10, 14),
    (9, 2, 6, 5, 3, 5, 8),
    (-1, 3, -5, 2, 0, 6, -4),
    (0, 1, 2, 3, 0, 0, 5, 1),
    (6, 6, 1, 1, 6, 6, 1, 1),
    (5, -2, 7, 0, 0, -9, 4, 3, 1),
    (10, 3, 8, 1, 9, 2, 7, 4, 6, 5),
    (-5, 4, -3, 2, -1, 0, 1, -2, 3, -4),
    (2**53 + 1, 2, 2**53 + 1, 2),
    (2**62, -(2**62), 2**62, -(2**62)),
)


def probe_rows(even_only: bool = False) -> tuple[tuple[int, ...], ...]:
    """The probe rows, shortest first; only those of even length for a formulation of even n only."""
    return tuple(sorted((row for row in PROBE_ROWS if not (even_only and len(row) % 2)), key=len))


@dataclass(frozen=True)
class Finding:
    """What the grader verified about a wrong value: one line for the learner.

    ``mistake`` is the id of the catalogued mistake whose model matched on every
    probe row and on the failing row, or None when only facts about the probe
    answers are stated.
    """

    mistake: str | None
    line: str
