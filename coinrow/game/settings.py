"""The kata's limits and seeds, each defined once; every tool and the Makefile take them from here.

``make test`` passes ``--limit`` only when ``LIMIT=`` is given, so its default is ``CALL_LIMIT``.

>>> CALL_LIMIT, MAX_COINS, SEED
(4.0, 30, 486)
"""

from __future__ import annotations

import os

CALL_LIMIT = 4.0  # CPU seconds one graded call may take (make test LIMIT=); O(n^2) needs well under 1 s
MAX_COINS = 30  # the longest row make play and make animate take: a 30 x 30 table still fits a laptop
SEED = 486  # the seed of every timed row (make bench, the growth table of make compare)
WORKERS = os.cpu_count() or 1  # processes graded at once (make test, make catalogue, make mutate)
