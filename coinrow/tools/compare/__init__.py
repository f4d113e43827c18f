"""``coinrow compare``: answers against the oracle, the anatomy and the growth of every formulation."""
