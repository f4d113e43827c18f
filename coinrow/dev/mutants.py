"""The mutants of a reference: cosmic-ray's operators applied one at a time, a sample of them spread
over the lines they change, and the checked-in equivalent mutants with their reasons
(``tests/mutation/equivalent.toml``). ``coinrow.dev.mutate`` grades them."""

from __future__ import annotations

import difflib
import random
import tomllib
import warnings
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from coinrow.game.registry import IMPLS, REPO_ROOT, source_file

EQUIVALENTS = REPO_ROOT / "tests" / "mutation" / "equivalent.toml"
SAMPLE = 20  # mutants per reference without --full: a few minutes for all of them on 2 cores


@dataclass(frozen=True)
class Mutant:
    """One small change to one reference, named by the line it changes (stable while the line stays)."""

    slug: str
    operator: str  # cosmic-ray's name, e.g. core/ReplaceComparisonOperator_LtE_Lt
    line: int  # the first line changed, 1-based
    before: str  # the changed lines as they were, stripped
    after: str  # the same lines after the change ("" when removed)
    source: str  # the whole mutated module

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.slug, self.before, self.after)


@dataclass(frozen=True)
class Equivalent:
    """A mutant the suite cannot kill because it keeps everything the kata grades, and why."""

    slug: str
    before: str
    after: str
    reason: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.slug, self.before, self.after)


def _changed_lines(code: str, mutated: str) -> tuple[int, str, str]:
    """The first changed line and the changed text before and after."""
    old, new = code.splitlines(), mutated.splitlines()
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            before = " / ".join(line.strip() for line in old[i1:i2])
            return i1 + 1, before, " / ".join(line.strip() for line in new[j1:j2])
    raise ValueError("the mutant is the reference itself")


def mutants(slug: str, lines: Collection[int] | None = None) -> list[Mutant]:
    """Every mutant cosmic-ray's operators make of the reference (those that compile), in file order.

    Args:
        slug: the reference.
        lines: if given, only the mutants of code spanning one of these lines (1-based): each
            mutant costs a parse of the module, so asking for a few lines is much faster.
    """
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.mutating import mutate_code
    from cosmic_ray.plugins import get_operator, operator_names

    code = source_file(IMPLS["solutions"], slug).read_text(encoding="utf-8")
    nodes = list(ast_nodes(get_ast(code)))
    made = []
    for name in operator_names():
        operator_class = get_operator(name)
        if operator_class.arguments():  # needs naming variables for one program: not a general operator
            continue
        operator = operator_class()
        spans = [(start[0], end[0]) for node in nodes for start, end in operator.mutation_positions(node)]
        for occurrence, (first, last) in enumerate(spans):
            if lines is not None and not any(first <= line <= last for line in lines):
                continue
            mutated = mutate_code(code, operator, occurrence)
            if mutated is None or mutated == code:
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", SyntaxWarning)  # e.g. `x is 0`: a mutant, still a program
                    compile(mutated, f"{slug}.py", "exec")
            except SyntaxError:
                continue  # not a program: tells nothing about the suite
            line, before, after = _changed_lines(code, mutated)
            made.append(Mutant(slug, name, line, before, after, mutated))
    return sorted(made, key=lambda m: (m.line, m.operator))


def sample(made: Sequence[Mutant], size: int, seed: str) -> list[Mutant]:
    """``size`` mutants, the same for the same seed, taken in turn from each changed line."""
    rng = random.Random(seed)
    by_line: dict[int, list[Mutant]] = {}
    for mutant in made:
        by_line.setdefault(mutant.line, []).append(mutant)
    for group in by_line.values():
        rng.shuffle(group)
    lines = sorted(by_line)
    rng.shuffle(lines)
    chosen: list[Mutant] = []
    while len(chosen) < min(size, len(made)):
        for line in lines:
            if by_line[line] and len(chosen) < size:
                chosen.append(by_line[line].pop())
    return chosen


def load_equivalents(path: Path = EQUIVALENTS) -> list[Equivalent]:
    """The checked-in equivalent mutants, each with its reason."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [
        Equivalent(e["formulation"], e["before"], e["after"], e["reason"]) for e in data.get("equivalent", [])
    ]
