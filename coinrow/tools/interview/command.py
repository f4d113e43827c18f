"""``make interview`` / ``coinrow interview``: start, resume, submit, hint and end a mock interview.

The first call writes ``interview/`` (the statement, ``answer.py``, the session
record) and prints the question and the time allowed. Each later call grades
``answer.py`` as it stands for the stage being asked and prints the result and the
time left; a stage solved reveals the next follow-up, appended to the statement.
``--hint`` (``make hint`` without ``F=`` while an interview is in progress) shows
the stage's next hint tier and records it. When time is up, every stage is solved
or ``--end`` is given, the report card is printed and written. ``--new`` archives
the interview there is into ``interview/archive/<timestamp>/`` and starts another.

Exit status: 0, or 1 when an answer graded is not correct, 2 for bad input (one line
on stderr, never a traceback), 130 when interrupted. The answer file is never written
once it exists.
"""

from __future__ import annotations

import argparse
import sys

from coinrow.game.hints import hint_tiers, readme_of
from coinrow.game.rowarg import UsageError
from coinrow.tools.interview import clock
from coinrow.tools.interview.clock import minutes_seconds
from coinrow.tools.interview.report import write_report
from coinrow.tools.interview.session import Folder, HintTaken, Session, SessionError, interview_folder
from coinrow.tools.interview.stages import GAME, STAGES, function_stub
from coinrow.tools.interview.submit import grade_answer, unchanged_answer
from coinrow.tools.tiers import tier_text

DEFAULT_MINUTES = 45
MAX_MINUTES = 600


def minutes(text: str) -> int:
    """``MINUTES=``: a whole number of minutes, 1 to ``MAX_MINUTES``.

    Raises:
        argparse.ArgumentTypeError: anything else (argparse reports it as one line).
    """
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_MINUTES:
        raise argparse.ArgumentTypeError(f"must be a whole number of minutes from 1 to {MAX_MINUTES}")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow interview`` (what ``make interview`` passes)."""
    parser.add_argument("--minutes", type=minutes, default=None, help=f"time allowed ({DEFAULT_MINUTES})")
    parser.add_argument("--end", action="store_true", help="end now and show the report card")
    parser.add_argument("--new", action="store_true", help="archive the interview there is, start another")
    parser.add_argument("--hint", action="store_true", help="the stage's next hint, recorded as taken")


def question_text(folder: Folder, k: int, at: float) -> str:
    """Stage ``k``'s question (0-based) as the statement holds it: a heading, the words, the functions."""
    stage = STAGES[k]
    heading = "Question" if k == 0 else "Follow-up"
    stubs = "\n".join(function_stub(stage.slug, name) for name in stage.functions)
    return (
        f"## {heading} {k + 1} of {len(STAGES)} (asked at {minutes_seconds(at)})\n\n{stage.question}\n\n"
        f"In {folder.name(folder.answer)}:\n\n```python\n{stubs}```\n"
    )


def answer_file(folder: Folder) -> str:
    """The answer file as first written: the first stage's functions as stubs."""
    stubs = "\n\n".join(function_stub(STAGES[0].slug, name) for name in STAGES[0].functions)
    return (
        f'"""Your answer: {folder.name(folder.statement)} asks the question; make interview grades it.\n\n'
        'Follow-up questions may ask for other functions: add them here, beside the ones you have."""\n\n'
        "from collections.abc import Sequence\nfrom typing import Literal\n\n\n" + stubs
    )


def start(folder: Folder, allowed: int) -> int:
    """Write a new interview into ``folder``, which holds no answer file; print the question."""
    folder.root.mkdir(parents=True, exist_ok=True)
    session = Session(clock.now(), allowed)
    question = question_text(folder, 0, 0.0)
    folder.statement.write_text(f"# Mock interview: coins in a row\n\n{GAME}\n{question}", encoding="utf-8")
    with folder.answer.open("x", encoding="utf-8") as answer:  # "x": never over an answer
        answer.write(answer_file(folder))
    folder.save(session)
    print(f"{GAME}\n{question}")
    print(
        f"You have {allowed} minutes, from now. Write your answer in {folder.name(folder.answer)}, then:\n"
        "  make interview        grade it as it stands (as often as you like); the time left is shown\n"
        "  make hint             the stage's next hint (the report card notes it)\n"
        "  make interview END=1  end now, with the report card"
    )
    return 0


