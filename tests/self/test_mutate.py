"""make mutate's own logic: the equivalents file is true, the sample is fixed, a bad mutant is killed."""

from coinrow.dev.mutants import Mutant, load_equivalents, mutants, sample
from coinrow.dev.mutate import grade_mutant, is_killed
from coinrow.game.registry import IMPLS, source_file


def test_every_listed_equivalent_is_still_made_and_has_a_reason() -> None:
    listed = load_equivalents()
    assert listed, "the file parses to no entry at all"
    for slug in {e.slug for e in listed}:
        mine = [e for e in listed if e.slug == slug]
        code = source_file(IMPLS["solutions"], slug).read_text(encoding="utf-8").splitlines()
        firsts = {e.before.split(" / ")[0] for e in mine}  # the first line each one changes
        lines = [number for number, text in enumerate(code, 1) if text.strip() in firsts]
        keys = {m.key for m in mutants(slug, lines)}
        for equivalent in mine:
            assert equivalent.reason.strip(), f"{equivalent.key}: no reason given"
            gone = f"{equivalent.key} is no longer made: the reference changed; remove it"
            assert equivalent.key in keys, gone


def test_the_mutants_of_some_lines_are_those_of_all_on_those_lines() -> None:
    every = mutants("difference_dp")
    lines = sorted({m.line for m in every})[1:3]
    assert {m.key for m in mutants("difference_dp", lines)} >= {m.key for m in every if m.line in lines}


def test_the_sample_is_fixed_and_takes_every_changed_line_first() -> None:
    made = mutants("parity_strategy")
    lines = {m.line for m in made}
    first = sample(made, len(lines) + 3, seed="parity_strategy")
    assert first == sample(made, len(lines) + 3, seed="parity_strategy")
    assert len(set(first)) == len(lines) + 3
    assert {m.line for m in first[: len(lines)]} == lines


def test_a_mutant_is_named_by_the_line_it_changes() -> None:
    made = mutants("difference_dp")
    flipped = [m for m in made if m.after == "d[i][j] = max(coins[i] + d[i + 1][j], coins[j] - d[i][j - 1])"]
    assert [(m.before, m.operator) for m in flipped] == [
        (
            "d[i][j] = max(coins[i] - d[i + 1][j], coins[j] - d[i][j - 1])",
            "core/ReplaceBinaryOperator_Sub_Add",
        )
    ]


def test_an_obviously_bad_mutant_is_killed_and_the_reference_is_not() -> None:
    """Taking the left coin adds the opponent's difference instead of subtracting it."""
    bad: Mutant = next(m for m in mutants("difference_dp") if m.after.startswith("d[i][j] = max(coins[i] +"))
    assert is_killed(bad)
    assert not grade_mutant(IMPLS["solutions"], "difference_dp")
