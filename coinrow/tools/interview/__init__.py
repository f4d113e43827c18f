"""``make interview``: the game asked as an interviewer asks it, against the clock, with follow-ups and a
report card (``command`` is its command line)."""
