"""An answer graded for the stage being asked: a copy kept, the kata's grading suite run on it, an attempt.

The answer file is never written: it is copied into ``answers/`` (kept for the report)
and into ``graded/<slug>/<slug>.py``, a folder laid out like ``problems/``, which the
one grading entry point (``coinrow.grader.run.grade.grade``) grades as ``make test`` does.
"""

from __future__ import annotations

import shutil

from coinrow.grader import Result, grade
from coinrow.tools.interview.session import Attempt, Folder, Session
from coinrow.tools.interview.stages import STAGES


def measured_order(result: Result) -> str | None:
    """The orders of growth the grader measured for ``result`` (``time ~n², memory ~n²``), from its growth
    check; None when it measured none (a kata not solved, or one whose growth is not checked)."""
    return result.measured


def first_failure(result: Result, slug: str) -> tuple[str, str | None, str | None]:
    """What the report keeps of a result that is not "solved": the first failure's message (in the
    answer file's name), the mistake the grader named and the failure's kind; ("", None, None) when
    solved."""
    failures = result.failures()
    match result.status:
        case "solved":
            return "", None, None
        case "stopped":
            return result.reason or "grading stopped", None, None
        case "not attempted" | "in progress":
            return "a function still raises NotImplementedError", None, None
    if not failures:
        return f"{result.failed} checks failed", None, None
    message = failures[0].message.removeprefix(f"{slug}: ").replace(f"{slug}.py", "answer.py")
    return message, failures[0].mistake, failures[0].kind


def unchanged_answer(folder: Folder, session: Session, first_written: str) -> str | None:
    """Why the answer file is not graded, in one line: it is still ``first_written`` (the stubs the
    interview wrote), or it is the answer last graded for the stage being asked; None when it changed.
    Such a call is no attempt: the report card counts only answers graded."""
    answer = folder.answer.read_bytes()
    name = folder.name(folder.answer)
    if not session.attempts and answer == first_written.encode("utf-8"):
        return f"{name} is still as the interview wrote it: write your answer there, then make interview"
    last = session.attempts[-1] if session.attempts else None
    if (
        last is not None
        and last.stage == session.stage
        and (folder.root / last.answer).read_bytes() == answer
    ):
        number = len(session.attempts)
        return (
            f"{name} is unchanged since attempt {number} ({last.status}): change it, then make interview "
            "grades it again (nothing was counted)"
        )
    return None


def grade_answer(folder: Folder, session: Session) -> Attempt:
    """Grade the answer file as it stands for the stage being asked; the attempt, not yet recorded.

    The attempt's time is taken before grading starts (grading takes seconds of its own).

    Raises:
        FileNotFoundError: the answer file is missing.
        KeyboardInterrupt: interrupted while grading (every child is ended first).
    """
    stage = STAGES[session.stage]
    at = session.elapsed()
    kept = folder.answers / f"{len(session.attempts) + 1:02d}-{stage.slug}.py"
    folder.answers.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(folder.answer, kept)
    graded = folder.graded / stage.slug / f"{stage.slug}.py"
    graded.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(kept, graded)
    (results,) = grade({folder.graded: [stage.slug]}, cache="off").values()
    result = results[stage.slug]
    message, mistake, kind = first_failure(result, stage.slug)
    answer = kept.relative_to(folder.root).as_posix()
    return Attempt(session.stage, at, result.status, answer, message, mistake, kind, measured_order(result))
