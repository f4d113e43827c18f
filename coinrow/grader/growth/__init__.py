"""Orders of growth: read from timings on growing rows (``orders``), the growth check the suite runs
(``check``, started ahead by ``ahead``), and the timing rule compare and bench share (``timing``)."""
