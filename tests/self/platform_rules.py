"""Each platform's file checked by its consumer's rules, as the platforms state them (tests/self/platforms/,
each file naming its source):

- Gradescope: ``gradescope-results.schema.json``, written from gradescope/autograder_samples
  ``docs/specs.md`` (every key, type and allowed value; ``status`` on every test).
- JUnit XML: ``jenkins-junit.xsd``, the rules of the schema Jenkins reads, checked with xmlschema;
  junitparser then reads the file as CI services do (the tests do that).
- exercism: ``exercism-results-v3.schema.json``, from exercism/docs' test-runner interface.
- GitHub Classroom: ``classroom-reporter.schema.json``, what the reporter's ``src/`` reads, and its
  points and table score computed as its code does (base64 JSON in a step output; points are the
  tests' ``score`` summed, out of ``max_score``; its table shows the share of tests passed times
  ``max_score``).
"""

from __future__ import annotations

import base64
import json
from functools import cache
from pathlib import Path
from typing import Any

import xmlschema
from jsonschema import Draft202012Validator

PLATFORMS = Path(__file__).parent / "platforms"


@cache
def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((PLATFORMS / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(name: str, data: Any) -> list[str]:
    """What in ``data`` breaks the JSON Schema ``platforms/<name>``, one line each; ``[]`` when nothing."""
    errors = sorted(_validator(name).iter_errors(data), key=lambda e: [f"{p:09}" for p in e.absolute_path])
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors]


def gradescope_problems(data: Any) -> list[str]:
    """What in ``data`` breaks Gradescope's results.json rules; ``[]`` when nothing does.

    Past the schema, one rule of this project: the total score is never over the tests' maxima.
    """
    problems = schema_problems("gradescope-results.schema.json", data)
    tests = data.get("tests", []) if isinstance(data, dict) else []
    most = sum(t.get("max_score", 0) for t in tests if isinstance(t, dict))
    if not problems and tests and data.get("score", 0) > most:
        problems.append(f"score {data['score']} is over the tests' maxima, {most}")
    return problems


def exercism_problems(data: Any) -> list[str]:
    """What in ``data`` breaks exercism's results.json, version 3; ``[]`` when nothing does."""
    return schema_problems("exercism-results-v3.schema.json", data)


def classroom_problems(data: Any) -> list[str]:
    """What in ``data`` the Classroom reporter's code cannot read, or breaks exercism's version 3."""
    return schema_problems("classroom-reporter.schema.json", data) + exercism_problems(data)


@cache
def _junit_schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(PLATFORMS / "jenkins-junit.xsd"))


def junit_problems(xml: bytes | str) -> list[str]:
    """What in the JUnit XML ``xml`` breaks the schema Jenkins reads; ``[]`` when nothing does."""
    text = xml.decode("utf-8") if isinstance(xml, bytes) else xml
    return [f"{error.path}: {error.reason}" for error in _junit_schema().iter_errors(text)]


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
