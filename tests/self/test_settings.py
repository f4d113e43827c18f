"""The limits and seeds are defined once, in coinrow.game.settings, and the Makefile does not restate them."""

from __future__ import annotations

import re

from coinrow.game import settings
from coinrow.game.registry import REPO_ROOT


def test_the_makefile_limit_is_the_setting() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    default = re.search(r"^LIMIT\s*\?=(.*)$", makefile, flags=re.MULTILINE)
    assert default is not None
    # empty: make test passes no --limit, and the grader's default is the setting itself
    assert default.group(1).strip() in ("", f"{settings.CALL_LIMIT:g}")
    assert '$(if $(LIMIT),--limit="$(LIMIT)")' in makefile


def test_no_module_restates_a_setting() -> None:
    restated = re.compile(r"^(MAX_COINS|SEED|ROW_SEED|WORKERS|CALL_LIMIT) = \d", flags=re.MULTILINE)
    sources = sorted((REPO_ROOT / "coinrow").rglob("*.py"))
    assert [p.name for p in sources if p.name != "settings.py" and restated.search(p.read_text())] == []
