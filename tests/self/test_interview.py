"""make interview: a whole mock interview with the clock replaced, time running out, a resumed session,
bad input. Times are the replaced clock's, set by each test; nothing here reads the wall clock's value."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from coinrow.cli.main import main
from coinrow.game.oracle import exhaustive_difference
from coinrow.game.registry import REPO_ROOT
from coinrow.tools.interview import clock
from tests.self.commandline import MAKE_FAILED, coinrow, make, own_stderr

START = 1_700_000_000.0  # any epoch second: only differences from it are ever shown
WRONG = REPO_ROOT / "tests" / "catalogue" / "wrong"
SOLUTIONS = REPO_ROOT / "solutions"


class Interview:
    """One interview folder and a replaced clock, driven through the command line's ``main``."""

    def __init__(self, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.folder = folder
        self.capsys = capsys
        self.seconds = 0.0  # since START

    def at(self, minutes: int, seconds: int = 0) -> Interview:
        self.seconds = minutes * 60 + seconds
        return self

    def run(self, *options: str) -> tuple[int, str, str]:
        code = main(["interview", *options])
        out, err = self.capsys.readouterr()
        return code, out, err

    def answer(self, source: Path) -> None:
        """The learner writes ``source`` into the answer file (as a test copies a reference in)."""
        shutil.copyfile(source, self.folder / "answer.py")

    @property
    def record(self) -> dict[str, object]:
        data: dict[str, object] = json.loads((self.folder / "session.json").read_text(encoding="utf-8"))
        return data

    @property
    def report(self) -> str:
        return (self.folder / "report.md").read_text(encoding="utf-8")


@pytest.fixture
def interview(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Interview:
    folder = tmp_path / "interview"
    monkeypatch.setenv("COINROW_INTERVIEW", str(folder))
    driven = Interview(folder, capsys)
    monkeypatch.setattr(clock, "now", lambda: START + driven.seconds)
    return driven


def reference(slug: str) -> Path:
    return SOLUTIONS / slug / f"{slug}.py"


def greedy_difference(row: tuple[int, ...]) -> int:
    """Both players take the larger end, the left one on a tie: what the catalogued greedy answer plays."""
    coins, difference, sign = list(row), 0, 1
    while coins:
        taken = coins.pop(0) if coins[0] >= coins[-1] else coins.pop()
        difference, sign = difference + sign * taken, -sign
    return difference


def test_a_whole_interview_wrong_answer_hint_then_every_stage(interview: Interview) -> None:
    """Slow (about 15 s): a whole interview as a candidate lives it, each submission graded for real by
    the command make interview runs: the one test that takes every stage end to end."""
    code, out, _ = interview.at(0).run()
    assert code == 0
    assert "You have 45 minutes" in out  # MINUTES' default
    assert "score_difference(coins)" in out
    statement = (interview.folder / "statement.md").read_text(encoding="utf-8")
    # the question names no formulation and gives no recurrence
    for named in ("D[i][j]", "interval", "DP", "recurrence"):
        assert named not in statement

    interview.at(3).answer(WRONG / "difference_dp" / "greedy.py")
    code, out, _ = interview.run()
    assert code == 1
    assert "Attempt 1 at 3:00: failing" in out
    assert "Time left: 42:00" in out  # 45:00 - 3:00

    code, out, _ = interview.at(4).run("--hint")
    assert code == 0
    assert out.startswith("Stage 1, hint 1 of 3: what does the opponent's best mean for you?")

    # each stage's reference, 5 minutes apart from 10:00: stage k solved at 10 + 5 (k - 1) minutes
    stages = ["difference_dp", "rolling_array", "optimal_moves", "parity_strategy", "top_down_memo"]
    for k, slug in enumerate(stages):
        interview.at(10 + 5 * k).answer(reference(slug))
        code, out, _ = interview.run()
        assert code == 0, out
        assert f"Attempt {k + 2} at {10 + 5 * k}:00: correct" in out
        assert f"Follow-up {k + 2} of 6 (asked at {10 + 5 * k}:00)" in out
    interview.at(36).answer(reference("linear_reduction"))
    code, out, _ = interview.run()
    assert code == 0
    assert "Every stage solved at 36:00 of 45:00. Solved 6 of the 6 stages (6 asked)." in out

    report = interview.report
    # asked at 0:00, solved at 10:00; then each asked when the one before was solved, 5:00 later (6 at 36:00)
    for summary in [
        "| 1. the score difference in O(n²) | after 10:00 | 2 | 1 |",
        "| 2. O(n) memory | after 5:00 | 1 | 0 |",
        "| 3. the optimal line of moves | after 5:00 | 1 | 0 |",
        "| 4. the parity guarantee for even n | after 5:00 | 1 | 0 |",
        "| 5. top-down, memoised, to n = 1000 | after 5:00 | 1 | 0 |",
        "| 6. bonus: O(n) time | after 6:00 | 1 | 0 |",
    ]:
        assert summary in report
    assert "- attempt 1 at 3:00: failing, named mistake `greedy`" in report
    assert "  - at 4:00: hint 1 of 3, what does the opponent's best mean for you?" in report
    # the first failure is a real one: the oracle's difference, and what greedy play gives, on its row
    found = re.search(r"score_difference\(\(([-\d, ]+),?\)\) returned (-?\d+), expected (-?\d+)", report)
    assert found is not None
    row = tuple(int(x) for x in found[1].split(",") if x.strip())
    assert int(found[3]) == exhaustive_difference(row) != int(found[2]) == greedy_difference(row)
    # each solved stage shows the orders the grader measured beside its kata's target (rolling_array's here)
    asked = r"\(the task asks O\(n²\) time, O\(n\) space\)"
    assert re.search(rf"measured time [^\n]*, memory [^\n]* {asked}", report)
    timeline = report[report.index("## Timeline") :]
    times = [line.split(" | ")[0].removeprefix("| ") for line in timeline.splitlines()[4:] if line[:1] == "|"]
    # asked, the wrong answer, the hint; then each stage's correct answer and the next one asked; the end
    assert times == [
        "0:00",
        "3:00",
        "4:00",
        *[f"{m}:00" for m in (10, 15, 20, 25, 30) for _ in "ab"],
        "36:00",
        "36:00",
    ]
    assert "| 4:00 | hint 1 of 3 (stage 1): what does the opponent's best mean for you? |" in timeline
    assert "| 36:00 | the end: every stage solved |" in timeline
    # every answer graded is kept beside the report; the answer file is the learner's last one
    kept = sorted(p.name for p in (interview.folder / "answers").iterdir())
    assert len(kept) == 7
    assert (kept[0], kept[-1]) == ("01-difference_dp.py", "07-linear_reduction.py")
    assert (interview.folder / "answer.py").read_bytes() == reference("linear_reduction").read_bytes()
    html = (interview.folder / "report.html").read_text(encoding="utf-8")
    assert "<table>" in html
    assert "named mistake <code>greedy</code>" in html
    assert not re.search(r"(src|href)=\"(https?:)?//", html)  # nothing fetched from elsewhere


def test_time_running_out_mid_stage_ends_with_the_report(interview: Interview) -> None:
    assert interview.at(0).run("--minutes", "20")[0] == 0
    interview.at(5).answer(reference("difference_dp"))
    assert interview.run()[0] == 0
    interview.at(12).answer(WRONG / "rolling_array" / "n_by_n_table.py")
    code, out, _ = interview.run()
    assert code == 1
    assert "Time left: 8:00" in out  # 20:00 - 12:00
    interview.at(21).answer(reference("rolling_array"))  # too late: not graded
    code, out, _ = interview.run()
    assert code == 0
    assert "Time is up: the interview ended at 20:00." in out
    assert "Time ran out at 20:00 of 20:00. Solved 1 of the 6 stages (2 asked)." in out
    assert "| 2. O(n) memory | not solved | 1 | 0 |" in interview.report
    assert interview.record["end_reason"] == "time"
    assert len(list((interview.folder / "answers").iterdir())) == 2
    # once ended, a call shows the card again; a hint is refused
    assert interview.at(30).run()[0] == 0
    code, _, err = interview.run("--hint")
    assert code == 2
    assert err.startswith("make interview: the interview has ended")


def test_end_and_new_keep_the_old_session_in_the_archive(interview: Interview) -> None:
    interview.at(0).run()
    interview.at(2).answer(WRONG / "difference_dp" / "greedy.py")
    code, out, _ = interview.at(7).run("--end")
    assert code == 0
    assert "Ended on request (END=1) at 7:00 of 45:00. Solved 0 of the 6 stages (1 asked)." in out
    code, out, _ = interview.run("--new")
    assert code == 0
    (archived,) = (interview.folder / "archive").iterdir()
    assert (archived / "answer.py").read_bytes() == (WRONG / "difference_dp" / "greedy.py").read_bytes()
    assert (archived / "report.md").is_file()
    assert "raise NotImplementedError" in (interview.folder / "answer.py").read_text(encoding="utf-8")
    assert interview.record["attempts"] == []


def test_a_new_process_resumes_where_it_stopped(tmp_path: Path) -> None:
    env = {"COINROW_INTERVIEW": str(tmp_path / "interview")}
    assert make("interview", env=env).returncode == 0
    shutil.copyfile(reference("difference_dp"), tmp_path / "interview" / "answer.py")
    solved = make("interview", env=env)
    assert solved.returncode == 0, solved.stderr
    assert "Follow-up 2 of 6" in solved.stdout
    # each call is a process of its own: the next one asks stage 2, and make hint is the interview's
    hint = make("hint", env=env)
    assert hint.returncode == 0, hint.stderr
    assert hint.stdout.startswith("Stage 2, hint 1 of ")
    again = make("interview", env=env)
    assert again.returncode == MAKE_FAILED  # make's status when the command's is 1
    assert own_stderr(again) == []
    assert "stage 2 of 6, O(n) memory" in again.stdout  # the O(n^2) answer fails the memory check
    assert "Attempt 2 at " in again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["MINUTES=abc"],
            "make interview: MINUTES=abc: must be a whole number of minutes from 1 to 600",
        ),
        (["MINUTES=0"], "make interview: MINUTES=0: must be a whole number of minutes from 1 to 600"),
        (["END=1"], "make interview: no interview in progress: make interview starts one"),
        (["HINT=1"], "make interview: no interview in progress: make interview starts one"),
    ],
)
def test_bad_settings_are_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    done = make("interview", *args, env={"COINROW_INTERVIEW": str(tmp_path / "interview")})
    assert done.returncode == MAKE_FAILED
    assert own_stderr(done) == [message]
    assert not (tmp_path / "interview").exists()


