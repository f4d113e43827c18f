"""One fingerprint keeps every record of grading: it follows what grading runs and nothing else.

The progress cache (``<impl>/.kata-progress.json``), the catalogue's record
(``tests/catalogue/graded.json``) and the mutation record
(``tests/mutation/checked.sha256``) are all keyed by ``coinrow.grader.records.fingerprint``:
editing a tool leaves each of them valid, editing the grader makes each of them stale.
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version as package_version
from pathlib import Path
from types import SimpleNamespace

import hypothesis
import numpy
import pytest

from coinrow.game.registry import FORMULATIONS, source_file
from coinrow.grader.records import fingerprint as fingerprints
from coinrow.grader.records.fingerprint import fingerprint, grading_files, versions
from coinrow.grader.records.progress import Progress, attempt_key
from coinrow.grader.run.grade import grade
from tests.self.commandline import environment, run_module

NEVER_GRADED = (  # files grading never reads: editing one keeps every record
    "coinrow/tools/animate/animate.py",
    "coinrow/tools/compare/compare.py",
    "coinrow/dev/catalogue.py",
    "coinrow/dev/mutate.py",
    "coinrow/cli/main.py",
    "tests/self/test_game.py",
    "solutions/difference_dp/difference_dp.py",
    "docs/architecture.md",
)
GRADED = (  # what grading runs besides the attempt: editing one makes every record stale
    "coinrow/grader/judge/verdict.py",
    "coinrow/grader/run/plugin.py",
    "coinrow/game/oracle.py",
    "coinrow/game/data/formulations.toml",
    "tests/grade/test_value.py",
    "tests/strategies.py",
    "tests/conftest.py",
)


def _edit(path: Path) -> str:
    """Append a comment line to ``path``; return what it held before."""
    before = path.read_text(encoding="utf-8")
    path.write_text(before + "\n# edited\n", encoding="utf-8")
    return before


def _fingerprint(root: Path) -> str:
    return fingerprint(4.0, "kata", root=root)


def test_editing_a_file_grading_never_reads_keeps_the_fingerprint(clone: Path) -> None:
    before = _fingerprint(clone)
    for name in NEVER_GRADED:
        _edit(clone / name)
        assert _fingerprint(clone) == before, f"editing {name} changed the fingerprint"


def test_editing_what_grading_runs_changes_the_fingerprint(clone: Path) -> None:
    before = _fingerprint(clone)
    for name in GRADED:
        assert clone / name in grading_files(clone)
        kept = _edit(clone / name)
        assert _fingerprint(clone) != before, f"editing {name} left the fingerprint as it was"
        (clone / name).write_text(kept, encoding="utf-8")
        assert _fingerprint(clone) == before  # the same files, the same fingerprint


def test_the_grading_options_and_the_versions_are_part_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    prints = {
        fingerprint(4.0, "kata"),
        fingerprint(1.5, "kata"),
        fingerprint(4.0, "catalogue"),
        fingerprint(4.0, "kata", exit_first=True),
    }
    assert len(prints) == 4
    python = f"python {sys.version_info.major}.{sys.version_info.minor}"
    packages = f"pytest {pytest.__version__}, hypothesis {hypothesis.__version__}, numpy {numpy.__version__}"
    cases = f"pytest-parametrize-cases {package_version('pytest-parametrize-cases')}"  # the suite's tables
    assert versions() == f"{python}, {packages}, {cases}"
    before = fingerprint(4.0, "kata")
    monkeypatch.setattr(
        fingerprints, "versions", lambda python: versions().replace("numpy", "numpy 0.1, was")
    )
    assert fingerprint(4.0, "kata") != before


def test_only_the_catalogues_record_is_kept_on_any_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner's cached result is graded again under another Python; the catalogue's record is not."""
    kept, anywhere = fingerprint(1.5, "catalogue"), fingerprint(1.5, "catalogue", any_python=True)
    assert anywhere != kept
    monkeypatch.setattr(fingerprints, "sys", SimpleNamespace(version_info=SimpleNamespace(major=3, minor=99)))
    assert "python 3.99" in versions()
    assert fingerprint(1.5, "catalogue") != kept
    assert fingerprint(1.5, "catalogue", any_python=True) == anywhere
    monkeypatch.setattr(fingerprints, "versions", lambda python: "numpy 0.1")
    assert fingerprint(1.5, "catalogue", any_python=True) != anywhere  # the packages still count


