"""The likely mistake behind a wrong value: the models of known mistakes (``models``, ``rules``,
``mistake_kinds``, ``mistakes``), named by ``diagnose`` only where a model fits every probe row."""
