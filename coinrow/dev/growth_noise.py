"""Timings recorded for the growth check's noise model: rounds of right O(n²) answers timed on this machine,
quiet and beside two busy loops, written to ``coinrow/dev/data/growth_timings.json``.

Each round times every size once, in a shuffled order, one call on a fresh random row each (as the growth
check does), CPU seconds of this thread. Two answers are recorded: the reference ``difference_dp`` (a list
table) and a memo kept in a dict (a table that leaves the caches as it grows). ``growth_errors`` fits its
noise models to this file. ``make growth-noise`` records it anew (about four minutes on two cores).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from coinrow.game.reduction import linear_difference
from coinrow.game.rows import random_row

ROOT = Path(__file__).resolve().parents[2]
TIMINGS = Path(__file__).with_name("data") / "growth_timings.json"
ANSWERS = {
    "list_table": ROOT / "solutions" / "difference_dp" / "difference_dp.py",
    "dict_memo": ROOT / "tests" / "catalogue" / "right" / "top_down_memo" / "dict_memo.py",
}
SIZES = (124, 248, 496, 992, 1984)  # the task's ladder for an O(n²) kata and one doubling beyond
ROUNDS = 24  # rounds per answer and condition
BUSY_LOOPS = 2  # processes spinning beside the recording in the busy condition
UNIT_ROW = 2000  # coins of the row the game's own O(n) reduction (the unit step) is timed on


def load(path: Path) -> Callable[[Sequence[int]], int]:
    """The ``score_difference`` of the file at ``path``."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    function: Callable[[Sequence[int]], int] = module.score_difference
    return function


def cpu(function: Callable[[Sequence[int]], object], row: Sequence[int]) -> float:
    """CPU seconds of this thread for one call."""
    started = time.thread_time()
    function(row)
    return time.thread_time() - started


def rounds(function: Callable[[Sequence[int]], int], rng: random.Random) -> list[dict[str, float]]:
    """``ROUNDS`` rounds: each size once in a shuffled order, and the unit step (seconds per coin of the
    game's O(n) reduction) after each round."""
    recorded = []
    for _ in range(ROUNDS):
        order = list(SIZES)
        rng.shuffle(order)
        timing = {str(n): cpu(function, random_row(n, rng)) for n in order}
        timing["unit"] = cpu(linear_difference, random_row(UNIT_ROW, rng)) / UNIT_ROW
        recorded.append(timing)
    return recorded


def record(rng: random.Random) -> dict[str, dict[str, list[dict[str, float]]]]:
    """Every answer's rounds, quiet and beside ``BUSY_LOOPS`` busy loops."""
    recorded: dict[str, dict[str, list[dict[str, float]]]] = {"quiet": {}, "busy": {}}
    for condition in recorded:
        loops = [
            subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(BUSY_LOOPS if condition == "busy" else 0)
        ]
        try:
            for name, path in ANSWERS.items():
                recorded[condition][name] = rounds(load(path), rng)
        finally:
            for loop in loops:
                loop.kill()
                loop.wait()
    return recorded


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=2026, help="seed of the rows and the orders")


def run(args: argparse.Namespace) -> int:
    """Record the timings and write them to ``TIMINGS``."""
    recorded = record(random.Random(args.seed))
    TIMINGS.parent.mkdir(exist_ok=True)
    TIMINGS.write_text(json.dumps(recorded, indent=1) + "\n")
    print(f"wrote {TIMINGS.relative_to(ROOT)}")
    return 0
