"""The speed check's rows (``coinrow.game.rows.speed_row``): their values, and the work they ask of an O(n)
stack reduction, counted on a reduction written here to count it."""

from __future__ import annotations

import pytest

from coinrow.game.oracle import exhaustive_difference
from coinrow.game.rows import SPEED_SHAPES, speed_row


def _stack_work(row: list[int]) -> tuple[int, int]:
    """The peak merges of the stack scan (x <= y >= z merged into x - y + z) make: (merges, the largest stack
    a merge happened on). A reduction that copies its stack on each merge pays the sum of those sizes."""
    stack: list[int] = []
    merges, deepest = 0, 0
    for z in row:
        while len(stack) >= 2 and stack[-2] <= stack[-1] >= z:
            merges, deepest = merges + 1, max(deepest, len(stack))
            y, x = stack.pop(), stack.pop()
            z = x - y + z
        stack.append(z)
    return merges, deepest


@pytest.mark.parametrize("shape", SPEED_SHAPES)
@pytest.mark.parametrize("n", [0, 2, 4, 6, 10, 14])
def test_each_rows_difference_is_the_oracles(shape: str, n: int) -> None:
    row, difference = speed_row(n, shape, seed=n)
    assert len(row) == n
    assert difference == exhaustive_difference(row)


def test_a_mountain_merges_deep_in_the_stack_and_a_valley_keeps_every_coin() -> None:
    n = 2000
    mountain, _ = speed_row(n, "rises then falls", seed=1)
    merges, deepest = _stack_work(mountain)
    assert merges >= n // 4  # the first falling coin merges the whole rising side ...
    assert deepest >= n // 2  # ... which the stack held
    valley, _ = speed_row(n, "falls then rises", seed=1)
    assert _stack_work(valley) == (0, 0)  # nothing merges: the stack ends holding all n coins
    zigzag, _ = speed_row(n, "zigzag", seed=1)
    assert _stack_work(zigzag)[1] <= 4  # every high coin merges as it comes: the stack stays shallow


def test_an_unknown_shape_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^spiral$"):
        speed_row(4, "spiral", seed=1)
