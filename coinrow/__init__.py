"""Shared core of the coins-in-a-row kata: game model, oracle, registry, grading.

NumPy's BLAS would start a pool of threads when it is imported: the grading driver
forks its children from a process that must have none (a fork beside a running thread
can deadlock, and a threaded caller is sent through a fresh interpreter instead). No
grading step multiplies matrices, so one BLAS thread is asked for, unless the
environment already asks for some other number.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
