"""The documents' generated regions, rewritten: tables of formulations and counts, and sample outputs.

Usage: ``coinrow dev docs`` rewrites, in place, every region of the repository's Markdown between
``<!-- generated: <name> -->`` and ``<!-- end generated -->`` with the text
``coinrow.dev.docs_text.generated_texts`` gives that name (from the registry), or
``coinrow.dev.docs_samples.sample_texts`` (from a real run of the grader), or, for each task README's
"What is checked", ``coinrow.dev.docs_checks.checked_texts`` (the grading suite's checks, in words);
``coinrow dev docs --check``
changes nothing and exits 1 with one line per document that is stale (``make check`` runs it).
``--root`` names another copy of the repository to work on.

A region whose text has several lines (a table, a fenced example) has its markers on lines of
their own; a one-line text (a count) sits inside a line of prose, never at its start, where
Markdown would read the line as HTML.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path

from coinrow.dev.docs_checks import checked_texts
from coinrow.dev.docs_samples import sample_texts
from coinrow.dev.docs_text import generated_texts
from coinrow.game.registry import FORMULATIONS, REPO_ROOT
from coinrow.game.rowarg import UsageError

# The documents searched for regions, as globs under the repository's root, in the order reported.
DOCUMENTS = ("README.md", "problems/README.md", "problems/*/README.md", "solutions/README.md", "docs/*.md")
OPEN, END = "<!-- generated: ", "<!-- end generated -->"


def region_pattern(opening: str, end: str) -> re.Pattern[str]:
    """The regions between ``<opening><name> -->`` and ``end``, their name and body captured (the
    generated regions here, the measured ones of ``coinrow.dev.measured``)."""
    return re.compile(
        re.escape(opening) + r"(?P<name>[a-z0-9-]+) -->(?P<body>.*?)" + re.escape(end), re.DOTALL
    )


def closed(text: str, opening: str, end: str) -> bool:
    """Whether every region of ``text`` that ``opening`` starts is closed by ``end``, none inside another."""
    found = len(region_pattern(opening, end).findall(text))
    return text.count(opening) == found and text.count(end) == text.count(opening)


def framed(opening: str, name: str, body: str, end: str) -> str:
    """The region ``name`` holding ``body``: on lines of its own when it has several lines, else inline."""
    inside = f"\n{body}\n" if "\n" in body else body
    return f"{opening}{name} -->{inside}{end}"


REGION = region_pattern(OPEN, END)


class DocumentError(ValueError):
    """A document's markers are malformed: an unknown name, a region left open, a region misplaced."""


def documents(root: Path = REPO_ROOT) -> list[Path]:
    """The Markdown files under ``root`` that may hold generated regions, in ``DOCUMENTS`` order."""
    found: list[Path] = []
    for pattern in DOCUMENTS:
        found += [path for path in sorted(root.glob(pattern)) if path not in found]
    return found


def regenerate(text: str, texts: dict[str, str]) -> str:
    """``text`` with every generated region's body replaced by ``texts[name]``.

    Raises:
        DocumentError: a region's name is not in ``texts``, a region is not closed (or holds another),
            a several-line region does not stand on lines of its own, or a one-line one starts a line.
    """

    def replace(region: re.Match[str]) -> str:
        name = region["name"]
        if name not in texts:
            raise DocumentError(f"unknown generated region {name!r} (known: {', '.join(texts)})")
        starts_line = region.start() == 0 or text[region.start() - 1] == "\n"
        ends_line = region.end() == len(text) or text[region.end()] == "\n"
        several_lines = "\n" in texts[name]
        if several_lines and not (starts_line and ends_line):
            raise DocumentError(
                f"the region {name!r} holds several lines: its markers need lines of their own"
            )
        if not several_lines and starts_line:
            raise DocumentError(f"the region {name!r} starts a line, which Markdown would read as HTML")
        return framed(OPEN, name, texts[name], END)

    if not closed(text, OPEN, END):
        raise DocumentError(f"a generated region is not closed by {END!r}, or holds another one")
    return REGION.sub(replace, text)


@dataclass
class Report:
    """What one pass over the documents found: the documents rewritten (or stale), and what is malformed."""

    stale: list[str] = field(default_factory=list)  # paths under the root, rewritten unless checking
    malformed: list[str] = field(default_factory=list)  # one line each: the path and what is wrong
    with_regions: int = 0  # the documents that hold a generated region


def update_documents(root: Path, texts: dict[str, str], *, write: bool) -> Report:
    """Compare every document under ``root`` with ``texts``; with ``write``, rewrite each stale one.

    Raises:
        OSError: a document cannot be read or written.
    """
    report = Report()
    for path in documents(root):
        shown = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        try:
            fresh = regenerate(text, texts)
        except DocumentError as error:
            report.malformed.append(f"{shown}: {error}")
            continue
        report.with_regions += OPEN in text
        if fresh != text:
            report.stale.append(shown)
            if write:
                path.write_text(fresh, encoding="utf-8")
    return report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow dev docs``."""
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 naming each document that is stale"
    )
    parser.add_argument(
        "--root", type=Path, default=REPO_ROOT, help="the repository to work on (default: this one)"
    )


def run(args: argparse.Namespace) -> int:
    """``coinrow dev docs``: rewrite the generated regions; with ``--check``, 1 if any is stale. Either way,
    1 if a document's markers are malformed (one line each).

    Raises:
        UsageError: ``--root`` holds no README.md.
        OSError: a document cannot be read or written.
    """
    root: Path = args.root
    if not (root / "README.md").is_file():
        raise UsageError(f"--root: {root} holds no README.md: give the root of a copy of the repository")
    texts = {**generated_texts(FORMULATIONS), **checked_texts(FORMULATIONS), **sample_texts()}
    report = update_documents(root, texts, write=not args.check)
    fix = "coinrow dev docs" + ("" if root.resolve() == REPO_ROOT else f" --root={root}")
    for shown in report.stale:
        print(
            f"{shown} is stale: its generated text is not the registry's; run {fix}"
            if args.check
            else f"rewrote {shown}"
        )
    for line in report.malformed:
        print(line)
    if not report.stale and not report.malformed:
        print(f"the generated regions of {report.with_regions} documents are up to date")
    return 1 if report.malformed or (args.check and report.stale) else 0
