"""``make grade`` and ``make autograder``: a teacher grades a class, locally or on a teaching platform."""
