"""End to end: an interview's HTML report card in headless Chromium, at a phone's size, nothing fetched.

The report comes from a real interview through the command line (a wrong answer, a hint,
the reference, END=1), its clock replaced so that its times are known: 3:00, 4:00, 10:00.
``make e2e`` saves ``docs/interview-report-phone.png`` from it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from coinrow.cli.main import main
from coinrow.game.registry import REPO_ROOT
from coinrow.tools.interview import clock
from tests.e2e.conftest import new_page, screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route

START = 1_700_000_000.0


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("interview") / "interview"
    seconds = [0.0]
    steps = [
        (0, None, []),
        (180, REPO_ROOT / "tests" / "catalogue" / "wrong" / "difference_dp" / "greedy.py", []),
        (240, None, ["--hint"]),
        (600, REPO_ROOT / "solutions" / "difference_dp" / "difference_dp.py", []),
        (700, None, ["--end"]),
    ]
    with pytest.MonkeyPatch.context() as patched:
        patched.setenv("COINROW_INTERVIEW", str(folder))
        patched.setattr(clock, "now", lambda: START + seconds[0])
        for at, answer, options in steps:
            seconds[0] = at
            if answer is not None:
                shutil.copyfile(answer, folder / "answer.py")
            main(["interview", *options])
    return folder / "report.html"


def test_the_report_reads_on_a_phone_and_fetches_nothing(
    browser: Browser, report_page: Path, tmp_path: Path
) -> None:
    page = new_page(browser, 390, 844)
    requested: list[str] = []

    def only_the_file(route: Route) -> None:
        requested.append(route.request.url)
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            route.abort()

    page.route("**/*", only_the_file)
    page.goto(report_page.as_uri())
    assert requested == [report_page.as_uri()]  # the page itself, and nothing else
    assert page.inner_text("h1") == "Interview report: coins in a row"
    first_row = page.locator("table").first.locator("tbody tr").first.inner_text()
    assert first_row.split("\t") == ["1. the score difference in O(n²)", "after 10:00", "2", "1"]
    assert "named mistake greedy" in page.inner_text("body")
    page_width = page.evaluate("document.documentElement.scrollWidth")
    assert page_width <= 390, f"the report is {page_width} px wide on a 390 px screen"
    assert page.evaluate("getComputedStyle(document.body).fontSize") == "16px"
    screenshot(page, tmp_path, "interview-report-phone.png")
    page.close()
