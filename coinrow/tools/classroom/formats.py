"""One submission's results in the formats the teaching platforms read, and the score they carry.

Every format is computed from the same ``Result`` per kata that ``make test``'s summary
is, so they agree with it and with each other. Sources of each format's rules:

- Gradescope: ``docs/specs.md`` of gradescope/autograder_samples (``score``,
  ``execution_time``, ``output``, ``tests`` with ``name``, ``number``, ``score``,
  ``max_score``, ``output``, ``tags``, ``visibility``).
- JUnit XML, as pytest writes it with ``junit_family=xunit2`` and CI services read it:
  ``testsuites`` / ``testsuite`` / ``testcase`` with a ``failure``, ``error`` or ``skipped``.
- GitHub Classroom: the JSON classroom-resources/autograding-grading-reporter reads
  (exercism's ``results.json`` v3 with a top-level ``max_score`` and a per-test ``score``).
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from typing import Any, Literal

from coinrow.game.registry import CORE, FORMULATIONS, Formulation
from coinrow.grader.records.results import Result, printable, result_lines

Cell = Literal["solved", "failing", "in progress", "not attempted", "not graded"]
# a run the grader had to stop, or a file it refused, was not graded to the end: it earns nothing
CELLS: dict[str, Cell] = {
    "solved": "solved",
    "failing": "failing",
    "in progress": "in progress",
    "not attempted": "not attempted",
    "stopped": "not graded",
    "not graded": "not graded",
}
SUITE_FOLDER = "tests/grade/"  # the grading suite's node ids start with it


def points(formulation: Formulation, result: Result) -> tuple[float, float]:
    """The score and the most it could be, for one kata: ``(score, max_score)``.

    A core kata is worth one point, earned only when it is solved (every check passed);
    a bonus kata is worth none, ``(0.0, 0.0)``: it is reported, never scored. So a
    submission's score is its "Solved K of 6" and never exceeds the maximum, which
    Gradescope's total and GitHub Classroom's "Points X/Y" both assume.
    """
    if formulation.bonus:
        return 0.0, 0.0
    return (1.0 if result.status == "solved" else 0.0), 1.0


def total(results: dict[str, Result]) -> tuple[float, float]:
    """The submission's ``(score, max_score)``: ``points`` summed over every kata."""
    each = [points(f, results[f.slug]) for f in FORMULATIONS]
    return sum(s for s, _ in each), sum(m for _, m in each)


def counts_line(results: dict[str, Result]) -> str:
    """``Solved K of 6, bonus katas solved B of 5``."""
    solved = {slug for slug, r in results.items() if r.status == "solved"}
    bonus = [f.slug for f in FORMULATIONS if f.bonus]
    core = sum(f.slug in solved for f in CORE)
    return f"Solved {core} of {len(CORE)}, bonus katas solved {len(solved & set(bonus))} of {len(bonus)}"


def gradescope_report(results: dict[str, Result], note: str = "") -> dict[str, Any]:
    """Gradescope's ``results.json``: a test per kata in the registry's order, all visible.

    ``note`` (e.g. that no sandbox was used) is added to the top-level output.
    """
    tests = []
    for number, formulation in enumerate(FORMULATIONS, start=1):
        result = results[formulation.slug]
        score, max_score = points(formulation, result)
        tests.append(
            {
                "name": formulation.slug + (" (bonus, no points)" if formulation.bonus else ""),
                "number": str(number),
                "score": score,
                "max_score": max_score,
                "output": "\n".join(result_lines(result)),
                "tags": ["bonus" if formulation.bonus else "core"],
                "visibility": "visible",
            }
        )
    return {
        "score": total(results)[0],
        "execution_time": round(sum(r.seconds for r in results.values()), 2),
        "output": "\n".join(line for line in (counts_line(results), note) if line),
        "tests": tests,
    }


def _check_name(node_id: str) -> str:
    return node_id.removeprefix(SUITE_FOLDER)


