"""The session record of an interview (``interview/session.json``) and the folder it lives in.

The folder, ``interview/`` at the top of the clone (git-ignored; ``COINROW_INTERVIEW``
names another), holds the statement, the learner's one answer file, the record, a
copy of every answer graded (``answers/``), the report card once it ends, and the
sessions before this one (``archive/<timestamp>/``). Every time in the record is in
seconds since the interview started, read from ``clock.now``.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from coinrow.game.registry import REPO_ROOT
from coinrow.tools.interview import clock
from coinrow.tools.interview.stages import STAGES

EndReason = Literal["time", "done", "asked"]  # time ran out, every stage solved, make interview END=1
RECORD_VERSION = 1


class SessionError(Exception):
    """The folder cannot hold or give back an interview; ``str()`` is one line saying what to do."""


@dataclass(frozen=True)
class Attempt:
    """One graded answer: when, for which stage, and what the grader said first."""

    stage: int  # index into STAGES
    at: float  # seconds since the start
    status: str  # the grader's Status: "solved", "failing", "not attempted", ...
    answer: str  # the copy graded, relative to the folder: "answers/01-difference_dp.py"
    message: str = ""  # the first failure's message, or why grading stopped; "" when solved
    mistake: str | None = None  # the named mistake the grader verified, e.g. "greedy"
    kind: str | None = None  # the first failure's kind (coinrow.grader.judge.failures.FailureKind)
    measured: str | None = None  # the measured order of growth, when the grader reports one


@dataclass(frozen=True)
class HintTaken:
    """One hint tier shown during the interview."""

    stage: int
    at: float
    number: int  # 1-based
    of: int  # the stage's number of tiers
    topic: str


@dataclass
class Session:
    """An interview as recorded: started at ``started`` (epoch seconds), ``minutes`` long."""

    started: float
    minutes: int
    stage: int = 0  # the stage being asked; len(STAGES) once every stage is solved
    revealed: list[float] = field(default_factory=lambda: [0.0])  # when each stage so far was asked
    attempts: list[Attempt] = field(default_factory=list)
    hints: list[HintTaken] = field(default_factory=list)
    ended: float | None = None  # seconds since the start
    end_reason: EndReason | None = None

    def elapsed(self) -> float:
        """Seconds since the start, by ``clock.now``."""
        return clock.now() - self.started

    def left(self) -> float:
        """Seconds left on the clock (negative once time is up)."""
        return self.minutes * 60 - self.elapsed()

    def end(self, reason: EndReason) -> None:
        """Stop the clock: now, or at the time allowed when it ran out."""
        self.ended = min(self.elapsed(), self.minutes * 60.0) if reason == "time" else self.elapsed()
        self.end_reason = reason

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data, its version first."""
        return {"version": RECORD_VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Session:
        """The record read back.

        Raises:
            ValueError, TypeError, KeyError: not a record this version wrote.
        """
        if data.pop("version", None) != RECORD_VERSION:
            raise ValueError("not a session record of this version")
        session = cls(
            **{
                **data,
                "attempts": [Attempt(**a) for a in data["attempts"]],
                "hints": [HintTaken(**h) for h in data["hints"]],
            }
        )
        if not 0 <= session.stage <= len(STAGES) or len(session.revealed) != min(
            session.stage + 1, len(STAGES)
        ):
            raise ValueError("its stages do not add up")
        return session


class Folder:
    """Where one interview's files live, and the operations on them that must never lose an answer."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.statement = root / "statement.md"
        self.answer = root / "answer.py"
        self.record = root / "session.json"
        self.answers = root / "answers"  # a copy of every answer graded
        self.graded = root / "graded"  # the answer laid out like problems/ for the grader
        self.report_md = root / "report.md"
        self.report_html = root / "report.html"
        self.archive = root / "archive"

    def name(self, path: Path) -> str:
        """``path`` as the learner knows it: ``interview/answer.py``, relative to the clone if in it."""
        try:
            return path.relative_to(REPO_ROOT).as_posix()
        except ValueError:
            return str(path)

    def load(self) -> Session | None:
        """The session recorded here; None when there is none.

        Raises:
            SessionError: a record that cannot be read back.
        """
        try:
            text = self.record.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as error:
            raise SessionError(f"cannot read {self.name(self.record)}: {error.strerror}") from None
        try:
            return Session.from_json(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError):
            raise SessionError(
                f"{self.name(self.record)} is damaged; make interview NEW=1 archives this interview "
                "(your answer with it) and starts a new one"
            ) from None

    def save(self, session: Session) -> None:
        """Write the record whole, through a temporary file, so an interrupted save leaves the old one."""
        partial = self.record.with_suffix(".json.partial")
        partial.write_text(json.dumps(session.to_json(), indent=1) + "\n", encoding="utf-8")
        partial.replace(self.record)

    def archive_all(self) -> Path | None:
        """Move everything here but the archive into ``archive/<timestamp>/``; that folder, or None if
        there was nothing to move. The timestamp is local time, ``YYYY-MM-DD-HHMMSS`` (``-2``, ``-3``
        after it when taken twice in one second)."""
        kept = [p for p in self.root.iterdir() if p != self.archive] if self.root.is_dir() else []
        if not kept:
            return None
        stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(clock.now()))
        target, number = self.archive / stamp, 1
        while target.exists():
            number += 1
            target = self.archive / f"{stamp}-{number}"
        target.mkdir(parents=True)
        for path in kept:
            shutil.move(path, target / path.name)
        return target


def interview_folder() -> Folder:
    """The interview's folder: ``COINROW_INTERVIEW`` when set, else ``interview/`` at the top of the clone."""
    return Folder(Path(os.environ.get("COINROW_INTERVIEW") or REPO_ROOT / "interview"))
