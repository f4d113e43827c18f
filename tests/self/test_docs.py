"""The README's formulations table is the registry's."""

from coinrow.docs import formulations_table, order_table
from coinrow.registry import REPO_ROOT


def test_readme_table_matches_registry() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert formulations_table() in readme, "README.md is stale: paste in the output of python -m coinrow.docs"


def test_problems_order_table_matches_registry() -> None:
    readme = (REPO_ROOT / "problems" / "README.md").read_text(encoding="utf-8")
    assert order_table() in readme, "problems/README.md is stale: paste in python -m coinrow.docs"
