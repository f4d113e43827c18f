"""Each task README's "What is checked": every check of the grading suite that grades the kata, in words.

``coinrow dev docs`` writes ``checked_text(f)`` into ``problems/<slug>/README.md`` between
``<!-- generated: checked-<slug with -> -->`` and ``<!-- end generated -->``. The text is made from the
registry (what the kata returns, its orders, its sizes and limits, the errors it must raise) and from
``CHECKS``: one entry per group of the suite's tests (``tests/grade``), naming them, saying which katas
they grade and what they check. ``tests/self/test_checked.py`` holds ``CHECKS`` to the suite: every test
that grades a kata is named by an entry that applies to it, and no entry claims a check that is not made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from coinrow.dev.docs_text import count_word
from coinrow.game.cases import all_cases
from coinrow.game.registry import FORMULATIONS, Formulation
from coinrow.game.rows import SPEED_SHAPES
from coinrow.game.settings import CALL_LIMIT
from coinrow.grader import TREE_MEMORY_MIB, WATCHED_SECONDS, growth_checked

Applies = Callable[[Formulation], bool]
Text = Callable[[Formulation], str]


@dataclass(frozen=True)
class Check:
    """Tests of the grading suite that check one thing, the katas they grade and that thing in words."""

    tests: tuple[str, ...]  # the test functions' names in tests/grade
    applies: Applies
    text: Text


def _values(f: Formulation) -> bool:
    return not f.returns.even_rows_only  # the parity strategy's guarantee is graded by its own tests


def _cases(f: Formulation) -> str:
    cases = all_cases()
    longest = max(len(case.row) for case in cases)
    graded = f"up to {f.max_n} coins here: longer ones are skipped" if f.max_n else f"up to {longest:,} coins"
    what = "the guarantee on each even row, `ValueError` on each odd one" if f.returns.even_rows_only else ""
    timed = (
        "; its random row of the largest size is left to the growth check, whose calls on fresh random rows "
        "that long are each checked"
        if growth_checked(f)
        else ""
    )
    return (
        f"**The case table:** each of its {len(cases)} rows (the empty row, ties, zeros, negatives, "
        f"{graded}){': ' + what if what else ''}{timed}."
    )


def _seconds(seconds: float) -> str:
    return f"{seconds:g} CPU second{'' if seconds == 1 else 's'}"


def _function(f: Formulation) -> str:
    return f"`{f.value_function}`"


def _growth(f: Formulation) -> str:
    others = [name for name in f.functions if name != f.value_function]
    beside = (
        f"; {', '.join(f'`{n}`' for n in others)} is not timed but for the per-call limit" if others else ""
    )
    return (
        f"**Complexity:** the time and the memory of {_function(f)}, measured on rows of doubling length, "
        f"grow no faster than {f.time.order.value} (time) and {f.space.order.value} (memory): a faster "
        f"growth fails, even with right values{beside}. Every value on the timed rows (fresh random ones, "
        "coins of one sign or both, odd lengths too where the kata takes them) is checked as well, and "
        "each row must be left unchanged."
    )


def _speed(f: Formulation) -> str:
    assert f.speed is not None
    edge = ", and again on coins summing to exactly 2**63 - 1" if f.int64 else ""
    return (
        f"**Speed:** at n = {f.speed.n:,} a call must take at most {_seconds(f.speed.cpu_seconds)} on each "
        f"of {count_word(len(SPEED_SHAPES))} rows drawn afresh on every run (coins alternating high and low, "
        f"coins rising then falling, and falling then rising){edge}, which asks for {f.speed.needs}."
    )


def _memory(f: Formulation) -> str:
    assert f.memory is not None
    return (
        f"**Memory:** at n = {f.memory.n:,} the peak that `tracemalloc` traces over the call's first "
        f"{_seconds(f.memory.traced_seconds)} stays under "
        f"{f.memory.bytes / 2**20:g} MiB (one n x n table takes over 100 MB), and over the first "
        f"{_seconds(WATCHED_SECONDS)} of an untraced call the process's resident memory, read by the kernel, "
        f"grows by less than {f.memory.resident_bytes / 2**20:g} MiB."
    )


def _errors(f: Formulation) -> str:
    when = "; ".join(f"`{function}` when {why}" for function, why in f.raises)
    return (
        f"**Errors:** `ValueError` (or a subclass) with a message that is not empty: {when}. "
        "Returning instead, or raising another exception, fails."
    )


CHECKS: tuple[Check, ...] = (
    Check(("test_value",), lambda f: True, _cases),
    Check(
        ("test_agrees_with_oracle",),
        _values,
        lambda f: (
            "**Random short rows** (zeros, negatives, ties), odd and even, against the exhaustive oracle."
        ),
    ),
    Check(
        ("test_agrees_with_the_game_table_on_longer_rows",),
        lambda f: _values(f) and not f.max_n,
        lambda f: (
            "**Random longer rows** of 11 to 60 coins, odd and even, each of one shape (coins of both signs, "
            "one coin repeated, every coin negative, every coin positive, or coins about 2**63), against the "
            "game table."
        ),
    ),
    Check(
        ("test_brute_force_up_to_sixteen_coins",),
        lambda f: f.max_n is not None,
        lambda f: (
            f"**The longest rows it is graded on:** random ones up to {f.max_n} coins, against the game "
            "table."
        ),
    ),
    Check(
        ("test_row_is_not_mutated",),
        lambda f: True,
        lambda f: (
            "**Your row is left alone:** the list passed in is the same list, unchanged, after the call."
        ),
    ),
    Check(
        ("test_exact_at_the_int64_edges", "test_never_overflows", "test_huge_coins"),
        lambda f: f.int64,
        lambda f: (
            "**Exact beyond int64:** rows whose absolute sum is exactly 2**63 - 1 or just past it, coins "
            "beyond 2**64 and random coins above 2**60: the exact value, never a wrapped one."
        ),
    ),
    Check(("test_fast_where_the_slow_way_fails",), lambda f: f.speed is not None, _speed),
    Check(("test_rolling_array_memory",), lambda f: f.memory is not None, _memory),
    Check(("test_grows_as_the_task_asks",), growth_checked, _growth),
    Check(
        ("test_documented_error_is_raised", "test_odd_rows_raise_value_error"),
        lambda f: bool(f.raises),
        _errors,
    ),
    Check(
        (
            "test_guarantee_lies_between_half_and_optimum",
            "test_guarantee_is_the_larger_class_sum",
            "test_guarantee_is_the_larger_class_sum_on_longer_rows",
        ),
        lambda f: f.returns.is_guarantee,
        lambda f: (
            "**The guarantee on random even rows:** at least half the sum, at most the optimal `first`, and "
            "exactly what the strategy secures there, on rows of up to 10 coins and on rows of 12 to 60 "
            "coins of one shape each, as the longer rows above."
        ),
    ),
    Check(
        ("test_moves_secure_the_guarantee", "test_moves_secure_the_guarantee_on_case_rows"),
        lambda f: f.returns.is_guarantee,
        lambda f: (
            "**The moves, replayed:** on even rows of up to 10 coins (random ones, and the case table's) "
            '`parity_move` plays first against every possible opponent; each answer must be `"left"` or '
            '`"right"` and the total collected at least the guarantee.'
        ),
    ),
    Check(
        ("test_linear_reduction_known_traps",),
        lambda f: "peak-reduction" in f.mistakes,
        lambda f: (
            "**Known traps:** rows on which strict comparisons, a single merge per push, or leaving out a "
            "peak at an end of the row go wrong."
        ),
    ),
    Check(
        ("test_linear_reduction_agrees_with_oracle",),
        lambda f: "peak-reduction" in f.mistakes,
        lambda f: "**Rows full of ties**, zeros and negatives, odd and even, against the exhaustive oracle.",
    ),
    Check(
        ("test_optimal_moves_with_ties",),
        lambda f: f.returns.graded_move_by_move,
        lambda f: (
            "**Rows full of ties,** replayed move by move: where both ends are as good, either is accepted."
        ),
    ),
)


def checked_text(f: Formulation) -> str:
    """The bullets of ``f``'s "What is checked": what a call must return and within what, then each check of
    the suite that grades it, in ``CHECKS`` order."""
    line = (
        "replayed move by move: each move must keep the mover's optimal difference, and the line must "
        "collect the optimal totals"
        if f.returns.graded_move_by_move
        else ""
    )
    empty = f.returns.empty_row_answer
    shown = repr(tuple(empty) if isinstance(empty, list | tuple) and empty else empty)
    returns = (
        f"**Returns:** {f.returns.accepted}{'; ' + line if line else ''}. The empty row gives `{shown}`."
    )
    limit = (
        f"**Each call** within {_seconds(CALL_LIMIT)} (`LIMIT=`) and {TREE_MEMORY_MIB // 1024} GiB of "
        "resident memory, summed over the processes it runs in; a file that imports the reference or the "
        "grader's own model is not graded."
    )
    bullets = [returns, limit, *(check.text(f) for check in CHECKS if check.applies(f))]
    return "\n".join(f"- {bullet}" for bullet in bullets)


def region_name(f: Formulation) -> str:
    """The name of ``f``'s "What is checked" region: ``checked-`` and its slug, ``-`` for ``_``."""
    return "checked-" + f.slug.replace("_", "-")


def checked_texts(formulations: tuple[Formulation, ...] = FORMULATIONS) -> dict[str, str]:
    """Every kata's "What is checked" text, by the name of its region."""
    return {region_name(f): checked_text(f) for f in formulations}
