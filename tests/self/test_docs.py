"""The documents' tables and counts are the registry's, written by ``coinrow dev docs`` and checked by its
``--check``; the top-level README stays short and its links resolve."""

import re
from pathlib import Path

import pytest

from coinrow.dev.docs import END, OPEN, REGION, DocumentError, documents, regenerate
from coinrow.dev.docs_checks import checked_texts
from coinrow.dev.docs_samples import SAMPLE_REGIONS
from coinrow.dev.docs_text import count_word, generated_texts, katas_table, order_table, recurrences_table
from coinrow.dev.measured import NAMES, unknown_regions, write_region
from coinrow.dev.measured import REGION as MEASURED_REGION
from coinrow.game.registry import CORE, FORMULATIONS, REPO_ROOT
from coinrow.game.rows import COIN_SPAN, LOWEST_COINS
from coinrow.grader.executor.inside.limits import CPU_CAP_PER_CALL_LIMIT, MIN_CPU_CAP, TREE_EVERY
from coinrow.grader.executor.process import GARBAGE_SHARE
from coinrow.grader.judge.calls import UNTRACED_ALLOWANCE, UNTRACED_PER_COIN, UNTRACED_SLACK
from coinrow.grader.judge.too_slow import (
    FLOOR_BUDGET,
    FLOOR_ROUNDS,
    MOST_FLOOR_ROUNDS,
    READABLE_SECONDS,
    ROUND_ROOM,
    STEP_STOP_SECONDS,
)
from coinrow.grader.run.driver import WALL_CAP
from tests.self.commandline import coinrow

README_LIMIT = 8 * 1024  # bytes: the part a learner reads first fits on two screens
COUNTS = (len(CORE), len(FORMULATIONS) - len(CORE), len(FORMULATIONS))  # core, bonus, all


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
    assert table in text, f"{path} is stale: coinrow dev docs rewrites it"


def test_the_committed_documents_are_up_to_date() -> None:
    done = coinrow("dev", "docs", "--check")
    assert (done.returncode, done.stderr) == (0, "")
    (line,) = done.stdout.splitlines()
    assert re.fullmatch(r"the generated regions of \d+ documents are up to date", line)


def test_every_generated_text_has_a_region() -> None:
    used = {region["name"] for path in documents() for region in REGION.finditer(path.read_text("utf-8"))}
    assert used == set(generated_texts()) | set(SAMPLE_REGIONS) | set(checked_texts())


def _outside_regions(text: str) -> str:
    return REGION.sub(" ", text)


@pytest.mark.parametrize("path", [p.relative_to(REPO_ROOT).as_posix() for p in documents()])
def test_counts_are_written_only_in_generated_regions(path: str) -> None:
    """ "six" appears where the registry says six, and only there: no count is written by hand."""
    text = _outside_regions((REPO_ROOT / path).read_text(encoding="utf-8"))
    words = "|".join(count_word(count) for count in COUNTS)
    assert re.findall(rf"\b({words})\b", text, flags=re.IGNORECASE) == []
    assert re.findall(r"\bK of \d+", text) == []


def test_the_package_description_gives_no_count() -> None:
    description = re.search(r'^description = "(.*)"$', (REPO_ROOT / "pyproject.toml").read_text(), re.M)
    assert description is not None
    assert not re.search(r"\b\d+\b|\b({})\b".format("|".join(map(count_word, COUNTS))), description[1])


def test_a_stale_document_is_named_in_one_line_and_left_unchanged(documents_copy: Path) -> None:
    readme = documents_copy / "README.md"
    fresh = readme.read_text(encoding="utf-8")
    core = f"{OPEN}core-count -->{count_word(len(CORE))}{END}"
    readme.write_text(fresh.replace(core, f"{OPEN}core-count -->{count_word(len(CORE) + 1)}{END}", 1))
    stale = readme.read_text(encoding="utf-8")
    done = coinrow("dev", "docs", "--check", f"--root={documents_copy}")
    assert done.returncode == 1
    assert done.stdout.splitlines() == [
        "README.md is stale: its generated text is not the registry's; "
        f"run coinrow dev docs --root={documents_copy}"
    ]
    assert readme.read_text(encoding="utf-8") == stale
    rewritten = coinrow("dev", "docs", f"--root={documents_copy}")
    assert (rewritten.returncode, rewritten.stdout) == (0, "rewrote README.md\n")
    assert readme.read_text(encoding="utf-8") == fresh
    assert coinrow("dev", "docs", "--check", f"--root={documents_copy}").returncode == 0


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (f"a {OPEN}no-such-count -->six{END} b", "unknown generated region 'no-such-count'"),
        (f"a {OPEN}core-count -->six b", "not closed"),
        (f"{OPEN}core-count -->six{END} ways", "starts a line"),
        (f"the table: {OPEN}katas-table -->\n{END}\n", "its markers need lines of their own"),
    ],
)
def test_malformed_markers_are_refused(text: str, problem: str) -> None:
    with pytest.raises(DocumentError, match=problem):
        regenerate(text, generated_texts())


def test_readme_fits_in_8_kb() -> None:
    """The file as committed, its generated regions' markers included: what a clone holds."""
    assert len((REPO_ROOT / "README.md").read_bytes()) <= README_LIMIT


