"""The shared grading suite. Every module starts ``from __future__ import annotations``: hypothesis derives
a test's derandomized seed from its signature, and an annotation left as a class would put the class's
module in it, so moving a class would change every example the suite tries."""
