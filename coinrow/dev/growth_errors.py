"""The growth decision's error rates: the grader's own decision code (``coinrow.grader.growth_decide``) driven
by made-up answers under noise models fitted to timings recorded on a 2-core machine.

Each simulated check draws the window's scale and the answer's constant, then runs the decision exactly as
the grader does, its timer replaced by the answer's true time times noise. The noise models:

- ``quiet``: each timing multiplied by a residual drawn from the recorded quiet timings (a timing over the
  median of its size in the recorded rounds of the same answer);
- ``busy``: residuals drawn from the timings recorded beside two busy loops;
- ``sibling``: quiet residuals, and spells in which a busy sibling thread halves the speed: a spell starts
  before a timing with probability 0.1, and goes on to the next timing with probability 0.7;
- ``cache``: busy residuals, and the answer's time bent as the recorded dict memo's is, against n^k, where
  its table leaves the caches (the shape of its median times, normalised at the smallest size).

The answers, in steps of the game's own O(n) reduction, drawn log-uniform from the given ranges. For a
task of order n² (k = 2): right, fast (0.3 to 3 steps per n²) and slow (3 to 12); n³ (0.002 to 0.02 steps
per n³); n³ padded to c·n²·max(n, N) with N the task's top size, so every size within the task's reads as
n² (4 to 16 steps per n² at the top); n² log n; and an n³ part with a share of 5, 10, 20 or 40% of the time
at the task's top size (0.3 to 3 steps per n² there). For a task of order n (k = 1, the linear-time
kata): right (0.5 to 8 steps per n) and an n² table (0.3 to 3 steps per n²), whose calls are cut off at
the task's sizes, so the window moves down until they finish.

The line under a too-slow failure (``coinrow.grader.judge.too_slow``) is simulated the same way: an answer of
time c·n^j, too slow on a row of ``LINE_ROW`` coins (c drawn so a call there takes 4.5 to 45 s), its climb and
rounds timed by the noise models' timers; what is counted is the whole order it names as a floor, against j.

``make growth-errors`` prints the tables; ``--write`` puts them in ``docs/grader-trust.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from coinrow.dev.growth_noise import TIMINGS
from coinrow.dev.measured import write_region
from coinrow.game.settings import CALL_LIMIT
from coinrow.grader import GrowthPolicy, Point, decide, growth_read

POLICY = GrowthPolicy()

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "grader-trust.md"
UNIT = 0.15e-6  # CPU seconds per step of the game's O(n) reduction (about this machine's)
SPELL_START, SPELL_STAYS, SPELL_SLOWS = 0.1, 0.7, 2.0


@dataclass(frozen=True)
class Answer:
    """A made-up answer: its true time at n coins given the task's top size and a constant ``c``."""

    name: str
    steps: tuple[float, float]  # the range its constant is drawn from, log-uniform
    time: Callable[[int, int, float], float]  # (n, top, c) -> seconds
    right: bool  # of the task's order: it must never fail
    target: int = 2  # the task's exponent k


def _share(share: float) -> Answer:
    def time(n: int, top: int, c: float) -> float:
        at_top = c * UNIT * top**2  # the whole time at the top size; the n³ part is ``share`` of it there
        return at_top * ((1 - share) * (n / top) ** 2 + share * (n / top) ** 3)

    return Answer(f"n³ share {share:.0%} at the top size", (0.3, 3.0), time, False)


ANSWERS = (
    Answer("right, fast", (0.3, 3.0), lambda n, top, c: c * UNIT * n**2, True),
    Answer("right, slow", (3.0, 12.0), lambda n, top, c: c * UNIT * n**2, True),
    Answer("n³", (0.002, 0.02), lambda n, top, c: c * UNIT * n**3, False),
    Answer(
        "n³ padded to n² within the task",
        (4.0, 16.0),
        lambda n, top, c: c * UNIT * n**2 * max(n, top) / top,
        False,
    ),
    Answer("n² log n", (0.3, 3.0), lambda n, top, c: c * UNIT * n**2 * math.log2(n) / math.log2(top), False),
    *(_share(share) for share in (0.05, 0.10, 0.20, 0.40)),
    Answer("right", (0.5, 8.0), lambda n, top, c: c * UNIT * n, True, target=1),
    Answer("n²", (0.3, 3.0), lambda n, top, c: c * UNIT * n**2, False, target=1),
)


