"""``python -m coinrow <command> …``, the same as the ``coinrow`` command: see ``coinrow.cli``."""

from coinrow.cli import main

raise SystemExit(main())
