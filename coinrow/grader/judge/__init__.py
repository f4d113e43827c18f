"""Calling the attempt and judging what comes back: ``Caller`` (every call into the attempt), ``Grader``
(a value against the optimum), the failures they raise, and the probe rows a diagnosis is checked on."""
