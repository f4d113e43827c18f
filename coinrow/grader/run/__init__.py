"""Running a grade: the one entry point (``grade``), its command line, the driver that forks a child per
kata, the child's caps and what it said when it ended, and the pytest plugin the grading suite runs under."""
