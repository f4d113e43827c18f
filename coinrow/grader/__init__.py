"""The grader: everything that judges an attempt.

Running it under limits, the checks, failures and their messages, the diagnosis
and its mistake models, the driver, results and progress, the pytest plugin the
grading suite runs under, the one grading entry point (``grade``) and the one
fingerprint its records are kept under (``fingerprint``). Imports ``coinrow.game`` only.
"""
