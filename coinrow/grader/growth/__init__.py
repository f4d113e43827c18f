"""The growth check the grading suite runs: an attempt's time and memory on growing rows, judged against
the task's order (``check``), started ahead of the other checks in a thread (``ahead``)."""
