"""``compare``: the answers, anatomy and growth tables, for the references and for a learner's folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from coinrow.game.cases import all_cases, seed_rows
from coinrow.game.game import Totals, totals_from_difference
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import FORMULATIONS, IMPLS, source_file
from coinrow.tools.compare.compare import _totals_json
from tests.self.commandline import REFERENCES_COMPARED, coinrow, coinrow_json

FAST = ("--sizes=16 32", "--oracle-sizes=4 6")  # tiny sizes: the default growth table takes ~20 s
ANATOMY_FIELDS = (
    "title",
    "returns",
    "state",
    "recurrence",
    "base",
    "answer",
    "time",
    "space",
    "domain",
    "source",
)


def _totals(row: tuple[int, ...]) -> Totals:
    return next(c.totals for c in all_cases() if c.row == row)


@pytest.fixture(scope="session")
def references() -> Any:
    """compare on the references. Slow (about 20 s, once): it grades every reference, and its progress
    cache then serves every later test of the references-compared group, the new kata's too."""
    return coinrow_json("compare", "--row=5 3 7 10", "--spoilers", *FAST)


@REFERENCES_COMPARED
def test_answers_convert_every_return_value_and_agree_with_the_oracle(references: Any) -> None:
    (table,) = references["answers"]
    optimum = _totals((5, 3, 7, 10))
    assert exhaustive_difference((5, 3, 7, 10)) == optimum.difference
    assert table["optimum"] == {"first": 15, "second": 10, "difference": 5}
    by_slug = {a["slug"]: a for a in table["formulations"]}
    assert list(by_slug) == [f.slug for f in FORMULATIONS]
    for formulation in FORMULATIONS:
        got = by_slug[formulation.slug]
        if formulation.returns.key == "parity":
            # Hand calculation: max(5 + 7, 3 + 10) = 13, two short of the optimal 15.
            assert (got["value"], got["shortfall"], got["verdict"]) == (13, 2, "falls short by 2")
            assert got["totals"] is None
        else:
            assert got["verdict"] == "agrees"
            assert got["totals"] == table["optimum"]
    assert by_slug["paired_tuple_dp"]["value"] == [15, 10]
    assert by_slug["difference_dp"]["value"] == 5


@REFERENCES_COMPARED
def test_anatomy_comes_from_the_registry(references: Any) -> None:
    assert [a["slug"] for a in references["anatomy"]] == [f.slug for f in FORMULATIONS]
    for row, formulation in zip(references["anatomy"], FORMULATIONS, strict=True):
        assert {k: row[k] for k in ANATOMY_FIELDS} == {
            k: str(getattr(formulation, k)) for k in ANATOMY_FIELDS
        }


@REFERENCES_COMPARED
def test_growth_times_every_formulation_and_the_oracle(references: Any) -> None:
    series = {s["label"]: s for s in references["growth"]["series"]}
    assert list(series) == [*(f.slug for f in FORMULATIONS), "exhaustive oracle"]
    for formulation in FORMULATIONS:
        s = series[formulation.slug]
        assert (s["status"], s["note"]) == ("measured", "")
        assert all(t > 0 for t in s["seconds"].values())
        if formulation.max_n:  # exponential: timed at the oracle's sizes, growth given per coin
            assert (s["kind"], list(s["seconds"]), s["exponent"]) == ("exponential", ["4", "6"], None)
            continue
        assert list(s["seconds"]) == ["16", "32"]
        assert isinstance(s["exponent"], float)
        assert s["ratio_to_fastest"] >= 1
    assert min(s["ratio_to_fastest"] for s in series.values() if s["kind"] == "power") == 1
    oracle = series["exhaustive oracle"]
    assert (oracle["kind"], list(oracle["seconds"]), oracle["exponent"]) == ("exponential", ["4", "6"], None)
    assert oracle["per_coin"] > 0


@REFERENCES_COMPARED
def test_the_text_output_has_three_tables_for_the_seed_rows() -> None:
    done = coinrow("compare", *FAST)
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())  # the terminal width may wrap a line anywhere
    for row in seed_rows():
        assert f"Answers on {list(row)}" in out
        totals = _totals(row)
        assert f"exhaustive oracle: first {totals.first}, second {totals.second}" in out
    assert "Anatomy" in out
    assert "Growth: fastest ms per call, a fresh random row each, the executor's round trip taken out" in out
    assert "Exhaustive search" in out
    for formulation in FORMULATIONS:
        assert out.count(formulation.slug) >= len(seed_rows()) + 2  # answers, anatomy, growth
    assert "falls short by 2" in out  # the parity guarantee on [5, 3, 7, 10]
    assert "no guarantee: odd row" in out  # and on [1, 5, 2]
    assert "Traceback" not in done.stderr


STUB = "def {function}(coins, *args):\n    raise NotImplementedError\n"
WRONG = "def {function}(coins):\n    return 0\n"


@pytest.fixture
def learner(tmp_path: Path, shipped_stubs: Path) -> Path:
    """A learner's folder: difference_dp solved (the reference), min_of_opponent_dp wrong, the rest the
    stubs as shipped (known as not attempted without being graded)."""
    for formulation in FORMULATIONS:
        target = source_file(tmp_path, formulation.slug)
        target.parent.mkdir(parents=True)
        if formulation.slug == "difference_dp":
            shutil.copy(source_file(IMPLS["solutions"], formulation.slug), target)
        elif formulation.slug == "min_of_opponent_dp":
            target.write_text("".join(WRONG.format(function=name) for name in formulation.functions))
        else:
            shutil.copy(source_file(shipped_stubs, formulation.slug), target)
    return tmp_path


