"""The one way an attempt is graded: ``grade``, which ``make test``, the catalogue, mutation testing and
``compare`` all call.

Each formulation of each folder is graded by the shared suite in a child process of
its own (``coinrow.grader.run.driver``), ``jobs`` at a time. With the cache in use, a
folder's formulations whose attempt is unchanged since it was last graded, under the
same fingerprint (``coinrow.grader.records.fingerprint``), are taken from its progress cache
(``coinrow.grader.records.progress``) instead of graded again. A file that is the stub as
shipped, byte for byte (``coinrow.grader.records.stubs``), is "not attempted" without a child.
A caller with threads of its own gets the driver in a fresh process
(``coinrow.grader.run.spawned``): no child is ever forked from a threaded process.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from coinrow.game.registry import FORMULATIONS, source_file
from coinrow.game.settings import CALL_LIMIT, WORKERS
from coinrow.grader.records.fingerprint import fingerprint
from coinrow.grader.records.progress import Progress, attempt_hash, attempt_key
from coinrow.grader.records.results import Result
from coinrow.grader.records.stubs import below_the_raise, shipped_stubs
from coinrow.grader.run.child import Job, Options, Primed, prime
from coinrow.grader.run.driver import run_jobs
from coinrow.grader.run.spawned import has_other_threads, run_jobs_spawned

# "use": take from the cache what still holds, keep what is graded; "refresh": grade every formulation
# asked for (every one when none is named), keep it; "off": neither read nor write the cache
Cache = Literal["use", "refresh", "off"]


def grade(
    attempts: Mapping[Path, Collection[str]],
    *,
    call_limit: float = CALL_LIMIT,
    profile: str = "kata",
    exit_first: bool = False,
    jobs: int = WORKERS,
    cache: Cache = "use",
    on_done: Callable[[Path, Result], None] | None = None,
    primed: Primed | None = None,
    on_values: Callable[[Path, Result], None] | None = None,
) -> dict[Path, dict[str, Result]]:
    """Grade the attempts in each folder (laid out like ``problems/``) and return every result shown.

    Args:
        attempts: each folder with the slugs to grade in it. Slugs named are always graded, and
            with the cache in use every other formulation is shown from it: as cached, or as
            "not graded" when changed since. No slug: every formulation not in the cache (every
            one when the cache is refreshed or off). A stub as shipped is shown "not attempted",
            never graded, whatever the cache.
        call_limit: CPU seconds per graded call.
        profile: the hypothesis profile the suite runs under.
        exit_first: stop each formulation at its first failure (a verdict, not a full count).
        jobs: child processes at once, at least 1.
        cache: the progress cache policy (``Cache``): "use", "refresh" or "off".
        on_done: called with the folder and the result as each child ends.
        on_values: called with the folder and the result of a kata's value checks as soon as they are all
            recorded, before its growth check ends (``run.driver.run_jobs``); by a caller with threads of
            its own (whose driver runs in a fresh process), never.
        primed: a child started ahead (``coinrow.grader.run.child.prime``; ``make watch``): it grades the
            job it fits, if one is to run; it is closed in any case.

    Returns:
        By folder (as given), each formulation's result by slug, in the registry's order.

    Raises:
        KeyboardInterrupt: interrupted, or ended by SIGTERM or SIGHUP; every child is ended first.
    """
    key = fingerprint(call_limit, profile, exit_first)
    plan = _plan(attempts, key, cache, lambda folder: _options(folder, call_limit, profile, exit_first))
    before = {job.key: attempt_hash(plan.folders[job.key], job.slug) for job in plan.to_run}

    def each_done(job_key: str, result: Result) -> None:
        if on_done is not None:
            on_done(plan.folders[job_key], result)

    def each_valued(job_key: str, result: Result) -> None:
        if on_values is not None:
            on_values(plan.folders[job_key], result)

    done = _run(plan.to_run, jobs, each_done, primed, each_valued if on_values is not None else None)
    for job in plan.to_run:
        folder, result = plan.folders[job.key], done[job.key]
        plan.shown[folder][job.slug] = result
        # an attempt saved again while it was graded is not kept: which version ran is unknown
        if folder in plan.kept and attempt_hash(folder, job.slug) == before[job.key]:
            plan.kept[folder].put(result, attempt_key(folder, job.slug, key), before[job.key])
    for progress in plan.kept.values():
        progress.save()
    for folder, found in plan.shown.items():
        for slug, result in found.items():
            if result.status in ("not attempted", "in progress"):
                result.below_raise = _below_raise(folder, slug)
    order = {f.slug: k for k, f in enumerate(FORMULATIONS)}
    return {
        folder: dict(sorted(found.items(), key=lambda item: order[item[0]]))
        for folder, found in plan.shown.items()
    }


def _below_raise(folder: Path, slug: str) -> tuple[str, ...]:
    """The attempt's functions with code under their first ``raise NotImplementedError``."""
    try:
        return below_the_raise(source_file(folder, slug).read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return ()


@dataclass
class _Plan:
    """What ``grade`` shows without grading (stubs, the cache), and the jobs it runs."""

    shown: dict[Path, dict[str, Result]] = field(default_factory=dict)
    kept: dict[Path, Progress] = field(default_factory=dict)  # each folder's progress cache, unless off
    to_run: list[Job] = field(default_factory=list)
    folders: dict[str, Path] = field(default_factory=dict)  # by job key


def _plan(
    attempts: Mapping[Path, Collection[str]], key: str, cache: Cache, options_for: Callable[[Path], Options]
) -> _Plan:
    """Decide, folder by folder, what is shown as shipped or cached and what is graded (``grade``'s rules)."""
    plan = _Plan()
    for number, (folder, chosen) in enumerate(attempts.items()):
        plan.shown[folder] = {}
        if cache != "off":
            plan.kept[folder] = Progress(folder)
        options = options_for(folder)
        shown_at_all = [f.slug for f in FORMULATIONS if f.slug in chosen or not chosen or folder in plan.kept]
        stubs = shipped_stubs(folder, shown_at_all)
        for formulation in FORMULATIONS:
            slug = formulation.slug
            if slug in stubs:
                plan.shown[folder][slug] = Result(slug, [])  # no record at all: "not attempted"
                continue
            progress = plan.kept.get(folder)
            cached = progress.get(slug, attempt_key(folder, slug, key)) if progress is not None else None
            if slug in chosen or (not chosen and (cache == "refresh" or cached is None)):
                plan.to_run.append(Job(f"{number}/{slug}", slug, options))
                plan.folders[f"{number}/{slug}"] = folder
            elif cached is not None:
                plan.shown[folder][slug] = cached
            elif progress is not None:  # as last graded under other options, or changed since: stale
                plan.shown[folder][slug] = progress.last_graded(slug) or Result(slug, [], stale=True)
    return plan


def _run(
    to_run: list[Job],
    jobs: int,
    each_done: Callable[[str, Result], None],
    primed: Primed | None,
    each_valued: Callable[[str, Result], None] | None,
) -> dict[str, Result]:
    """Run the jobs through the driver, here or, for a caller with threads, in a fresh process."""
    if to_run and not has_other_threads():
        return run_jobs(to_run, jobs, each_done, primed, each_valued)
    if primed is not None:
        primed.close()
    return run_jobs_spawned(to_run, jobs, each_done) if to_run else {}


def prime_for(folder: Path, slug: str, *, call_limit: float = CALL_LIMIT, jobs: int = WORKERS) -> Primed:
    """A child primed to grade ``slug`` in ``folder`` as ``grade`` called with the same arguments would
    (``coinrow.grader.run.child.prime``): passed to it as ``primed``, it grades that kata once told to go."""
    job = Job(f"0/{slug}", slug, _options(folder, call_limit, "kata", False))
    return prime(job, spare_core=jobs > 1)  # one job beside ``jobs`` workers, as ``run_jobs`` sees it


def _options(folder: Path, call_limit: float, profile: str, exit_first: bool) -> Options:
    """The folder made absolute, its links kept: a folder that is, or sits behind, a link to ``solutions/``
    is graded as anyone's (``provenance.linked_reference``)."""
    return Options(Path(os.path.abspath(folder)), call_limit, profile, exit_first)
