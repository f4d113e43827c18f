"""The report card of an interview: one Markdown text, shown in the terminal (rich), kept as
``interview/report.md`` and as a self-contained ``interview/report.html`` (inline CSS, no network resource).

Per stage: when it was asked, the time to the first correct answer, the attempts, each
failing attempt's first failure and named mistake, the hints taken and the complexity
of the final answer (measured when the grader reports it, else the kata's target,
labelled as the target); then the timeline of the whole interview.
"""

from __future__ import annotations

from dataclasses import dataclass

from markdown_it import MarkdownIt
from rich.markdown import Markdown

from coinrow.grader import shown_order
from coinrow.tools.console import output_console
from coinrow.tools.interview.clock import minutes_seconds
from coinrow.tools.interview.session import Attempt, Folder, HintTaken, Session
from coinrow.tools.interview.stages import STAGES, Stage

ENDINGS = {"time": "time ran out", "done": "every stage solved", "asked": "ended on request (END=1)"}


@dataclass(frozen=True)
class StageCard:
    """What the report says of one stage that was asked."""

    number: int  # 1-based
    stage: Stage
    asked_at: float  # seconds since the start
    attempts: list[Attempt]
    hints: list[HintTaken]

    @property
    def solved_at(self) -> float | None:
        """When the first correct answer was submitted; None when none was."""
        return next((a.at for a in self.attempts if a.status == "solved"), None)

    @property
    def failing(self) -> list[Attempt]:
        """The attempts that were not correct, in order."""
        return [a for a in self.attempts if a.status != "solved"]

    @property
    def complexity(self) -> str:
        """The final answer's orders of growth as the grader measured them, beside the kata's target."""
        measured = self.attempts[-1].measured if self.attempts else None
        target = f"the task asks {shown_order(self.stage.target)}"
        return f"measured {measured} ({target})" if measured else f"not measured ({target})"


def stage_cards(session: Session) -> list[StageCard]:
    """One card per stage asked, in order."""
    return [
        StageCard(
            k + 1,
            STAGES[k],
            asked,
            [a for a in session.attempts if a.stage == k],
            [h for h in session.hints if h.stage == k],
        )
        for k, asked in enumerate(session.revealed)
    ]


def timeline(session: Session) -> list[tuple[float, str]]:
    """Every event with its time since the start, in order: stages asked, attempts, hints, the end."""
    events = [(at, f"stage {k + 1} asked: {STAGES[k].title}") for k, at in enumerate(session.revealed)]
    for number, attempt in enumerate(session.attempts, 1):
        named = f", named mistake `{attempt.mistake}`" if attempt.mistake else ""
        events.append((attempt.at, f"attempt {number} (stage {attempt.stage + 1}): {attempt.status}{named}"))
    events += [(h.at, f"hint {h.number} of {h.of} (stage {h.stage + 1}): {h.topic}") for h in session.hints]
    events.sort(key=lambda event: event[0])  # stable: a stage is asked before what happens in it
    if session.ended is not None and session.end_reason is not None:
        events.append((session.ended, f"the end: {ENDINGS[session.end_reason]}"))
    return events


def _cell(text: str) -> str:
    """Text safe in a Markdown table cell: one line, no column bar."""
    return " ".join(text.split()).replace("|", "\\|")


def _failing_lines(attempt: Attempt, number: int) -> list[str]:
    named = f"named mistake `{attempt.mistake}`" if attempt.mistake else "no mistake named"
    lines = [f"- attempt {number} at {minutes_seconds(attempt.at)}: {attempt.status}, {named}; "]
    lines[0] += f"answer kept as [{attempt.answer}]({attempt.answer})"
    if attempt.message:
        lines += ["", "  ```text", *[f"  {line}" for line in attempt.message.splitlines()], "  ```"]
    return lines


def report_markdown(session: Session) -> str:
    """The report card as Markdown (what ``report.md`` holds; the terminal and the HTML page show it)."""
    cards = stage_cards(session)
    solved = sum(card.solved_at is not None for card in cards)
    ended = ENDINGS[session.end_reason] if session.end_reason else "still in progress"
    at = minutes_seconds(session.ended if session.ended is not None else session.elapsed())
    lines = [
        "# Interview report: coins in a row",
        "",
        f"{ended[0].upper()}{ended[1:]} at {at} of {session.minutes}:00. "
        f"Solved {solved} of the {len(STAGES)} stages ({len(cards)} asked).",
        "",
        "| stage | first correct answer | attempts | hints |",
        "|---|---|---|---|",
    ]
    for card in cards:
        took = "not solved"
        if card.solved_at is not None:
            took = f"after {minutes_seconds(card.solved_at - card.asked_at)}"
        lines.append(
            f"| {card.number}. {card.stage.title} | {took} | {len(card.attempts)} | {len(card.hints)} |"
        )
    for card in cards:
        lines += ["", f"## Stage {card.number}: {card.stage.title}", "", f"> {card.stage.question}", ""]
        if card.solved_at is not None:
            took = minutes_seconds(card.solved_at - card.asked_at)
            lines.append(f"- asked at {minutes_seconds(card.asked_at)}; first correct answer after {took}")
        else:
            lines.append(f"- asked at {minutes_seconds(card.asked_at)}; not solved")
        lines.append(f"- attempts: {len(card.attempts)}, of them failing: {len(card.failing)}")
        lines.append(f"- hints taken: {len(card.hints)}")
        lines += [f"  - at {minutes_seconds(h.at)}: hint {h.number} of {h.of}, {h.topic}" for h in card.hints]
        lines.append(f"- complexity of the final answer: {card.complexity}")
        for attempt in card.failing:
            lines += _failing_lines(attempt, session.attempts.index(attempt) + 1)
    lines += ["", "## Timeline", "", "| at | event |", "|---|---|"]
    lines += [f"| {minutes_seconds(at)} | {_cell(event)} |" for at, event in timeline(session)]
    lines += ["", "Every answer graded is kept in `answers/`; the last one is `answer.py`.", ""]
    return "\n".join(lines)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Interview report: coins in a row</title>
<style>
body {{ font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; padding: 1rem; max-width: 48rem; color: #222; }}
h1 {{ font-size: 1.5rem; }} h2 {{ font-size: 1.2rem; border-top: 1px solid #ccc; padding-top: .8rem; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ text-align: left; padding: .3rem .4rem; border-bottom: 1px solid #ddd; vertical-align: top; }}
td, li, code {{ overflow-wrap: anywhere; }}
td:first-child {{ overflow-wrap: normal; }}
pre {{ background: #f4f4f4; padding: .5rem; white-space: pre-wrap; overflow-wrap: anywhere; }}
blockquote {{ margin: 0; padding-left: .8rem; border-left: 3px solid #88a; color: #444; }}
</style>
</head>
<body>
{body}
</body>
</html>
"""


def report_html(markdown: str) -> str:
    """The Markdown report as one self-contained page: inline CSS, no script, nothing fetched; raw HTML in
    the text (a learner's message) is escaped, never passed through."""
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(markdown)
    return PAGE.format(body=body.strip())


def write_report(folder: Folder, session: Session) -> str:
    """Write ``report.md`` and ``report.html`` into the folder, print the card; return the Markdown.

    Raises:
        OSError: a file cannot be written.
    """
    markdown = report_markdown(session)
    folder.report_md.write_text(markdown, encoding="utf-8")
    folder.report_html.write_text(report_html(markdown), encoding="utf-8")
    console = output_console(highlight=False)
    console.print(Markdown(markdown))
    console.print(f"The report card: {folder.name(folder.report_md)} and {folder.name(folder.report_html)}")
    return markdown