@dataclass(frozen=True)
class Noise:
    """A noise model: residuals to draw from, spells or not, and a bend of the time by size."""

    name: str
    residuals: tuple[float, ...]
    spells: bool = False
    bend: Callable[[int], float] = lambda n: 1.0

    def timer(self, answer: Answer, top: int, c: float, rng: random.Random) -> Callable[[int, float], Point]:
        """A timer as the decision calls it: the answer's time times noise, cut off at the limit."""
        in_spell = False

        def time(n: int, limit: float) -> Point:
            nonlocal in_spell
            in_spell = rng.random() < (SPELL_STAYS if in_spell else SPELL_START) if self.spells else False
            seconds = answer.time(n, top, c) * self.bend(n) * rng.choice(self.residuals)
            seconds *= SPELL_SLOWS if in_spell else 1.0
            return Point(n, limit, timed_out=True) if seconds > limit else Point(n, seconds)

        return time


def residuals(rounds: list[dict[str, float]]) -> list[float]:
    """Each timing over the median of its size across ``rounds``."""
    sizes = [key for key in rounds[0] if key != "unit"]
    medians = {n: statistics.median(r[n] for r in rounds) for n in sizes}
    return [r[n] / medians[n] for r in rounds for n in sizes]


def bend(rounds: list[dict[str, float]]) -> Callable[[int], float]:
    """The shape of a table leaving the caches: the recorded median time over n², normalised at the
    smallest size, interpolated in log n (flat outside the recorded sizes)."""
    sizes = sorted(int(key) for key in rounds[0] if key != "unit")
    shape = [statistics.median(r[str(n)] for r in rounds) / n**2 for n in sizes]
    shape = [s / shape[0] for s in shape]

    def at(n: int) -> float:
        if n <= sizes[0] or n >= sizes[-1]:
            return shape[0] if n <= sizes[0] else shape[-1]
        i = next(i for i in range(1, len(sizes)) if n <= sizes[i])
        t = math.log(n / sizes[i - 1]) / math.log(sizes[i] / sizes[i - 1])
        return math.exp((1 - t) * math.log(shape[i - 1]) + t * math.log(shape[i]))

    return at


def noise_models(path: Path = TIMINGS) -> list[Noise]:
    """The four noise models, fitted to the recorded timings at ``path``."""
    recorded = json.loads(path.read_text())
    quiet = tuple(residuals(recorded["quiet"]["list_table"]))
    busy = tuple(residuals(recorded["busy"]["list_table"]) + residuals(recorded["busy"]["dict_memo"]))
    return [
        Noise("quiet", quiet),
        Noise("busy", busy),
        Noise("sibling", quiet, spells=True),
        Noise("cache", busy, bend=bend(recorded["quiet"]["dict_memo"])),
    ]


