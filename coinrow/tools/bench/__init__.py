"""``coinrow bench``: CPU time and peak memory of every formulation, against NumPy and C."""
