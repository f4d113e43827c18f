"""``coinrow bench`` through the real command line: bad input, a tiny run, the JSON."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from coinrow.game.registry import FORMULATIONS, IMPLS, source_file
from coinrow.tools.bench.watch_latency import WatchLatency
from tests.self.commandline import run_module

# An attempt that ends whatever process it is called in once the row is longer than two coins
ENDS_ITS_PROCESS = """import os


def score_difference(coins):
    if len(coins) > 2:
        os._exit(7)
    return 0
"""


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return run_module("coinrow", "bench", *args)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--impl=no-such-folder"], "--impl=no-such-folder: no such folder"),
        (["--runs=0"], "--runs=0: must be at least 1"),
        (["--sizes=10,ten"], "--sizes=10,ten: expected numbers"),
        (["--sizes=1"], "every size must be at least 2"),
        (["--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], says: str) -> None:
    result = bench(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert says in result.stderr
    assert "Traceback" not in result.stderr


def test_tiny_run_writes_every_formulation(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = bench("--impl=solutions", "--sizes=10,20", "--runs=1", f"--out={out}")
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    cells = {(c["slug"], c["n"]): c for c in report["cells"]}
    assert {slug for slug, _ in cells} == {f.slug for f in FORMULATIONS}
    assert cells["vectorised_dp", 20]["time_ratio"] == 1.0  # the baseline, measured once
    assert report["watch"] is None  # a save under make watch is timed by the bench proper only
    assert cells["linear_reduction", 20]["seconds"] > 0
    assert cells["linear_reduction", 20]["peak_bytes"] > 0
    # brute force is graded only up to n = 16: n = 20 is skipped with the reason, never timed
    assert cells["brute_force", 20]["seconds"] is None
    assert cells["brute_force", 20]["note"] == "skipped: exponential, n > 16"
    assert cells["brute_force", 10]["seconds"] > 0
    assert "linear_reduction" in result.stdout
    # piped, so no bar is drawn: a line on stderr as each kata starts, the baseline first
    progress = [line for line in result.stderr.splitlines() if line.startswith("bench: ")]
    steps = len({slug for slug, _ in cells}) + 1
    assert progress[0] == f"bench: the baseline, vectorised_dp (1 of {steps})"
    assert progress[1:] == [f"bench: {f.slug} ({k} of {steps})" for k, f in enumerate(FORMULATIONS, start=2)]


def test_stubs_are_marked_not_attempted_never_timed(shipped_stubs: Path, tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = bench(f"--impl={shipped_stubs}", "--sizes=10", "--runs=1", f"--out={out}")
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    assert [c["note"] for c in report["cells"]] == ["not attempted"] * len(FORMULATIONS)
    assert all(c["seconds"] is None for c in report["cells"])


def test_an_attempt_is_timed_in_its_executor_never_in_bench(shipped_stubs: Path, tmp_path: Path) -> None:
    """An attempt that ends its process when called on ten coins ends its executor, not bench: its cell
    says it failed, and the reference beside it is timed and traced there too. One that does not import is
    said so, never as failing on a row."""
    folder = tmp_path / "attempts"
    shutil.copytree(shipped_stubs, folder)
    source_file(folder, "linear_reduction").write_text(ENDS_ITS_PROCESS, encoding="utf-8")
    shutil.copy(source_file(IMPLS["solutions"], "parity_strategy"), source_file(folder, "parity_strategy"))
    source_file(folder, "prefix_sum_dp").write_text("def score_difference(coins:\n", encoding="utf-8")
    out = tmp_path / "bench.json"
    result = bench(f"--impl={folder}", "--sizes=10", "--runs=1", f"--out={out}")
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text())
    assert report["timed_in"] == "executor"
    assert "timed in a sandboxed executor" in result.stdout
    cells = {c["slug"]: c for c in report["cells"]}
    ended = cells["linear_reduction"]
    assert (ended["n"], ended["seconds"]) == (10, None)
    assert "ended the interpreter early with exit status 7" in ended["note"]
    solved = cells["parity_strategy"]
    assert solved["seconds"] > 0
    assert solved["note"] == "not graded as it is now: make test grades it"  # timed, never graded here
    assert solved["peak_bytes"] > 0  # traced in the executor too
    assert cells["difference_dp"]["note"] == "not attempted"
    assert cells["prefix_sum_dp"]["note"].startswith("prefix_sum_dp: the file does not import: SyntaxError")
    assert report["versus_c"]["note"].startswith("C baseline: set against the references only")


def test_the_watch_line_gives_the_medians_of_the_saves() -> None:
    """Saves at 0.4, 0.6 and 0.5 s to the values' verdict (median 0.5) and 0.9, 1.3 and 1.0 s to the
    summary (median 1.0)."""
    timed = WatchLatency(values=[0.4, 0.6, 0.5], summary=[0.9, 1.3, 1.0], load=1.25)
    assert timed.line() == (
        "make watch F=difference_dp, a save of the reference: its values' verdict after 0.50 s, its summary "
        "after 1.00 s (medians of 3 saves, wall; load average 1.2)"
    )
