"""The grader rejects every catalogued mistake and accepts every catalogued correct alternative."""

import pytest

from coinrow.catalogue import Entry, Outcome, entries, grade_all

ENTRIES = entries()
OUTCOMES: dict[Entry, Outcome] = {}  # read by tests/self/conftest.py for the power line


@pytest.fixture(scope="session")
def outcomes() -> dict[Entry, Outcome]:
    if not OUTCOMES:
        OUTCOMES.update({o.entry: o for o in grade_all(ENTRIES)})
    return OUTCOMES


def test_the_catalogue_covers_every_kind_of_entry() -> None:
    assert {e.verdict for e in ENTRIES} == {"wrong", "right"}


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.verdict}-{e.slug}-{e.name}" for e in ENTRIES])
def test_entry_is_graded_as_catalogued(outcomes: dict[Entry, Outcome], entry: Entry) -> None:
    outcome = outcomes[entry]
    assert outcome.as_expected, (
        f"{entry.path.name} ({entry.description}) was graded '{outcome.status}' {outcome.message}"
    )
    if entry.verdict == "wrong":
        assert outcome.message, "a rejected answer must come with its smallest failing row"


# What the grader must say a catalogued mistake likely is (checked by name, on the smallest failing row).
EXPECTED_HINTS = {
    ("difference_dp", "greedy"): "greedy",
    ("difference_dp", "plus_for_minus"): "added instead of subtracted",
    ("difference_dp", "min_for_max"): "minimises instead of maximising",
    ("difference_dp", "missing_base_case"): "missing base case",
    ("difference_dp", "returns_first"): "the wrong quantity: this is first",
    ("min_of_opponent_dp", "greedy"): "greedy",
    ("paired_tuple_dp", "pair_swapped"): "the pair swapped",
    ("top_down_memo", "module_level_cache"): "state is kept between calls",
    ("top_down_memo", "no_memo"): "exponential work",
    ("parity_strategy", "returns_optimum"): "optimal total",
}


@pytest.mark.parametrize(
    ("slug", "name"), sorted(EXPECTED_HINTS), ids=[f"{s}-{n}" for s, n in sorted(EXPECTED_HINTS)]
)
def test_the_likely_mistake_named_is_the_real_one(
    outcomes: dict[Entry, Outcome], slug: str, name: str
) -> None:
    outcome = next(o for e, o in outcomes.items() if (e.slug, e.name) == (slug, name))
    assert EXPECTED_HINTS[slug, name] in outcome.hint, f"{slug}/{name}: {outcome.message} / {outcome.hint!r}"
