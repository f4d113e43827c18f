"""The READMEs' tables are the registry's; the top-level README stays short and its links resolve."""

import re

import pytest

from coinrow.dev.docs import katas_table, order_table, recurrences_table
from coinrow.game.registry import REPO_ROOT

README_LIMIT = 8 * 1024  # bytes: the part a learner reads first fits on two screens


@pytest.mark.parametrize(
    ("path", "table"),
    [
        ("README.md", katas_table()),
        ("problems/README.md", order_table()),
        ("solutions/README.md", recurrences_table()),
    ],
)
def test_the_tables_match_the_registry(path: str, table: str) -> None:
    text = (REPO_ROOT / path).read_text(encoding="utf-8")
    assert table in text, f"{path} is stale: paste in its table from python -m coinrow.dev.docs"


def test_readme_fits_in_8_kb() -> None:
    assert len((REPO_ROOT / "README.md").read_bytes()) <= README_LIMIT


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "problems/README.md",
        "solutions/README.md",
        *(f"docs/{p.name}" for p in (REPO_ROOT / "docs").glob("*.md")),
    ],
)
def test_relative_links_resolve(path: str) -> None:
    document = REPO_ROOT / path
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", document.read_text(encoding="utf-8"))
    assert [t for t in targets if not (document.parent / t).exists()] == []
