"""What grading keeps and writes: one status and the summary (``results``), the progress cache
(``progress``) under one fingerprint (``fingerprint``), the stubs as shipped (``stubs``), and the exercism
report (``exercism``)."""
