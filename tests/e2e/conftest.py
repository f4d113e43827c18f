"""The browser tests' shared fixtures: Debian's Chromium driven by Playwright, pages, screenshots.

Skipped on a machine without Chromium or Playwright, unless ``CI`` or ``COINROW_E2E_REQUIRED``
(set by ``make e2e``) is set: there a missing browser is a failure, so CI never skips it
silently. With ``COINROW_SCREENSHOTS=<folder>`` the screenshots are saved there (``make e2e``
saves them into ``docs/``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# No sandbox (CI runs as root), and nothing that reaches the network.
LAUNCH_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _missing(reason: str) -> None:
    """Fail in CI and under ``make e2e`` (a browser test must never skip silently there); else skip."""
    if os.environ.get("CI") or os.environ.get("COINROW_E2E_REQUIRED"):
        pytest.fail(f"{reason}; this run must include the browser test", pytrace=False)
    pytest.skip(f"{reason}; `make e2e` installs the Python side, `apt-get install chromium` the browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, launched by Playwright (never a downloaded browser)."""
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        _missing(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_FLAGS)
        yield browser
        browser.close()


def new_page(browser: Browser, width: int, height: int) -> Page:
    """A page of ``width`` x ``height`` CSS pixels."""
    # Reduced motion turns the cells' colour transition off, so a screenshot shows the settled page.
    return browser.new_page(viewport={"width": width, "height": height}, reduced_motion="reduce")


def screenshot(page: Page, tmp_path: Path, name: str) -> Path:
    """Save the whole page as ``name`` into ``COINROW_SCREENSHOTS`` (else ``tmp_path``); its path."""
    folder = Path(os.environ.get("COINROW_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000  # a real picture, not a blank page
    return path
