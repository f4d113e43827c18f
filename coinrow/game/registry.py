"""The registry: the single list of formulations that tests, tools and READMEs read.

Each formulation lives in ``<impl>/<slug>/<slug>.py`` under both ``problems/``
(the learner's stubs) and ``solutions/`` (the references). Their facts are data,
in ``coinrow/game/data/formulations.toml``: this module reads them into ``Formulation``
objects, naming a quantity, an order of growth and a table by its key.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from coinrow.game import tables
from coinrow.game.cost import Cost, Order
from coinrow.game.quantity import DIFFERENCE, FIRST, LINE, PARITY, TOTALS, Quantity

REPO_ROOT = Path(__file__).resolve().parents[2]
# COINROW_PROBLEMS: the folder ``problems`` names; the repository's own checks point it at the stubs as
# committed, so that no command they run ever reads (or runs) a learner's attempts or progress
PROBLEMS = REPO_ROOT / "problems"  # this clone's stubs and task READMEs, as git tracks them
IMPLS = {
    "problems": Path(os.environ.get("COINROW_PROBLEMS") or PROBLEMS),
    "solutions": REPO_ROOT / "solutions",
}


@dataclass(frozen=True)
class SpeedCheck:
    """A row length at which the slow way fails a CPU-time limit the kata's point meets easily."""

    n: int
    cpu_seconds: float  # CPU time, never wall time: a busy machine must not fail a right answer
    needs: str  # what the limit asks for, in the learner's words: "NumPy speed", "O(n) work"


@dataclass(frozen=True)
class MemoryCheck:
    """A row length at which the peak memory ``tracemalloc`` traces must stay under a bound, and the growth
    of the process tree's resident memory over a whole untraced call, read by the kernel, under another:
    room for a few rows of n, none for an n x n table."""

    n: int
    bytes: int
    traced_seconds: float  # CPU seconds the call is traced for, from its start (tracing slows it down)
    resident_bytes: int  # the most the tree may grow by over an untraced call (memory tracing cannot see)


@dataclass(frozen=True)
class Formulation:
    """What one kata asks for, and the facts its README and the tools show."""

    slug: str
    title: str
    functions: tuple[str, ...]  # the first one returns the graded value
    returns: Quantity  # what the value function returns: coinrow.game.quantity
    domain: str
    state: str
    recurrence: str
    base: str
    answer: str
    time: Cost
    space: Cost
    source: str
    bonus: bool = False
    max_n: int | None = None  # graded only on rows up to this length (an exponential kata)
    table: tables.TableKind | None = None  # the n x n interval table it fills, which the tools can draw
    int64: bool = False  # computes in int64 while the sums fit: graded at the exact edges of int64
    speed: SpeedCheck | None = None  # the kata's point is speed: graded at a size where the slow way fails
    memory: MemoryCheck | None = None  # the kata's point is memory: its traced peak at one size is bounded
    # (function, when it must raise ValueError with a message, in words): the task's errors, each graded
    raises: tuple[tuple[str, str], ...] = ()
    mistakes: tuple[
        str, ...
    ] = ()  # families of mistakes of its own method (coinrow.grader.diagnosis.mistakes)

    @property
    def fills_table(self) -> bool:
        """True when it fills an n x n interval table of its own (``table``)."""
        return self.table is not None

    @property
    def value_function(self) -> str:
        """The function whose return value is graded against the optimal totals."""
        return self.functions[0]


DATA_FILE = Path(__file__).resolve().parent / "data" / "formulations.toml"
QUANTITIES: dict[str, Quantity] = {q.key: q for q in (DIFFERENCE, FIRST, TOTALS, PARITY, LINE)}
TABLES: dict[str, tables.TableKind] = {
    "difference": tables.DIFFERENCE_TABLE,
    "memo": tables.MEMO_TABLE,
    "min_of_opponent": tables.MIN_OF_OPPONENT_TABLE,
    "prefix_sum": tables.PREFIX_SUM_TABLE,
    "pair": tables.PAIR_TABLE,
}