def test_a_learners_folder_is_graded_then_timed_beside_the_reference(learner: Path) -> None:
    data = coinrow_json("compare", "--row=8 15 3 7", f"--impl={learner}", *FAST)
    status = {a["slug"]: a["status"] for a in data["anatomy"]}
    assert status["difference_dp"] == "ok"
    assert status["min_of_opponent_dp"] == "failing"
    assert {status[f.slug] for f in FORMULATIONS[2:]} == {"not attempted"}
    measured = {a["slug"]: a["measured"] for a in data["anatomy"]}
    assert measured["difference_dp"].startswith("time ~")  # the learner's orders, as grading measured them
    assert measured["min_of_opponent_dp"] is None  # a failing kata has none
    answers = {a["slug"]: a for a in data["answers"][0]["formulations"]}
    assert answers["difference_dp"]["verdict"] == "agrees"
    assert answers["min_of_opponent_dp"]["verdict"] == "differs"  # 0, where the oracle's first is 22
    assert answers["top_down_memo"]["verdict"] == "not attempted"
    series = data["growth"]["series"]
    timed = [(s["label"], s["impl"]) for s in series if s["seconds"]]
    assert timed == [
        ("difference_dp (yours)", str(learner)),
        ("difference_dp (reference)", "solutions"),
        ("exhaustive oracle", "oracle"),
    ]
    yours = series[0]
    assert yours["ratio_to_reference"]["n"] == 32
    assert yours["ratio_to_reference"]["ratio"] > 0
    never_timed = {s["slug"]: s["status"] for s in series if s["slug"] and not s["seconds"]}
    assert never_timed == {f.slug: status[f.slug] for f in FORMULATIONS[1:]}


def test_pristine_stubs_are_all_marked_not_attempted(tmp_path: Path, shipped_stubs: Path) -> None:
    """The stubs as shipped, and one written anew (graded, as it is not the shipped file byte for byte):
    each function still raises NotImplementedError."""
    for formulation in FORMULATIONS:
        target = source_file(tmp_path, formulation.slug)
        target.parent.mkdir(parents=True)
        if formulation.slug == "difference_dp":
            target.write_text("".join(STUB.format(function=name) for name in formulation.functions))
        else:
            shutil.copy(source_file(shipped_stubs, formulation.slug), target)
    done = coinrow("compare", f"--impl={tmp_path}", *FAST)
    assert done.returncode == 0, done.stderr
    growth = done.stdout[done.stdout.index("Growth") :]
    assert "nothing to time yet" in growth
    for formulation in FORMULATIONS:
        assert f"{formulation.slug}: not attempted, never timed" in growth


@REFERENCES_COMPARED
def test_the_growth_plot_is_drawn(tmp_path: Path) -> None:
    """Renders the plot; with COINROW_DOCS=<folder> it draws the README's plot there at the default sizes."""
    docs = os.environ.get("COINROW_DOCS")
    plot = Path(docs, "growth.png").resolve() if docs else tmp_path / "growth.png"
    sizes = () if docs else FAST  # two sizes: a line each
    data = coinrow_json("compare", "--row=1 2", f"--plot={plot}", *sizes)
    assert data["plot"] == str(plot)
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert plot.stat().st_size > 10_000  # axes, lines and a legend, not an empty canvas
    drawn = [s for s in data["growth"]["series"] if len(s["seconds"]) >= 2]
    assert len(drawn) == len(FORMULATIONS) + 1  # one line per formulation, and the oracle


def test_an_int_too_long_to_print_is_shown_by_its_size(tmp_path: Path, shipped_stubs: Path) -> None:
    """An attempt returning 10**5000 (past Python's 4300-digit limit for str()) on every row with coins:
    the tables and the JSON say it, and the totals it stands for, by their size; neither fails to print.
    Hand calculation on [5, 3, 7, 10] (sum 25): first = (25 + 10**5000) / 2 has 5000 digits, the difference
    5001."""
    shutil.copytree(shipped_stubs, tmp_path / "impl")
    attempt = tmp_path / "impl" / "difference_dp" / "difference_dp.py"
    attempt.write_text("def score_difference(coins):\n    return 10**5000 if coins else 0\n", "utf-8")
    options = (f"--impl={tmp_path / 'impl'}", "--row=5 3 7 10", "--sizes=16", "--oracle-sizes=4")
    done = coinrow("compare", *options)
    assert done.returncode == 0, done.stderr
    assert "<int of about 5001 digits>" in done.stdout  # the totals' columns may fold: JSON holds them
    assert "Traceback" not in done.stderr
    data = coinrow_json("compare", *options)
    (table,) = data["answers"]
    (got,) = [f for f in table["formulations"] if f["slug"] == "difference_dp"]
    assert got["value"] == "<int of about 5001 digits>"
    sized = {
        "first": "<int of about 5000 digits>",
        "second": "<int of about 5000 digits>",
        "difference": "<int of about 5001 digits>",
    }
    assert got["verdict"] == "differs"
    assert got["totals"] is None  # 25 + 10**5000 is odd: no two totals differ by it
    assert _totals_json(totals_from_difference((5, 3, 7, 10), 10**5000 + 1)) == sized  # an even sum
