"""The mistakes of the families a formulation's facts name (``mistakes = [...]`` in
``coinrow/game/data/formulations.toml``): a rolling row, the peak reduction."""

from __future__ import annotations

from coinrow.grader.diagnosis.mistake_kinds import Mistake
from coinrow.grader.diagnosis.models import interval_dp, reduction
from coinrow.grader.diagnosis.rules import stale_left_rule


def rolling_row_mistakes() -> list[Mistake]:
    """A difference table rolled into one row, d[j] = D[i][j] for the current start i."""
    return [
        Mistake(
            "rolling-row-order",
            "the row is updated with j going down: d[j-1] still holds D[i+1][j-1] when d[j] reads it, "
            "where D[i][j-1] belongs; j must go up",
            (lambda row: interval_dp(row, stale_left_rule),),
        )
    ]


def peak_reduction_mistakes() -> list[Mistake]:
    """The linear-time peak reduction: merging peaks x <= y >= z into x - y + z."""
    return [
        Mistake(
            "strict-peak",
            "peaks are merged only when strict (x < y > z): ties x <= y >= z must merge too",
            (reduction(strict=True),),
        ),
        Mistake(
            "single-merge",
            "one merge per new coin (if, not while): a merge that makes a new peak is left standing",
            (reduction(repeat=False),),
        ),
        Mistake(
            "end-peak",
            "a peak at an end of the row is left standing (x the first value on the stack, or z the last "
            "coin): it merges like any other",
            (
                reduction(left_end=False),
                reduction(right_end=False),
                reduction(left_end=False, right_end=False),
            ),
        ),
    ]
