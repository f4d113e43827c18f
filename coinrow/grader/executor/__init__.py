"""The attempt's process, both sides: the judge's handle on it (``process``), the loop that runs inside it
(``inside/``, standard library only), the wire between them, the sandbox it is sealed in, and every limit
it runs under (``limits``)."""