def junit_xml(name: str, results: dict[str, Result]) -> bytes:
    """JUnit XML: a testsuite per kata, a testcase per graded check (classname: the kata's slug).

    A failed check has a ``failure`` (its first line as the message, the whole message
    and what the code printed as the text); a check not attempted is ``skipped``; a run
    the grader stopped or a file it refused is one ``error``. A kata with no file is an
    empty testsuite.
    """
    root = ET.Element("testsuites", name=name)
    sums = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for formulation in FORMULATIONS:
        result = results[formulation.slug]
        suite = ET.SubElement(root, "testsuite", name=formulation.slug)
        counts = dict.fromkeys(sums, 0)
        for record in result.records:
            if record.outcome == "skipped" and not record.not_attempted:
                continue  # a check that does not apply to this kata: exercism's report leaves it out too
            case = ET.SubElement(
                suite,
                "testcase",
                classname=formulation.slug,
                name=_check_name(record.test),
                time=f"{record.seconds:.3f}",
            )
            counts["tests"] += 1
            if record.outcome == "failed":
                counts["failures"] += 1
                message = printable(record.failure.message) if record.failure else "failed"
                printed = [printable(line) for line in record.failure.output] if record.failure else []
                failure = ET.SubElement(case, "failure", message=message.splitlines()[0])
                failure.text = "\n".join([message, *printed])
            elif record.outcome == "skipped":
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", message="not attempted")
        if result.reason:
            case = ET.SubElement(suite, "testcase", classname=formulation.slug, name="run", time="0.000")
            ET.SubElement(case, "error", message=printable(result.reason))
            counts["tests"] += 1
            counts["errors"] += 1
        suite.attrib.update({key: str(value) for key, value in counts.items()})
        suite.set("time", f"{result.seconds:.3f}")
        for key in sums:
            sums[key] += counts[key]
    root.attrib.update({key: str(value) for key, value in sums.items()})
    root.set("time", f"{sum(r.seconds for r in results.values()):.3f}")
    ET.indent(root)
    written: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return written


def classroom_report(results: dict[str, Result]) -> dict[str, Any]:
    """What GitHub Classroom's reporter reads: a test per core kata with its ``score``, and ``max_score``.

    Bonus katas are left out: the reporter's table scores a runner as the share of its
    tests passed times its ``max_score``, which agrees with the sum of the tests' scores
    only when every test is worth the same. ``status`` is ``pass`` when every core kata
    is solved, ``error`` when a run was stopped, ``fail`` otherwise (the reporter fails
    the job on ``fail`` and ``error``). ``line_no`` 0: the reporter names no line.
    """
    tests = []
    for formulation in CORE:
        result = results[formulation.slug]
        score, _ = points(formulation, result)
        status = result.status
        tests.append(
            {
                "name": formulation.slug,
                "status": "pass" if status == "solved" else "error" if status == "stopped" else "fail",
                "message": "\n".join(result_lines(result)),
                "test_code": f"make test F={formulation.slug}",
                "line_no": 0,
                "score": score,
            }
        )
    statuses = {test["status"] for test in tests}
    return {
        "version": 3,
        "status": "error" if "error" in statuses else "fail" if "fail" in statuses else "pass",
        "max_score": total(results)[1],
        "tests": tests,
    }


def class_csv(rows: dict[str, dict[str, Result]]) -> str:
    """``class.csv``: a row per submission, a column per kata (a ``Cell``), then the counts and score."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["submission", *(f.slug for f in FORMULATIONS), "solved", "bonus solved", "score", "of"])
    for name, results in rows.items():
        cells = [CELLS[results[f.slug].status] for f in FORMULATIONS]
        solved = [f.bonus for f in FORMULATIONS if results[f.slug].status == "solved"]
        score, most = total(results)
        writer.writerow([name, *cells, solved.count(False), solved.count(True), f"{score:g}", f"{most:g}"])
    return out.getvalue()
