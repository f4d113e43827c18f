"""What the judge sends an executor: rows of plain ints as they are, anything else tagged, and back again."""

from __future__ import annotations

import pytest

from coinrow.grader.executor.wire import SAFE_INT, decode, encode


@pytest.mark.parametrize(
    ("row", "sent"),
    [
        ([], []),
        ([5, -3, 0, 7], [5, -3, 0, 7]),
        ([SAFE_INT - 1, 1 - SAFE_INT], [SAFE_INT - 1, 1 - SAFE_INT]),
        ([1, SAFE_INT], [1, {"int": hex(SAFE_INT)}]),  # past what JSON holds exactly: tagged
        ([-SAFE_INT, 2], [{"int": hex(-SAFE_INT)}, 2]),
        ([1, True], [1, True]),  # a bool stays a bool, never read back as 1
        ([(1, 2), 3], [{"tuple": [1, 2]}, 3]),
    ],
)
def test_a_row_is_sent_plain_or_tagged_and_comes_back_equal(row: list[object], sent: list[object]) -> None:
    data = encode(row)
    assert data == sent
    assert data is not row  # a copy: the judge's own row is never handed over
    assert decode(data) == row
    assert [type(x) for x in decode(data)] == [type(x) for x in row]
