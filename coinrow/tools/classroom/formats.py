"""One submission's results in the formats the teaching platforms read, and the score they carry.

Every format is computed from the same ``Result`` per kata that ``make test``'s summary
is, so they agree with it and with each other. Sources of each format's rules (each is
checked by its consumer's rules in tests/self/platforms/):

- Gradescope: ``docs/specs.md`` of gradescope/autograder_samples (``score``,
  ``execution_time``, ``output``, ``tests`` with ``name``, ``number``, ``score``,
  ``max_score``, ``status``, ``output``, ``tags``, ``visibility``). A test without
  ``status`` counts as passed when its ``score`` is its ``max_score``: every test says it.
- JUnit XML, as the schema Jenkins reads allows it (``jenkins-junit.xsd``, which the JUnit 5
  project tests its own reports against): ``testsuites`` / ``testsuite`` / ``testcase`` with
  a ``failure`` or ``error`` (``message`` and text) or a ``skipped`` (text only).
- GitHub Classroom: the JSON classroom-resources/autograding-grading-reporter reads
  (exercism's ``results.json`` v3 with a top-level ``max_score`` and a per-test ``score``).
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from typing import Any, Literal

from coinrow.game.registry import CORE, FORMULATIONS, Formulation
from coinrow.grader import Result, next_kata, next_line, printable, result_lines, summary_lines

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


def teacher_summary(results: dict[str, Result]) -> list[str]:
    """The kata summary as ``make test`` prints it, less its last line for the learner (the next command)."""
    for_learner = next_line(next_kata(results))
    return [line for line in summary_lines(results) if line != for_learner]


def gradescope_report(
    results: dict[str, Result], notes: list[str] | None = None, renamed: dict[str, str] | None = None
) -> dict[str, Any]:
    """Gradescope's ``results.json``: a test per kata in the registry's order, all visible.

    Each test is ``passed`` only when its kata is solved, a bonus kata too (worth no points).
    ``notes`` (what was found in the upload, that no sandbox was used) follow the counts in the
    top-level output; ``renamed`` (slug -> the file's name as uploaded) starts that kata's output.
    """
    tests = []
    for number, formulation in enumerate(FORMULATIONS, start=1):
        result = results[formulation.slug]
        score, max_score = points(formulation, result)
        uploaded = (renamed or {}).get(formulation.slug)
        tests.append(
            {
                "name": formulation.slug + (" (bonus, no points)" if formulation.bonus else ""),
                "number": str(number),
                "score": score,
                "max_score": max_score,
                "status": "passed" if result.status == "solved" else "failed",
                "output": "\n".join(
                    [*([f"graded from {uploaded}"] if uploaded else []), *result_lines(result)]
                ),
                "tags": ["bonus" if formulation.bonus else "core"],
                "visibility": "visible",
            }
        )
    return {
        "score": total(results)[0],
        "execution_time": round(sum(r.seconds for r in results.values()), 2),
        "output": "\n".join([counts_line(results), *(notes or [])]),
        "tests": tests,
    }


def _check_name(node_id: str) -> str:
    return node_id.removeprefix(SUITE_FOLDER)


def junit_xml(name: str, results: dict[str, Result]) -> bytes:
    """JUnit XML: a testsuite per kata, a testcase per graded check (classname: the kata's slug).

    A failed check has a ``failure`` (its first line as the message, the whole message
    and what the code printed as the text); a check not attempted is ``skipped``, with
    "not attempted" as its text; a run the grader stopped or a file it refused is one
    ``error``. A kata never graded (no file, or its stub as handed out) is one testcase,
    ``not attempted``, skipped: the same tests as exercism's ``results.json``. Jenkins'
    schema gives ``testsuites`` no ``skipped`` count: each ``testsuite`` has its own.
    """
    root = ET.Element("testsuites", name=printable(name))
    sums = {"tests": 0, "failures": 0, "errors": 0}
    for formulation in FORMULATIONS:
        result = results[formulation.slug]
        suite = ET.SubElement(root, "testsuite", name=formulation.slug)
        counts = dict.fromkeys([*sums, "skipped"], 0)
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
                ET.SubElement(case, "skipped").text = "not attempted"
        if not result.records and result.status == "not attempted":
            case = ET.SubElement(
                suite, "testcase", classname=formulation.slug, name="not attempted", time="0.000"
            )
            ET.SubElement(case, "skipped").text = "not attempted: no file, or the stub as handed out"
            counts["tests"] += 1
            counts["skipped"] += 1
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
    is solved, ``error`` when every one's run was stopped (exercism's ``error``: no test
    ran; ``message`` says why), ``fail`` otherwise (the reporter fails the job on ``fail``
    and ``error``). ``line_no`` 0: the reporter names no line.
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
    report: dict[str, Any] = {
        "version": 3,
        "status": "error" if statuses == {"error"} else "pass" if statuses == {"pass"} else "fail",
        "max_score": total(results)[1],
        "tests": tests,
    }
    if report["status"] == "error":
        report["message"] = "\n".join(str(t["message"]) for t in tests)
    return report


#: what a spreadsheet reads a cell starting with as a formula (OWASP's "CSV Injection"): a submission's name
#: starting so is written after a single quote, which the spreadsheet shows as text
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def class_csv(rows: dict[str, dict[str, Result]], sandbox: str) -> str:
    """``class.csv``: a row per submission, a column per kata (a ``Cell``), the counts, the score, and
    the sandbox that graded it (``sandbox``: "bubblewrap", or "none" where grading went without one). A
    name a spreadsheet would read as a formula starts with a single quote (``FORMULA_STARTS``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = [
        "submission",
        *(f.slug for f in FORMULATIONS),
        "solved",
        "bonus solved",
        "score",
        "of",
        "sandbox",
    ]
    writer.writerow(header)
    for name, results in rows.items():
        cells = [CELLS[results[f.slug].status] for f in FORMULATIONS]
        solved = [f.bonus for f in FORMULATIONS if results[f.slug].status == "solved"]
        score, most = total(results)
        shown = f"'{name}" if name.startswith(FORMULA_STARTS) else name  # a spreadsheet runs no formula
        row = [shown, *cells, solved.count(False), solved.count(True), f"{score:g}", f"{most:g}", sandbox]
        writer.writerow(row)
    return out.getvalue()
