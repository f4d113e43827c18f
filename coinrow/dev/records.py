"""The catalogue's record: what grading said of each catalogue entry, kept so the checks need not grade again.

``tests/catalogue/graded.json`` keeps, for every entry, what the repository's
checks compare (``Recorded``: graded solved or FAILING, a failing row shown, the
mistake named, the growth or cap named, the growth a solved summary states) under
a digest of the entry's file and the fingerprint of everything grading depends on
(``coinrow.grader.records.fingerprint``: the game model, the grader, the suite,
the catalogue's grading options, the versions of pytest, hypothesis and NumPy, but
not Python's). It keeps no timing and no size drawn at random, so grading again
under the same grader and packages writes the same file.

The record is *current* when its fingerprint is today's and every entry is in it
under its file's digest. ``make check`` reads it and never writes it: a record
that is not current fails the check with one line naming ``make records``, which
grades exactly the entries that are not current (all of them when the
fingerprint changed) and writes the file, as exercism's generated tests are
renewed by one command and checked by another. The packages are pinned
(``requirements/constraints.txt``), so a fresh clone finds the record current.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import TypeGuard

from coinrow.dev.catalogue import CATALOGUE_CALL_LIMIT, CATALOGUE_PROFILE, grade_all
from coinrow.dev.catalogue_entries import CATALOGUE, Entry, Outcome, Recorded, entries
from coinrow.game.registry import REPO_ROOT
from coinrow.grader import digest, fingerprint

RECORD = CATALOGUE / "graded.json"
RENEW = "make records"  # the command that renews the record


# what turns a grading into what the record keeps: editing one makes the record stale too
READERS = ("coinrow/dev/catalogue.py", "coinrow/dev/catalogue_entries.py", "coinrow/dev/records.py")
TYPES: dict[str, tuple[type, ...]] = {
    "graded": (str,),
    "row_shown": (bool,),
    "mistake": (str, type(None)),
    "order": (str, type(None)),
    "stated": (str, type(None)),
}  # each kept field's types: a record holding another is not current


def record_fingerprint() -> str:
    """The fingerprint the record is kept under: grading under the catalogue's options, on any Python,
    and the code that reads what the record keeps out of a grading (``READERS``)."""
    grading = fingerprint(CATALOGUE_CALL_LIMIT, CATALOGUE_PROFILE, any_python=True)
    return digest(REPO_ROOT, [REPO_ROOT / name for name in READERS], grading)


def _digest(entry: Entry) -> str:
    return hashlib.sha256(entry.path.read_bytes()).hexdigest()


def _key(entry: Entry) -> str:
    return f"{entry.verdict}/{entry.slug}/{entry.path.name}"


def _read(record: Path) -> tuple[str | None, dict[str, dict[str, object]]]:
    """The record's fingerprint and its entries; (None, {}) for a missing or unreadable file."""
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        kept = data["entries"]
        return str(data["fingerprint"]), kept if isinstance(kept, dict) else {}
    except (OSError, ValueError, KeyError, TypeError):
        return None, {}


def _holds(was: object, digest_now: str) -> TypeGuard[dict[str, object]]:
    """``was`` (an entry of the file) is of the entry's file as it is now, with every field of its type."""
    if not isinstance(was, dict) or was.get("digest") != digest_now:
        return False
    return all(key in was and isinstance(was[key], types) for key, types in TYPES.items())


def recorded(chosen: Iterable[Entry], record: Path = RECORD) -> dict[Entry, Recorded]:
    """The entries of ``chosen`` that ``record`` holds current, and what it holds of each."""
    printed, kept = _read(record)
    if printed != record_fingerprint():
        return {}
    found = {}
    for entry in chosen:
        was = kept.get(_key(entry))
        if _holds(was, _digest(entry)):
            found[entry] = Recorded(entry, **{k: was[k] for k in TYPES})  # type: ignore[arg-type]
    return found


def not_current(chosen: list[Entry], record: Path = RECORD) -> str:
    """One line saying why ``record`` is not current for ``chosen``, naming ``RENEW``; "" when it is."""
    printed, kept = _read(record)
    name = "tests/catalogue/graded.json" if record == RECORD else str(record)
    if printed is None:
        why = "is missing or unreadable"
    elif printed != record_fingerprint():
        why = "was graded under another grader, suite, grading options or packages"
    else:
        held = recorded(chosen, record)
        stale = [e for e in chosen if e not in held]
        gone = set(kept) - {_key(e) for e in chosen}
        if not stale and not gone:
            return ""
        named = [_key(e) for e in stale] + [f"{key} (removed)" for key in sorted(gone)]
        shown = ", ".join(named[:3]) + (f" and {len(named) - 3} more" if len(named) > 3 else "")
        why = f"does not hold {len(named)} of its entries as they are now: {shown}"
    return f"{name} {why}: renew it with {RENEW}"


def renew(
    chosen: list[Entry],
    record: Path = RECORD,
    grade_with: Callable[[list[Entry]], Iterable[Outcome]] = grade_all,
) -> list[Recorded]:
    """Grade the entries of ``chosen`` that ``record`` does not hold current, and write ``record`` with
    every entry of ``chosen`` (entries not in ``chosen`` are dropped).

    Returns what was recorded of the entries graded now, in ``chosen``'s order. An entry whose run the
    driver had to stop is not recorded, so the record stays not current until it is renewed again.
    """
    printed = record_fingerprint()  # taken before grading, as the digests: an edit meanwhile leaves it stale
    digests = {e: _digest(e) for e in chosen}
    found = recorded(chosen, record)
    to_grade = [e for e in chosen if e not in found]
    graded = [o for o in grade_with(to_grade) if not o.stopped]
    found.update({o.entry: o.recorded() for o in graded})
    entries_kept = {
        _key(e): {"digest": digests[e], **{k: v for k, v in asdict(found[e]).items() if k in TYPES}}
        for e in chosen
        if e in found
    }
    text = json.dumps({"fingerprint": printed, "entries": entries_kept}, indent=1, sort_keys=True)
    if not record.exists() or record.read_text(encoding="utf-8") != text + "\n":
        record.write_text(text + "\n", encoding="utf-8")
    return [found[o.entry] for o in graded]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``coinrow dev records [--check]``."""
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 with one line when the record is not current",
    )


def run(args: argparse.Namespace) -> int:
    """``coinrow dev records``: renew the record (grade only what is not current); ``--check``: say whether
    it is current, writing nothing (exit 1 and one line when it is not)."""
    chosen = entries()
    if args.check:
        line = not_current(chosen)
        print(line or f"tests/catalogue/graded.json holds all {len(chosen)} catalogue entries as graded now")
        return 1 if line else 0
    before = len(recorded(chosen))
    print(f"grading the {len(chosen) - before} of {len(chosen)} catalogue entries the record does not hold")
    for kept in renew(chosen):
        print(f"  {_key(kept.entry)}: {kept.graded}" + (f", {kept.mistake}" if kept.mistake else ""))
    line = not_current(chosen)
    print(line or "tests/catalogue/graded.json written: commit it with the change that made it stale")
    return 1 if line else 0
