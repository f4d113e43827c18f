"""The documents' sample outputs, made by running the grader on a fixed wrong answer, never written by hand.

README.md's sample summary is what ``make test`` prints on a fresh clone whose
``difference_dp`` holds the catalogue's greedy answer (``SAMPLE_ANSWER``), every
other kata as shipped; docs/interview.md's failure under an attempt is that
run's failure, as the report card words it. Only what differs from run to run is
masked: the seconds a kata took. ``coinrow dev docs`` writes them with the
registry's texts (``coinrow.dev.docs_text``), and ``--check`` grades the answer
again to compare.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from coinrow.dev.shipped import export_stubs
from coinrow.game.registry import FORMULATIONS, REPO_ROOT, source_file
from coinrow.grader import Result, grade, next_steps, summary_lines

SAMPLE_SLUG = "difference_dp"
SAMPLE_ANSWER = REPO_ROOT / "tests" / "catalogue" / "wrong" / SAMPLE_SLUG / "greedy.py"
SECONDS = re.compile(r"\b\d+\.\d s\)")
MASKED = "… s)"
SAMPLE_REGIONS = ("summary-example", "failure-example")


def graded_sample() -> dict[str, Result]:
    """Every kata's result on a fresh clone's stubs with ``SAMPLE_ANSWER`` as the learner's difference_dp,
    graded as ``make test`` grades (the progress cache off: a run of its own)."""
    with tempfile.TemporaryDirectory() as workspace:
        folder = Path(workspace) / "problems"
        export_stubs(folder)
        shutil.copyfile(SAMPLE_ANSWER, source_file(folder, SAMPLE_SLUG))
        (results,) = grade({folder: []}, cache="off").values()
    return results


def summary_sample(results: dict[str, Result]) -> str:
    """The summary's lines up to the kata after the failing one, "..." for the rest, then its counts, fenced;
    the seconds masked. The failing kata's next step is as on a fresh clone: no hint shown yet."""
    lines = summary_lines(results, next_steps=next_steps(results, {}))
    after = FORMULATIONS[[f.slug for f in FORMULATIONS].index(SAMPLE_SLUG) + 1].slug
    cut = next(k for k, line in enumerate(lines) if line.startswith(f"{after} "))
    counts = next(k for k, line in enumerate(lines) if line.startswith("Solved "))
    shown = [*lines[: cut + 1], "...", *lines[counts:]]
    return "\n".join(["```", *(SECONDS.sub(MASKED, line) for line in shown), "```"])


def failure_sample(results: dict[str, Result]) -> str:
    """The first failure's message as the interview's report card keeps it (without the kata's name)."""
    message = results[SAMPLE_SLUG].failures()[0].message.removeprefix(f"{SAMPLE_SLUG}: ")
    return "\n".join(["  ```text", *(f"  {line}" for line in message.splitlines()), "  ```"])


def sample_texts() -> dict[str, str]:
    """The text of each sample region, by name, from one grading of the sample answer."""
    results = graded_sample()
    return {"summary-example": summary_sample(results), "failure-example": failure_sample(results)}
