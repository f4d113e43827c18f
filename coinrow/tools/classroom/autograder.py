"""``make autograder``: the zip a teacher uploads to Gradescope as the assignment's autograder.

Gradescope unpacks the zip into ``/autograder/source``, runs its ``setup.sh`` once when
it builds the image (as root, on Ubuntu) and ``run_autograder`` once per submission,
which must write ``/autograder/results/results.json`` (gradescope/autograder_samples,
``docs/specs.md``). Both scripts stand at the zip's root, beside the grader itself:
the package, the grading suite, ``pyproject.toml`` and the pins: the files git tracks, or would (not
ignored), as they are in the working tree. Neither the
reference solutions nor any attempt is packed: a submission runs where it could read them.
The zip is the same, byte for byte, for the same files: every entry has one fixed time.
"""

from __future__ import annotations

import argparse
import subprocess
import zipfile
from importlib.resources import files
from pathlib import Path

from coinrow.game.registry import REPO_ROOT
from coinrow.game.rowarg import UsageError

SCRIPTS = ("setup.sh", "run_autograder")  # at the zip's root, executable
# what grading reads (coinrow.grader.records.fingerprint's files), the grade command, and what installs them
PACKED = ("coinrow", "tests/__init__.py", "tests/conftest.py", "tests/strategies.py", "tests/grade")
FILES = ("pyproject.toml", "README.md", "requirements/constraints.txt")  # the pins the grader installs
FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip can say
UNSANDBOXED_LINE = "BUILT_UNSANDBOXED=0"


def packed_files(root: Path = REPO_ROOT) -> list[str]:
    """The grader's files below ``root`` that git tracks or would track, as posix paths relative to it.

    Raises:
        UsageError: ``root`` is not a git checkout, or git is missing.
    """
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", *PACKED, *FILES],
            cwd=root,
            capture_output=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError) as error:
        raise UsageError(f"make autograder packs the files git tracks: {error}") from None
    names = [name for name in listed.stdout.decode().split("\0") if name]
    return sorted(name for name in names if (root / name).is_file())


def script(name: str, unsandboxed: bool) -> bytes:
    """``setup.sh`` or ``run_autograder`` as packed; ``unsandboxed``: the latter grades without bubblewrap."""
    text = (files("coinrow.tools.classroom") / "gradescope" / name).read_text(encoding="utf-8")
    if unsandboxed:
        text = text.replace(UNSANDBOXED_LINE, "BUILT_UNSANDBOXED=1")
    return text.encode("utf-8")


def _add(archive: zipfile.ZipFile, name: str, data: bytes, mode: int) -> None:
    entry = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    entry.external_attr = (0o100000 | mode) << 16  # a regular file with these permissions
    entry.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(entry, data)


def build(target: Path, unsandboxed: bool = False, root: Path = REPO_ROOT) -> list[str]:
    """Write the autograder zip to ``target``; return the names packed, the scripts first.

    Raises:
        UsageError: not a git checkout (see ``packed_files``).
        OSError: ``target`` cannot be written.
    """
    names = [*SCRIPTS, *packed_files(root)]
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w") as archive:
        for name in SCRIPTS:
            _add(archive, name, script(name, unsandboxed), 0o755)
        for name in names[len(SCRIPTS) :]:
            _add(archive, name, (root / name).read_bytes(), 0o644)
    return names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow autograder`` (what ``make autograder`` passes)."""
    parser.add_argument("--out", default="build/autograder.zip", help="the zip to write")
    parser.add_argument("--unsandboxed", action="store_true", help="let it grade where bubblewrap cannot run")


def run(args: argparse.Namespace) -> int:
    """``coinrow autograder``: write the zip, say what it holds; 0, or 2 when it cannot be written.

    Raises:
        UsageError: not a git checkout, or the zip cannot be written.
    """
    target = Path(args.out)
    try:
        names = build(target, args.unsandboxed)
    except OSError as error:
        raise UsageError(f"OUT={args.out}: {error.strerror}") from None
    sandbox = "grades without a sandbox where none works" if args.unsandboxed else "needs bubblewrap"
    print(f"wrote {target}: setup.sh, run_autograder and {len(names) - len(SCRIPTS)} files; it {sandbox}")
    print("upload it as the assignment's autograder on Gradescope (docs/classroom.md)")
    return 0