def test_the_progress_cache_keeps_a_result_under_the_fingerprint(tmp_path: Path) -> None:
    slug = FORMULATIONS[0].slug
    folder = tmp_path / "attempts"
    (folder / slug).mkdir(parents=True)
    (folder / slug / f"{slug}.py").write_text("def score_difference(coins):\n    raise NotImplementedError\n")
    grade({folder: [slug]}, call_limit=2.0, profile="catalogue", jobs=1)
    key = attempt_key(folder, slug, fingerprint(2.0, "catalogue"))
    assert Progress(folder).get(slug, key) is not None
    assert Progress(folder).get(slug, attempt_key(folder, slug, fingerprint(2.0, "kata"))) is None


def _python(clone: Path, code: str) -> str:
    """Run ``code`` with the clone's own coinrow (the clone is the current folder) and return its output."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=clone,
        env=environment(clone),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


CATALOGUE_CHECK = """
from pathlib import Path
from coinrow.dev.catalogue_entries import entries
from coinrow.dev.records import renew
right = [e for e in entries() if e.verdict == "right" and e.slug == "difference_dp"][:1]
print(len(renew(right, Path({record!r}))))
"""


def _records(clone: Path, record: Path) -> tuple[list[str], str, subprocess.CompletedProcess[str]]:
    """In ``clone``: the summary lines of ``coinrow test``, how many catalogue entries ``make records``
    graded (not taken from ``record``), and what ``coinrow dev mutate --stale`` (``make mutate-stale``)
    says."""
    graded = run_module("coinrow", "test", "--jobs=2", cwd=clone)
    assert graded.returncode == 0, graded.stderr
    lines = [x for x in graded.stdout.splitlines() if x.split(" ")[0] in {f.slug for f in FORMULATIONS}]
    assert len(lines) == len(FORMULATIONS), graded.stdout
    catalogue = _python(clone, CATALOGUE_CHECK.format(record=str(record)))
    return lines, catalogue, run_module("coinrow", "dev", "mutate", "--stale", cwd=clone)


def test_editing_a_tool_keeps_every_record_and_editing_the_grader_makes_each_stale(
    clone: Path, tmp_path: Path
) -> None:
    """In a clone: the stubs graded into problems/.kata-progress.json, a catalogue entry into a record
    of its own (as tests/catalogue/graded.json), the mutation record written anew. Each stub has a
    line added: a stub as shipped is never graded, so never cached.

    Slow (about 10 s): a fresh clone graded for real three times, before and after each edit; that a
    record is kept or made stale shows only in what grading does next."""
    for formulation in FORMULATIONS:
        _edit(source_file(clone / "problems", formulation.slug))
    write = "from coinrow.dev.mutate import CHECKED, record_digest; CHECKED.write_text(record_digest())"
    _python(clone, write)
    record = tmp_path / "graded.json"
    lines, catalogue, _ = _records(clone, record)
    assert not any("cached" in line for line in lines)  # a fresh clone: every stub graded
    assert catalogue == "1"  # and the entry

    _edit(clone / "coinrow" / "tools" / "animate" / "animate.py")
    lines, catalogue, mutation = _records(clone, record)
    assert all(line.endswith("not attempted (cached)") for line in lines), lines
    assert catalogue == "0"  # taken from the record
    assert (mutation.returncode, mutation.stdout) == (0, "the mutation score is up to date\n")

    _edit(clone / "coinrow" / "grader" / "judge" / "verdict.py")
    lines, catalogue, mutation = _records(clone, record)
    assert all(line.endswith("not attempted") for line in lines), lines  # graded again
    assert catalogue == "1"  # graded again
    stale = "the grader, the suite or a reference changed: make mutate\n"
    assert (mutation.returncode, mutation.stdout) == (1, stale)


def test_pyprojects_pytest_settings_are_part_of_it(tmp_path: Path) -> None:
    """The grading run reads pyproject.toml's pytest settings (``xfail_strict``, the markers, the capture)."""
    from coinrow.grader.records.fingerprint import pytest_settings

    (tmp_path / "pyproject.toml").write_text("[tool.pytest.ini_options]\nxfail_strict = true\n")
    strict = pytest_settings(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.pytest.ini_options]\nxfail_strict = false\n")
    assert pytest_settings(tmp_path) != strict
    assert "xfail_strict" in pytest_settings()
    assert pytest_settings(tmp_path / "nowhere") == ""