def test_an_unknown_option_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COINROW_INTERVIEW", str(tmp_path / "interview"))
    done = coinrow("interview", "--seconds=5")
    assert done.returncode == 2
    assert own_stderr(done) == ["make interview: unrecognized arguments: --seconds=5"]
    assert not (tmp_path / "interview").exists()


def test_an_answer_that_does_not_import_is_one_line_and_kept(interview: Interview) -> None:
    interview.at(0).run()
    broken = "def score_difference(coins):\n    return (\n"
    (interview.folder / "answer.py").write_text(broken, encoding="utf-8")
    code, _, err = interview.at(1).run()
    assert code == 1
    assert err.splitlines() == [
        f"make interview: {interview.folder / 'answer.py'} does not import: "
        "SyntaxError: '(' was never closed (at answer.py:2)"
    ]
    assert (interview.folder / "answer.py").read_text(encoding="utf-8") == broken
    assert (interview.folder / "answers" / "01-difference_dp.py").read_text(encoding="utf-8") == broken


def test_a_lost_folder_record_or_answer_is_one_line_and_loses_nothing(interview: Interview) -> None:
    interview.at(0).run()
    shutil.rmtree(interview.folder)  # a deleted interview/
    code, _, err = interview.run("--end")
    assert (code, err) == (2, "make interview: no interview in progress: make interview starts one\n")
    interview.run()  # a new one
    (interview.folder / "answer.py").unlink()
    code, _, err = interview.run()
    assert code == 2
    assert err.startswith(
        f"make interview: {interview.folder / 'answer.py'} is missing: put your answer back"
    )
    (interview.folder / "answer.py").write_text("# mine\n", encoding="utf-8")
    (interview.folder / "session.json").write_text("{", encoding="utf-8")
    code, _, err = interview.run()
    assert code == 2
    assert err == (
        f"make interview: {interview.folder / 'session.json'} is damaged; make interview NEW=1 archives "
        "this interview (your answer with it) and starts a new one\n"
    )
    (interview.folder / "session.json").unlink()
    code, _, err = interview.run()
    assert code == 2
    assert "is there without a session record: make interview NEW=1 keeps it" in err
    assert (interview.folder / "answer.py").read_text(encoding="utf-8") == "# mine\n"
    assert interview.run("--new")[0] == 0
    (archived,) = (interview.folder / "archive").iterdir()
    assert (archived / "answer.py").read_text(encoding="utf-8") == "# mine\n"


def test_only_a_changed_answer_is_graded_and_counted(interview: Interview) -> None:
    """Run again at once, the untouched stubs are not graded; nor is an answer graded already."""
    assert interview.at(0).run()[0] == 0
    code, out, err = interview.at(1).run()
    assert code == 2
    assert out == ""
    assert err.strip().endswith(
        "answer.py is still as the interview wrote it: write your answer there, then make interview"
    )
    assert interview.record["attempts"] == []
    interview.at(3).answer(WRONG / "difference_dp" / "greedy.py")
    assert interview.run()[0] == 1
    code, _, err = interview.at(4).run()
    assert code == 2
    assert "answer.py is unchanged since attempt 1 (failing): change it, then make interview grades it" in err
    assert len(interview.record["attempts"]) == 1
