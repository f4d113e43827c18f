"""The rules of the formats the teaching platforms read, as the platforms state them, to check files by.

- Gradescope: gradescope/autograder_samples ``docs/specs.md`` (the keys, their types, the
  four visibility values; a total score out of the tests' maxima).
- GitHub Classroom: classroom-resources/autograding-grading-reporter ``src/`` (the JSON is
  base64 in a step output; points are the tests' ``score`` summed, out of ``max_score``;
  its table shows the share of tests passed times ``max_score``).
"""

from __future__ import annotations

import base64
import json
from typing import Any

GRADESCOPE_TOP = {
    "score",
    "execution_time",
    "output",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
}
GRADESCOPE_TEST = {"score", "max_score", "name", "number", "output", "tags", "visibility", "extra_data"}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def gradescope_problems(data: Any) -> list[str]:
    """What in ``data`` breaks Gradescope's results.json rules; ``[]`` when nothing does."""
    if not isinstance(data, dict):
        return ["not a JSON object"]
    problems = [f"unknown key {key!r}" for key in sorted(set(data) - GRADESCOPE_TOP)]
    tests = data.get("tests", [])
    if "score" not in data and not (tests and all("score" in t for t in tests)):
        problems.append("no score: neither at the top nor on every test")
    for key in ("score", "execution_time"):
        if key in data and not _number(data[key]):
            problems.append(f"{key} is not a number")
    for key in ("visibility", "stdout_visibility"):
        if key in data and data[key] not in VISIBILITY:
            problems.append(f"{key} {data[key]!r} is not one of {sorted(VISIBILITY)}")
    if not isinstance(tests, list):
        return [*problems, "tests is not a list"]
    for number, test in enumerate(tests, start=1):
        where = f"test {number}"
        problems += [f"{where}: unknown key {key!r}" for key in sorted(set(test) - GRADESCOPE_TEST)]
        problems += [
            f"{where}: {k} is not a number" for k in ("score", "max_score") if not _number(test.get(k, 0))
        ]
        problems += [
            f"{where}: {k} is not text"
            for k in ("name", "number", "output")
            if not isinstance(test.get(k, ""), str)
        ]
        if not all(isinstance(tag, str) for tag in test.get("tags", [])):
            problems.append(f"{where}: a tag is not text")
        if test.get("visibility", "visible") not in VISIBILITY:
            problems.append(f"{where}: visibility {test['visibility']!r}")
    most = sum(t.get("max_score", 0) for t in tests)
    if tests and _number(data.get("score")) and data["score"] > most:
        problems.append(f"score {data['score']} is over the tests' maxima, {most}")
    return problems


def decode_classroom(output: str) -> Any:
    """The JSON in a ``result`` step output, as the reporter decodes it (base64 of UTF-8 JSON)."""
    return json.loads(base64.b64decode(output.strip(), validate=True).decode("utf-8"))


def classroom_points(results: Any) -> tuple[float, float]:
    """The "Points X/Y" the reporter notifies Classroom of, for one runner's results."""
    if not results.get("max_score"):
        return 0.0, 0.0
    return sum(test["score"] for test in results["tests"]), results["max_score"]


def classroom_table_score(results: Any) -> float:
    """The score the reporter's console table shows: the share of tests passed times ``max_score``."""
    passed = sum(test["status"] == "pass" for test in results["tests"])
    return float(passed / len(results["tests"]) * (results.get("max_score") or 0))
