"""``python -m coinrow compare|trace …``: see ``coinrow.cli``."""

from coinrow.cli import main

raise SystemExit(main())
