"""Which processes count as an executor's tree (``coinrow.grader.executor.processes.census``), on a made-up
process table."""

from __future__ import annotations

import pytest

from coinrow.grader.executor import processes

PAGE = processes._PAGE


def test_a_process_of_an_older_session_whose_id_the_executor_got_again_is_not_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # pid: (parent, session, threads, resident pages, start time). The executor, 100, started at tick 500
    # and leads session 100; 300 is its child; 400 joined its session later (setsid in the attempt, then
    # its parent ended); 200 is of an older session 100 whose leader ended before the kernel gave the
    # executor pid 100 again: started at tick 400, it holds 1000 pages that are none of the attempt's.
    table = {
        100: (1, 100, 1, 10, 500),
        200: (1, 100, 1, 1000, 400),
        300: (100, 100, 2, 5, 600),
        400: (1, 100, 1, 7, 700),
    }
    monkeypatch.setattr(processes, "_stats", lambda: table)
    found = processes.census(100)
    assert found.pids == (100, 300, 400)
    assert found.tasks == 1 + 2 + 1
    assert found.resident == (10 + 5 + 7) * PAGE
    assert found.each == (10 * PAGE, 5 * PAGE, 7 * PAGE)
