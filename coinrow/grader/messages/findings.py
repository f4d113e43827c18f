"""The line under a wrong value: the likely mistake behind it, or what the probe rows show for certain.

A mistake's own description is the catalogue's (``coinrow.grader.diagnosis.mistakes``); the sentence
naming it is built here. A finding about the empty row speaks of the rows with coins: a crash there must
not hide what the attempt does on them.
"""

from __future__ import annotations

from coinrow.game.shown import show_value

STATE_KEPT = (
    "this row alone, on a fresh import, gives the right answer: "
    "state is kept between calls (a module-level cache or a global sees the previous rows)"
)
SIGN_FLIPPED = "the answer's sign is flipped on every probe row"


def mistake_named(mistake: str, description: str, beyond_the_empty_row: bool = False) -> str:
    """The verified mistake with the id ``mistake``, as ``description`` describes it; ``beyond_the_empty_row``
    when the failure is on the empty row and the mistake shows on the rows with coins.

    >>> mistake_named("greedy", "both players take the larger end")
    'likely mistake (greedy): both players take the larger end'
    """
    where = "on rows with coins, " if beyond_the_empty_row else ""
    return f"{where}likely mistake ({mistake}): {description}"


def state_kept() -> str:
    """The failing row alone, on a fresh import, is answered right: the attempt keeps state between calls."""
    return mistake_named("state-kept", STATE_KEPT)


def beyond_the_empty_row(facts: str) -> str:
    """Under a failure on the empty row: ``facts`` about the rows with coins."""
    return f"on rows with coins: {facts}"


def same_answer_everywhere(answer: object, probes: int) -> str:
    """The attempt gave ``answer`` on every one of the ``probes`` probe rows (a placeholder)."""
    return f"the same answer, {show_value(answer)}, on all {probes} probe rows"


def no_mistake_fits(facts: str) -> str:
    """No catalogued mistake explains the answers; ``facts`` (from ``certain``) is what they show."""
    return f"no catalogued mistake fits all probe rows and this row; {facts}"


def all_probes_right(probes: int, shortest: int, longest: int) -> str:
    """A fact: all ``probes`` probe rows, of ``shortest`` to ``longest`` coins, are answered right."""
    return f"all {probes} probe rows (n = {shortest} to {longest}) are right"


def wrong_from(first_wrong: int, shortest: int, this_row: bool = False) -> str:
    """A fact about the probe rows and the failing row shown: the shortest of them answered wrong has
    ``first_wrong`` coins (the shortest probe row has ``shortest``); ``this_row``: the row shown is one of
    that length (then no probe row shorter is wrong). Rows that are neither may be wrong shorter, and longer
    ones right. It names no place in the code: a wrong base case, recurrence, fill order or an answer read
    wrong from the table (``D[0][n - 2]`` is right on one coin only) can each give any of them.

    >>> wrong_from(4, 1)
    'right on every probe row of up to 3 coins, wrong on one of 4'
    >>> wrong_from(4, 1, this_row=True)
    'right on every probe row of up to 3 coins, wrong on this row of 4'
    >>> wrong_from(2, 1)
    'right on every probe row of up to 1 coin, wrong on one of 2'
    """
    if first_wrong == 1:
        return "wrong already on a one-coin row"
    if first_wrong == shortest:
        return f"wrong already on a row of {shortest} coins"
    below = f"{first_wrong - 1} coin{'s' if first_wrong > 2 else ''}"
    which = "this row" if this_row else "one"
    return f"right on every probe row of up to {below}, wrong on {which} of {first_wrong}"


def wrong_only_on(rows: str, shown: bool) -> str:
    """A fact: every wrongly answered probe row, and the failing row if one is ``shown`` above (not the
    empty row), is one of these ``rows`` ("odd n", "a negative coin"); not that every such row is wrong,
    nor anything of rows that are neither.

    >>> wrong_only_on("odd n", shown=True)
    'the wrong probe rows and this row all have odd n'
    """
    return f"the wrong probe rows{' and this row' if shown else ''} all have {rows}"


def certain(facts: list[str]) -> str:
    """The ``facts`` above, in one line."""
    return "; ".join(facts)
