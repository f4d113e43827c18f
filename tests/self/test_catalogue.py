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
