"""The hypothesis profiles the grading suite runs under: deterministic, no deadline (the grader's CPU limit
per call bounds time instead), and as many examples as the run needs (``--hypothesis-profile``)."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

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
