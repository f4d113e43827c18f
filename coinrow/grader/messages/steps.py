"""What to do next about a failing kata: the line that ends its part of the summary.

A failing kata's part ends with the next hint to ask for and how many are left, or, once every
hint was shown, the page to read after solving it: its recurrence in ``solutions/README.md``.
"""

from __future__ import annotations

RECURRENCES = "solutions/README.md"


def next_step(slug: str, left: int, total: int) -> str:
    """The next step for the failing kata ``slug``, ``left`` of its ``total`` hints not shown yet.

    >>> next_step("difference_dp", 3, 3)
    'next step: make hint F=difference_dp (3 of its 3 hints left)'
    >>> next_step("difference_dp", 0, 3)
    'next step: all 3 hints shown; once it passes, read its recurrence in solutions/README.md'
    >>> next_step("difference_dp", 0, 0)
    'next step: once it passes, read its recurrence in solutions/README.md'
    """
    after = f"once it passes, read its recurrence in {RECURRENCES}"
    if left > 0:
        return f"next step: make hint F={slug} ({left} of its {total} hint{'s' if total != 1 else ''} left)"
    return f"next step: all {total} hints shown; {after}" if total else f"next step: {after}"
