"""No fork from a process with threads: the repository's own checks fail a test that does one.

Python 3.12 and newer warn when a process that runs other threads forks ("This
process (pid=…) is multi-threaded, use of fork() may lead to deadlocks in the
child"). The warning cannot be made an error: the child exists already, so
CPython clears the error (before 3.15, python/cpython#135427), and
``filterwarnings = error`` would only hide it. ``refuse_forks_in_threads`` fails
the test instead (``tests/self/conftest.py`` wraps every self-test in it).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

FORK_IN_THREADS = "is multi-threaded, use of fork() may lead to deadlocks in the child"


@contextmanager
def refuse_forks_in_threads() -> Iterator[None]:
    """Fail (``pytest.fail``) when a fork in a threaded process was warned of inside the block, naming
    where; every other warning is passed on as it came."""
    with warnings.catch_warnings(record=True) as caught:
        yield
    forked = [w for w in caught if FORK_IN_THREADS in str(w.message)]
    for w in caught:
        if w not in forked:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
    if forked:
        where = "; ".join(f"{w.filename}:{w.lineno}: {w.message}" for w in forked)
        pytest.fail(f"forked while another thread ran: {where}", pytrace=False)
