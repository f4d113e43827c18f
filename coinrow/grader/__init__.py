"""The grader: everything that judges an attempt.

Running it under limits, the checks, failures and their messages, the diagnosis
and its mistake models, the driver, results and progress, and the pytest plugin
the grading suite runs under. Imports ``coinrow.game`` only.
"""
