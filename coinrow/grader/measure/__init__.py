"""Measuring how time and memory grow: an order read from timings on doubling sizes (``orders``) and the
one timing rule compare, bench and the grader share (``timing``). Calls nothing of the attempt itself."""