def test_readme_names_the_tools_make_check_installs() -> None:
    """README's first block says what make check installs: the tools the Makefile names as it installs
    them."""
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    said = re.search(r"maintainers' tools into \$\(VENV\), first run only: (.*?)\"", makefile)
    assert said is not None
    block = " ".join(generated_texts()["commands-example"].split())
    assert f"maintainers' tools into `.venv` ({said[1]})" in block


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


def _entries(text: str) -> list[str]:
    """The document's lines, a bullet's or table row's continuation lines joined to it."""
    entries: list[str] = []
    for line in text.splitlines():
        if line.startswith("  ") and entries:
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    return entries


def test_the_architecture_names_every_module() -> None:
    """docs/architecture.md answers "where does this change go": every module of the package is named there,
    by its path below coinrow/, or by its file name in an entry that names its folder."""
    entries = _entries((REPO_ROOT / "docs" / "architecture.md").read_text(encoding="utf-8"))
    package = REPO_ROOT / "coinrow"
    unnamed = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        module = path.relative_to(package).as_posix()
        folder = path.parent.relative_to(package).as_posix() + "/"
        if not any(
            f"`{module}`" in entry or (f"`{path.name}`" in entry and folder in entry) for entry in entries
        ):
            unnamed.append(module)
    assert unnamed == []


def test_the_suites_seeds_do_not_depend_on_where_classes_live() -> None:
    """See tests/grade/__init__.py: each module of the suite keeps its annotations as text."""
    suite = sorted((REPO_ROOT / "tests" / "grade").glob("test_*.py"))
    assert suite
    assert [p.name for p in suite if "from __future__ import annotations" not in p.read_text()] == []


def test_every_measured_region_is_written_by_a_command() -> None:
    """The timing figures in the documents come from runs (``coinrow dev measured``, ``make growth-errors``):
    every measured region has a name one of them writes, and each such name has a region."""
    assert unknown_regions() == []
    text = "\n".join(path.read_text(encoding="utf-8") for path in documents())
    assert {*NAMES, "growth-errors"} <= {m["name"] for m in MEASURED_REGION.finditer(text)}


def test_a_measured_region_is_rewritten_inline_or_on_lines_of_its_own() -> None:
    text = "came after <!-- measured: watch-save -->…<!-- end measured -->.\n<!-- measured: t -->\nold\n"
    text += "<!-- end measured -->\n"
    text = write_region(write_region(text, "watch-save", "0.6 s"), "t", "a\nb")
    assert text == (
        "came after <!-- measured: watch-save -->0.6 s<!-- end measured -->.\n"
        "<!-- measured: t -->\na\nb\n<!-- end measured -->\n"
    )


def test_the_caps_the_trust_document_gives_are_the_drivers() -> None:
    text = " ".join((REPO_ROOT / "docs" / "grader-trust.md").read_text(encoding="utf-8").split())
    said = (
        f"process tree has {MIN_CPU_CAP:g} CPU seconds at most, or {CPU_CAP_PER_CALL_LIMIT} times `LIMIT` "
        f"where that is more (`MIN_CPU_CAP`, `CPU_CAP_PER_CALL_LIMIT`), and {WALL_CAP:g} seconds of wall time"
    )
    assert said in text
    assert f"any look at the tree (every {TREE_EVERY:g} s)" in text
    assert f"(`GARBAGE_SHARE`, {GARBAGE_SHARE:g})" in text
    untraced = (
        f"more than {UNTRACED_SLACK} times what tracing saw, and {UNTRACED_ALLOWANCE // 2**20} MiB, and "
        f"{UNTRACED_PER_COIN} bytes a coin of its row"
    )
    assert untraced in text


def test_the_timed_rows_coins_the_trust_document_gives_are_the_draws() -> None:
    text = " ".join((REPO_ROOT / "docs" / "grader-trust.md").read_text(encoding="utf-8").split())
    (negative, _), (both, zero), (positive, _) = LOWEST_COINS
    assert COIN_SPAN == 1000  # "a thousand values"
    said = (
        f"from −{-negative}..−{COIN_SPAN} (every coin negative), −{-both}..{zero} (both signs) or "
        f"{positive}..{COIN_SPAN} (every coin positive), each for a third of the rows"
    )
    assert said in text
    assert [high + COIN_SPAN - 1 < 0 for _, high in LOWEST_COINS] == [True, False, False]  # all negative
    assert [low > 0 for low, _ in LOWEST_COINS] == [False, False, True]  # all positive
    assert LOWEST_COINS[0][1] == -COIN_SPAN


def test_the_too_slow_lines_figures_are_its_constants() -> None:
    text = (REPO_ROOT / "docs" / "grader-trust.md").read_text(encoding="utf-8")
    said = " ".join(text.split())  # the paragraph's lines joined
    assert f"`READABLE_SECONDS` ({READABLE_SECONDS:g} s)" in said
    assert f"`FLOOR_ROUNDS` ({FLOOR_ROUNDS}) rounds at least" in said
    assert f"`MOST_FLOOR_ROUNDS` ({MOST_FLOOR_ROUNDS}) rounds" in said
    assert f"`FLOOR_BUDGET` ({FLOOR_BUDGET:g} CPU seconds)" in said
    assert f"`ROUND_ROOM` ({ROUND_ROOM:g}) times the climb's" in said
    assert STEP_STOP_SECONDS == 0.25  # said in words:
    assert "until a call takes a quarter of a second" in said
