"""The tools a learner uses around grading: watch, compare, trace, animate, play, bench, hint, reset.

Each tool imports the grader and the game, never another tool (``console``, ``tiers`` and ``timing`` are
shared, not tools).
"""
