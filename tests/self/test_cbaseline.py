"""The C baseline of ``make bench``: its answers are the case table's, and a missing gcc is one line."""

import shutil
import subprocess
from pathlib import Path

import pytest

from coinrow.game.cases import all_cases
from coinrow.game.rows import seeded_row
from coinrow.tools.bench import cbaseline
from coinrow.tools.bench.bench import describe
from coinrow.tools.bench.cbaseline import compile_baseline, run_c, versus_c

INT64_ROWS = [c for c in all_cases() if sum(map(abs, c.row)) < 2**62]


@pytest.fixture(scope="module")
def executable(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which(cbaseline.COMPILER) is None:
        pytest.skip(f"no {cbaseline.COMPILER} on PATH: make bench says so in one line")
    return compile_baseline(tmp_path_factory.mktemp("c"))


@pytest.mark.parametrize("algorithm", ["rolling_dp", "reduction"])
def test_both_algorithms_give_the_case_tables_difference(executable: Path, algorithm: str) -> None:
    assert len(INT64_ROWS) >= 20
    for case in INT64_ROWS:
        difference, seconds = run_c(executable, algorithm, case.row, runs=1)
        assert difference == case.totals.difference, (algorithm, case.label)
        assert seconds >= 0


def test_bad_use_exits_2_with_its_usage(executable: Path) -> None:
    done = subprocess.run([str(executable), "quadratic", "1"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: baseline rolling_dp|reduction RUNS")


def test_a_measured_target_is_set_against_c(executable: Path) -> None:
    results, context = versus_c({("vectorised_dp", 10**4): 1.0}, seeded_row, runs=1)
    assert context.startswith("C baseline: gcc -O2, CPU time")
    [result] = results
    assert result.c_seconds is not None
    assert result.c_seconds > 0
    assert result.ratio == pytest.approx(1.0 / result.c_seconds)
    assert describe(result).startswith("vectorised_dp at n = 10,000: 1 s vs C rolling-row DP ")
    assert "target ≤ 1.25×" in describe(result)


def test_without_gcc_the_comparison_is_skipped_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cbaseline, "COMPILER", "no-such-compiler")
    results, context = versus_c({("linear_reduction", 10**6): 0.1}, seeded_row, runs=1)
    assert results == []
    assert context == "C baseline skipped: no no-such-compiler on PATH, so no ratio to C is given"


def test_nothing_to_compare_at_other_sizes() -> None:
    assert versus_c({("vectorised_dp", 500): 0.01}, seeded_row, runs=1) == ([], "")
