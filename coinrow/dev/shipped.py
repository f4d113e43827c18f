"""The stubs as shipped: what the repository's own checks read, never the learner's attempts.

A learner's ``problems/`` holds attempts, wrong ones and half-written ones
included. ``make check`` lints, type-checks and tests the stubs as git has
them instead: for each formulation, the newest committed version of its file
that is still a stub (``coinrow.grader.records.stubs.committed_stub``), so a committed attempt
is passed over too. A formulation with no stub in git (not a git checkout, or a
new one not committed yet) is read from ``problems/`` as it is.

Usage: ``coinrow dev shipped`` writes ``build/shipped/<slug>/<slug>.py``
for every formulation and prints one line when ``problems/`` differs.
"""

from __future__ import annotations

import argparse
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.game.registry import FORMULATIONS, IMPLS, PROBLEMS, REPO_ROOT, source_file
from coinrow.grader import NoCommittedStub, committed_stub

DEFAULT_DIR = REPO_ROOT / "build" / "shipped"


@dataclass
class Shipped:
    """What ``export_stubs`` found: the slugs whose file is an attempt, and those git has no stub of."""

    attempted: list[str] = field(default_factory=list)
    not_in_git: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line saying what differs from the committed stubs ('' when nothing does)."""
        parts = []
        if self.attempted:
            parts.append(
                f"problems/ holds your attempts at {', '.join(self.attempted)}: "
                "the stubs as committed are checked instead"
            )
        if self.not_in_git:
            parts.append(f"no committed stub of {', '.join(self.not_in_git)}: checked as problems/ holds it")
        return "; ".join(parts)


def export_stubs(dest: Path) -> Shipped:
    """Write the shipped stub of every formulation to ``dest/<slug>/<slug>.py`` (the layout of problems/).

    Raises:
        OSError: a file cannot be read or written.
    """
    found = Shipped()
    for formulation in FORMULATIONS:
        working = source_file(PROBLEMS, formulation.slug)
        target = source_file(dest, formulation.slug)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            stub = committed_stub(working.relative_to(REPO_ROOT).as_posix())
        except NoCommittedStub:
            found.not_in_git.append(formulation.slug)
            # a kata not committed yet: its stub as problems/ holds it (a test may lay it out elsewhere)
            laid_out = source_file(IMPLS["problems"], formulation.slug)
            shutil.copyfile(laid_out if laid_out.is_file() else working, target)
            continue
        target.write_text(stub, encoding="utf-8")
        if not working.is_file() or working.read_bytes() != stub.encode("utf-8"):
            found.attempted.append(formulation.slug)
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``coinrow shipped`` has no options."""


def run(args: argparse.Namespace) -> int:
    """``coinrow shipped``: refresh ``build/shipped`` and say in one line if problems/ differs from it; 0."""
    shutil.rmtree(DEFAULT_DIR, ignore_errors=True)
    summary = export_stubs(DEFAULT_DIR).summary()
    if summary:
        print(f"note: {summary}")
    return 0
