"""How the grading suite is run: the plugin's options (``pytest_addoption``, a hook of
``coinrow.grader.run.plugin``) and the hypothesis profiles it runs under: deterministic, no deadline (the
grader's CPU limit per call bounds time instead), and as many examples as the run needs
(``--hypothesis-profile``)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings

from coinrow.game.rowarg import call_limit
from coinrow.game.settings import CALL_LIMIT

_deterministic = settings(
    derandomize=True,
    deadline=None,  # the grader's per-call limit bounds time instead
    database=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
    # no explain phase: the grader writes its own message, and explaining a failure cost more than finding it
    phases=[phase for phase in Phase if phase is not Phase.explain],
)
settings.register_profile("kata", _deterministic, max_examples=60)
settings.register_profile("ci", _deterministic, max_examples=200)
settings.register_profile("catalogue", _deterministic, max_examples=25)  # known answers, graded in bulk
settings.load_profile("kata")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kata")
    group.addoption(
        "--impl",
        default="problems",
        help="code to grade: problems (your attempts, default), solutions, or a folder laid out like them",
    )
    group.addoption("--formulation", default=None, help="grade only this slug (or slugs, comma-separated)")
    group.addoption(
        "--results-file",
        default=None,
        help="append a JSON line per graded test here (the grading driver reads it); no summary is printed",
    )
    group.addoption(
        "--call-limit",
        type=call_limit,
        default=CALL_LIMIT,
        help=f"seconds one call may take before it is 'too slow' (default {CALL_LIMIT:g})",
    )
    group.addoption(
        "--wait-for-go",
        type=int,
        default=None,
        help="a descriptor: once the suite is collected, wait to read 'go' from it, or end (a primed child)",
    )
    group.addoption(
        "--growth-ahead",
        action="store_true",
        help="start each growth check in a thread as the run starts, and run its test last (a core is spare)",
    )
