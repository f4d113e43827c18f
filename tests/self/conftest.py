"""The power line of the grader, printed after a run that graded the catalogue."""

from typing import Any

import pytest

from coinrow.catalogue import power_line


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    from tests.self.test_catalogue import OUTCOMES

    if OUTCOMES:
        terminalreporter.write_line(power_line(list(OUTCOMES.values())))
