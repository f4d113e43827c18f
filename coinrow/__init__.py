"""Shared core of the coins-in-a-row kata: game model, oracle, registry, grading."""
