"""End to end: the animation page in a real headless Chromium (Debian's package, driven by Playwright).

The browser, and when it is skipped, is ``conftest.py``'s. ``make e2e`` installs the ``e2e``
extra and runs this file; with ``COINROW_SCREENSHOTS=<folder>`` it saves the screenshots there
(the README's ``docs/animation.png`` comes from ``make e2e``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from coinrow.game.cases import all_cases
from coinrow.game.registry import by_slug
from coinrow.tools.animate.animate import render_html
from tests.e2e.conftest import new_page, screenshot
from tests.self.animation_oracle import oracle_cell_text

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

SEED = next(c for c in all_cases() if c.label == "seed-greedy-loses-by-two")  # [5, 3, 7, 10]: 15 to 10


@pytest.fixture(scope="module")
def seed_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page for [5, 3, 7, 10], made through the real command line as ``make animate`` does."""
    out = tmp_path_factory.mktemp("pages") / "animation.html"
    command = [sys.executable, "-m", "coinrow", "animate", "--row", "5 3 7 10", "--out", str(out)]
    done = subprocess.run(command, check=True, capture_output=True, text=True, timeout=60)
    assert str(out) in done.stdout
    return out


def _write_page(tmp_path: Path, row: tuple[int, ...], slug: str) -> Path:
    out = tmp_path / f"{slug}.html"
    out.write_text(render_html(row, slug), encoding="utf-8")
    return out


def _cell_texts(page: Page) -> dict[tuple[int, int], str]:
    """Every table cell's text, keyed by its (i, j), read in one round trip."""
    cells = page.eval_on_selector_all(
        "td.cell", "tds => tds.map(td => [Number(td.dataset.i), Number(td.dataset.j), td.textContent.trim()])"
    )
    return {(i, j): text for i, j, text in cells}


# One page per kind of cell: a difference, a total read from three cells, a pair. The values of every
# formulation's table are checked against the oracle without a browser in tests/self/test_animate.py.
@pytest.mark.parametrize("formulation", ["difference_dp", "min_of_opponent_dp", "paired_tuple_dp"])
def test_stepping_fills_the_oracles_table_and_reset_empties_it(
    browser: Browser, seed_page: Path, tmp_path: Path, formulation: str
) -> None:
    row, slug = SEED.row, formulation
    page = new_page(browser, 1280, 800)
    page.goto((seed_page if slug == "difference_dp" else _write_page(tmp_path, row, slug)).as_uri())
    n = len(row)
    assert set(_cell_texts(page).values()) == {""}
    assert page.locator("#answer").is_hidden()

    started, clicks = time.perf_counter(), 0
    while page.locator("#step").is_enabled():
        page.click("#step")
        clicks += 1
        assert clicks <= n * (n + 1) // 2, "Step is still enabled after every cell was filled"
    assert clicks == n * (n + 1) // 2 == 10

    expected = {(i, j): oracle_cell_text(row, slug, i, j) for i in range(n) for j in range(i, n)}
    assert _cell_texts(page) == expected
    # The answer: the top-right cell and the case table's totals, 15 to 10.
    assert page.inner_text("td.cell[data-i='0'][data-j='3']") == {"difference": "5", "first": "15"}.get(
        by_slug(slug).returns.key, "15, 10"
    )
    assert page.locator("#answer").is_visible()
    assert page.inner_text("#first") == str(SEED.totals.first) == "15"
    assert page.inner_text("#second") == str(SEED.totals.second) == "10"
    # The last cell read D[1][3] and D[0][2] (min-of-opponent: three cells) and took the right end.
    assert page.locator("td.read").count() == (3 if slug == "min_of_opponent_dp" else 2)
    assert "take right ✓" in page.inner_text("#explain")
    # The optimal line for [5, 3, 7, 10]: first 10, second 7, first 5, second 3 (15 to 10).
    assert [li.split(" from")[0] for li in page.locator("#line li").all_inner_texts()] == [
        "first takes 10",
        "second takes 7",
        "first takes 5",
        "second takes 3",
    ]
    if slug == "difference_dp":
        screenshot(page, tmp_path, "animation.png")
        print(f"stepped {clicks} cells in {time.perf_counter() - started:.2f} s")

    page.click("#reset")
    assert set(_cell_texts(page).values()) == {""}
    assert page.locator("#answer").is_hidden()
    assert page.locator("td.read, td.current").count() == 0
    page.close()


def test_arrow_keys_step_and_run_finishes(browser: Browser, seed_page: Path) -> None:
    page = new_page(browser, 1280, 800)
    page.goto(seed_page.as_uri())
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#progress") == "2 / 10 cells"
    assert page.inner_text("td.cell[data-i='1'][data-j='1']") == "3"
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("#progress") == "1 / 10 cells"
    assert page.inner_text("td.cell[data-i='1'][data-j='1']") == ""
    page.fill("#speed", "20")  # the fastest: 0.12 s a cell
    page.click("#run")
    page.wait_for_selector("#answer", state="visible", timeout=10_000)
    assert page.inner_text("td.cell[data-i='0'][data-j='3']") == "5"
    page.close()


def test_phone_width_has_no_sideways_scroll(browser: Browser, tmp_path: Path) -> None:
    page = new_page(browser, 390, 844)
    page.goto(_write_page(tmp_path, (8, 15, 3, 7, 2, 9, 4, 6), "difference_dp").as_uri())
    page.click("#step")
    for _ in range(35):  # 8 coins: 8 * 9 / 2 = 36 cells; the keys are quicker to drive than clicks
        page.keyboard.press("ArrowRight")
    page_width = page.evaluate("document.documentElement.scrollWidth")
    assert page_width <= 390, f"the page is {page_width} px wide on a 390 px screen"
    assert page.locator("#step").is_visible()
    assert page.locator("#answer").is_visible()
    screenshot(page, tmp_path, "animation-phone.png")
    page.close()
