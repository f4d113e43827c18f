"""Shared hypothesis strategies: short rows of small values, so ties, zeros and negatives happen."""

from hypothesis import strategies as st

coin = st.integers(min_value=-20, max_value=20)
rows = st.lists(coin, max_size=10)
longer_rows = st.lists(coin, min_size=11, max_size=60)  # past the oracle's reach, odd and even
even_rows = st.lists(st.tuples(coin, coin), max_size=5).map(lambda pairs: [c for pair in pairs for c in pair])
