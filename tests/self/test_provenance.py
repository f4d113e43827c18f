"""Is the graded code the learner's own: a submission that is, or sits behind, a link to the references is
graded as anyone's, and each of its files, a link into ``solutions/``, is not graded."""

from __future__ import annotations

from pathlib import Path

import pytest

from coinrow.game.registry import IMPLS, source_file
from coinrow.grader.executor.provenance import linked_reference
from coinrow.grader.run.grade import grade

REFERENCES = IMPLS["solutions"]


def test_the_references_from_their_own_folder_are_graded_as_themselves() -> None:
    assert linked_reference(source_file(REFERENCES, "difference_dp"), REFERENCES) is None


def test_a_submission_that_is_a_link_to_the_references_is_not_graded(tmp_path: Path) -> None:
    submission = tmp_path / "submission"
    submission.symlink_to(REFERENCES, target_is_directory=True)
    said = linked_reference(source_file(submission, "difference_dp"), submission)
    assert said == "difference_dp.py is a link into solutions/: the grader grades only what you write"


def test_the_references_behind_a_linked_folder_are_not_graded(tmp_path: Path) -> None:
    (tmp_path / "repository").symlink_to(REFERENCES.parent, target_is_directory=True)
    submission = tmp_path / "repository" / "solutions"
    said = linked_reference(source_file(submission, "paired_tuple_dp"), submission)
    assert said == "paired_tuple_dp.py is a link into solutions/: the grader grades only what you write"


def test_a_learners_own_file_is_graded(tmp_path: Path) -> None:
    own = tmp_path / "difference_dp" / "difference_dp.py"
    own.parent.mkdir()
    own.write_text("def score_difference(coins):\n    return 0\n", encoding="utf-8")
    assert linked_reference(own, tmp_path) is None


@pytest.mark.xdist_group("driver")  # as the driver's tests: one at a time, each looks for leftovers
def test_a_folder_linked_to_the_references_is_not_graded_end_to_end(tmp_path: Path) -> None:
    """Graded through the driver (``coinrow test --impl=<link>``), which once resolved the folder first."""
    submission = tmp_path / "submission"
    submission.symlink_to(REFERENCES, target_is_directory=True)
    results = grade({submission: ["brute_force"]}, cache="off", jobs=1)
    (result,) = (r for r in next(iter(results.values())).values() if r.slug == "brute_force")
    assert result.status == "failing"
    assert any("brute_force.py is a link into solutions/" in f.message for f in result.failures())
