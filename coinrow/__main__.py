"""``python -m coinrow <command> …``, the same as the ``coinrow`` command: see ``coinrow.cli.main``."""

from coinrow.cli.main import main

raise SystemExit(main())