def submit(folder: Folder, session: Session) -> int:
    """Grade the answer for the stage being asked, record it, print the result; 0 when correct, else 1."""
    if not folder.answer.is_file():
        raise UsageError(
            f"{folder.name(folder.answer)} is missing: put your answer back there "
            f"(every answer graded so far is kept in {folder.name(folder.answers)}/)"
        )
    unchanged = unchanged_answer(folder, session, answer_file(folder))
    if unchanged is not None:
        raise UsageError(unchanged)
    stage = STAGES[session.stage]
    print(f"Grading {folder.name(folder.answer)}: stage {session.stage + 1} of {len(STAGES)}, {stage.title}")
    attempt = grade_answer(folder, session)
    session.attempts.append(attempt)
    solved = attempt.status == "solved"
    if solved:
        session.stage += 1
        if session.stage == len(STAGES):
            session.end("done")
        else:
            session.revealed.append(session.elapsed())
            with folder.statement.open("a", encoding="utf-8") as statement:
                statement.write("\n" + question_text(folder, session.stage, session.revealed[-1]))
    folder.save(session)
    number = len(session.attempts)
    print(f"Attempt {number} at {minutes_seconds(attempt.at)}: {'correct' if solved else attempt.status}")
    if not solved:
        if attempt.kind == "import":
            first = attempt.message.splitlines()[0].removeprefix("the file ")
            print(f"make interview: {folder.name(folder.answer)} {first}", file=sys.stderr)
        else:
            print("\n".join(f"  {line}" for line in attempt.message.splitlines()))
    if session.ended is not None:
        write_report(folder, session)
        return 0
    print(f"Time left: {minutes_seconds(session.left())}")
    if solved:
        print(f"\n{question_text(folder, session.stage, session.revealed[-1])}")
        print(f"(added to {folder.name(folder.statement)}; make interview grades your answer to it)")
    return 0 if solved else 1


def take_hint(session: Session) -> int:
    """Print the stage's next hint tier and record it; once all are shown, the last again, unrecorded."""
    stage = STAGES[session.stage]
    tiers = hint_tiers(readme_of(stage.slug))
    taken = sum(h.stage == session.stage for h in session.hints)
    heading = f"Stage {session.stage + 1}"
    if taken >= len(tiers):
        print(tier_text(heading, len(tiers), tiers) + f"\nThat was the last of {len(tiers)} hints.")
        return 0
    session.hints.append(
        HintTaken(session.stage, session.elapsed(), taken + 1, len(tiers), tiers[taken].topic)
    )
    print(tier_text(heading, taken + 1, tiers) + "\n(noted in the report card)")
    print(f"Time left: {minutes_seconds(session.left())}")
    return 0


def _run(folder: Folder, args: argparse.Namespace) -> int:
    allowed = args.minutes or DEFAULT_MINUTES
    if args.new:
        archived = folder.archive_all()
        if archived is not None:
            print(f"The interview before is kept in {folder.name(archived)}/")
        return start(folder, allowed)
    session = folder.load()
    if session is None:
        if args.end or args.hint:
            raise UsageError("no interview in progress: make interview starts one")
        if folder.answer.exists():
            raise UsageError(
                f"{folder.name(folder.answer)} is there without a session record: make interview NEW=1 "
                "keeps it in the archive and starts a new interview"
            )
        return start(folder, allowed)
    if args.minutes is not None:
        print(f"(MINUTES= sets the time of a new interview; this one has {session.minutes} minutes)")
    if session.ended is None and session.left() <= 0:
        session.end("time")
        folder.save(session)
        print(f"Time is up: the interview ended at {session.minutes}:00.")
    elif session.ended is None and args.end:
        session.end("asked")
        folder.save(session)
    elif session.ended is None and args.hint:
        code = take_hint(session)
        folder.save(session)
        return code
    elif session.ended is None:
        return submit(folder, session)
    elif args.hint:
        raise UsageError(
            "the interview has ended: make interview NEW=1 starts another, make hint F=<slug> hints"
        )
    write_report(folder, session)
    print("make interview NEW=1 starts a new interview (this one is kept in the archive)")
    return 0


def run(args: argparse.Namespace) -> int:
    """``coinrow interview``: start, submit, hint or end, as the options and the session say.

    Raises:
        UsageError: a damaged session record, a missing answer file, a hint or an end with no interview,
            a file that cannot be written.
    """
    folder = interview_folder()
    try:
        return _run(folder, args)
    except SessionError as error:
        raise UsageError(str(error)) from None
    except KeyboardInterrupt:
        print("make interview: interrupted; the answer is as you left it", file=sys.stderr)
        return 130
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise UsageError(f"{where}{error.strerror or error}") from None
