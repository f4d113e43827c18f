"""Shared hypothesis strategies: short rows of small values, so ties, zeros and negatives happen."""

from hypothesis import strategies as st

coin = st.integers(min_value=-20, max_value=20)
rows = st.lists(coin, max_size=10)
even_rows = st.lists(st.tuples(coin, coin), max_size=5).map(lambda pairs: [c for pair in pairs for c in pair])