def simulate(answer: Answer, noise: Noise, checks: int, policy: GrowthPolicy, seed: int) -> Counter[str]:
    """Outcomes of ``checks`` simulated checks of ``answer`` under ``noise``: counts by outcome, and the CPU
    seconds the timed calls took in all under ``"cpu"``."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    spent = 0.0
    for _ in range(checks):
        scale = rng.uniform(*policy.scale)
        top = policy.window(answer.target, scale)[-1]
        c = math.exp(rng.uniform(*map(math.log, answer.steps)))
        reading = decide(
            noise.timer(answer, top, c, rng), answer.target, scale, CALL_LIMIT, lambda: UNIT, policy, rng
        )
        outcome = reading.outcome
        counts[outcome.name] += 1
        spent += reading.spent
    counts["cpu"] = round(spent)
    return counts


def rows(checks: int, policy: GrowthPolicy, seed: int) -> Iterator[tuple[Answer, str, Counter[str], int]]:
    """(answer, noise model, outcomes, checks) for every pair."""
    for a, answer in enumerate(ANSWERS):
        for m, noise in enumerate(noise_models()):
            yield answer, noise.name, simulate(answer, noise, checks, policy, seed + 100 * a + m), checks


def table(checks: int, policy: GrowthPolicy = POLICY, seed: int = 1) -> str:
    """The error-rate table, in Markdown."""
    lines = [
        "| answer | task | noise | failed: higher | failed: cut off | task's order stated | lower stated"
        " | not decided | CPU s per check |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for answer, noise, counts, n in rows(checks, policy, seed):
        cells = [counts[name] for name in ("HIGHER", "CUT_OFF", "TASK", "LOWER", "NOT_DECIDED")]
        shown = " | ".join(f"{cell / n:.2%}" if cell else "0" for cell in cells)
        task = "n" if answer.target == 1 else f"n{'²' if answer.target == 2 else answer.target}"
        lines.append(f"| {answer.name} | {task} | {noise} | {shown} | {counts['cpu'] / n:.2f} |")
    return "\n".join(lines)


LINE_ROW = 1000  # coins of the row a simulated too-slow call ran out of time on
LINE_ANSWERS = ((2, (30.0, 300.0)), (3, (0.03, 0.3)))  # (j, steps per n^j): 4.5 to 45 s at LINE_ROW coins


def simulate_line(
    order: int, steps: tuple[float, float], noise: Noise, checks: int, seed: int
) -> Counter[str]:
    """Whole orders named by ``checks`` simulated too-slow lines for an answer of time c·n^``order``, c
    drawn log-uniform from ``steps``: counts of ``"above"``, ``"as"`` and ``"below"`` its order, ``"none"``
    (no order told), and the CPU seconds the line's calls took under ``"cpu"``."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    spent = 0.0
    for _ in range(checks):
        c = math.exp(rng.uniform(*map(math.log, steps)))
        named, seconds = _line(order, c, noise, rng)
        said = "above" if named > order else "as" if named == order else "below"
        counts[said if named else "none"] += 1
        spent += seconds
    counts["cpu"] = round(spent)
    return counts


def _line(order: int, c: float, noise: Noise, rng: random.Random) -> tuple[int, float]:
    """One simulated too-slow line: the whole order it names (0: none), and the CPU seconds its calls took."""
    timer = noise.timer(Answer("", (c, c), lambda n, top, c: c * UNIT * n**order, False), LINE_ROW, c, rng)
    points: list[Point] = []

    def timed(n: int, limit: float) -> Point:
        points.append(timer(n, limit))
        return points[-1]

    _, step = growth_read(timed, timed, LINE_ROW, CALL_LIMIT, rng)
    spent = sum(point.seconds for point in points)
    if step is None or step.unread:
        return 0, spent
    return (step.named_exponent if step.kind == "power" else order + 1), spent  # exponential: above all


def line_table(checks: int, seed: int = 1) -> str:
    """The too-slow line's error-rate table, in Markdown."""
    lines = [
        "| answer | noise | stated above its order | stated as its order | stated below (a floor)"
        " | no order told | CPU s per line |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for a, (order, steps) in enumerate(LINE_ANSWERS):
        for m, noise in enumerate(noise_models()):
            counts = simulate_line(order, steps, noise, checks, seed + 100 * a + m)
            cells = [counts[name] for name in ("above", "as", "below", "none")]
            shown = " | ".join(f"{cell / checks:.2%}" if cell else "0" for cell in cells)
            answer = "n" + str(order).translate(str.maketrans("23", "²³"))
            lines.append(f"| {answer}, too slow | {noise.name} | {shown} | {counts['cpu'] / checks:.2f} |")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--checks", type=int, default=10_000, help="simulated checks per answer and noise")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help=f"put the table in {DOCUMENT.name}")


def run(args: argparse.Namespace) -> int:
    """Print the tables; with ``--write``, replace the measured regions of the trust document with them."""
    text, line = table(args.checks, POLICY, args.seed), line_table(args.checks, args.seed)
    print(text, line, sep="\n\n")
    if args.write:
        document = write_region(DOCUMENT.read_text(encoding="utf-8"), "growth-errors", text)
        DOCUMENT.write_text(write_region(document, "too-slow-errors", line))
        print(f"wrote {DOCUMENT.relative_to(ROOT)}", file=sys.stderr)
    return 0
