"""The game: the pure model, the oracle, what each formulation returns, and the registry.

The bottom layer: it imports nothing else of the package.
"""