def _cost(facts: str | dict[str, str]) -> Cost:
    """``"O(n^2)"`` or ``{order = "O(n^2)", detail = "pairs"}`` as a ``Cost``.

    Raises:
        ValueError: not one of the orders of ``Order``.
    """
    if isinstance(facts, str):
        return Cost(Order(facts))
    return Cost(Order(facts["order"]), facts.get("detail", ""))


def formulation_from(facts: dict[str, Any]) -> Formulation:
    """One ``[[formulation]]`` of the data file as a ``Formulation``, its keys resolved to objects.

    Raises:
        KeyError: an unknown quantity or table, or a missing ``order``.
        ValueError: an unknown order of growth.
        TypeError: a fact missing, or one ``Formulation`` does not know.
    """
    resolved = {**facts, "functions": tuple(facts["functions"]), "returns": QUANTITIES[facts["returns"]]}
    resolved["mistakes"] = tuple(facts.get("mistakes", ()))
    resolved["time"], resolved["space"] = _cost(facts["time"]), _cost(facts["space"])
    if "table" in facts:
        resolved["table"] = TABLES[facts["table"]]
    if "speed" in facts:
        resolved["speed"] = SpeedCheck(**facts["speed"])
    if "memory" in facts:
        resolved["memory"] = MemoryCheck(**facts["memory"])
    resolved["raises"] = tuple(facts.get("raises", {}).items())
    return Formulation(**resolved)


def load_formulations(path: Path = DATA_FILE) -> tuple[Formulation, ...]:
    """The formulations the data file at ``path`` lists, in its order.

    Raises:
        OSError: the file cannot be read.
        tomllib.TOMLDecodeError: it is no valid TOML.
        KeyError, ValueError, TypeError: a formulation in it is not well formed (see ``formulation_from``).
    """
    with path.open("rb") as data:
        return tuple(formulation_from(facts) for facts in tomllib.load(data)["formulation"])


FORMULATIONS: tuple[Formulation, ...] = load_formulations()

CORE = tuple(f for f in FORMULATIONS if not f.bonus)


class NoSuchFolder(ValueError):
    """The code to run names no folder; ``str()`` says what to name instead, for a caller to put after the
    setting it was given as."""


def resolve_impl(impl: str) -> Path:
    """The folder of the code to run, the one resolver every command and the grading plugin use.

    Args:
        impl: ``problems`` (``IMPLS``), ``solutions`` or a folder path, as given.

    Raises:
        NoSuchFolder: if there is no such folder.
    """
    path = IMPLS.get(impl, Path(impl))
    if not path.is_dir():
        raise NoSuchFolder("no such folder (use problems, solutions or a folder laid out like them)")
    return path


def by_slug(slug: str) -> Formulation:
    """The formulation called ``slug``.

    Raises:
        KeyError: with the closest known slug, if one is close (``difflib``), and every known one, if
            ``slug`` is unknown.
    """
    for formulation in FORMULATIONS:
        if formulation.slug == slug:
            return formulation
    slugs = [f.slug for f in FORMULATIONS]
    close = difflib.get_close_matches(slug, slugs, n=1)
    guess = f"did you mean {close[0]}? " if close else ""
    raise KeyError(f"unknown formulation {slug!r}; {guess}known: {', '.join(slugs)}")


def source_file(impl_dir: Path, slug: str) -> Path:
    """``<impl_dir>/<slug>/<slug>.py``."""
    return impl_dir / slug / f"{slug}.py"


def load_module(impl_dir: Path, slug: str) -> ModuleType:
    """Import ``<impl_dir>/<slug>/<slug>.py`` afresh, under a name unique to its folder.

    Raises:
        FileNotFoundError: if the file is missing.
        Exception: whatever the module raises while it is imported.
    """
    path = source_file(impl_dir, slug)
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing")
    name = f"_kata_{abs(hash(str(impl_dir.resolve())))}_{slug}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
