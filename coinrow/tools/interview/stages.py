"""The interview's stages, in the order they are asked: the one list, as data.

Each stage is graded by an existing kata of the registry (``coinrow.game.registry``):
the functions it asks for, its target orders of growth and its hints are that kata's.
Only the interviewer's words are written here. The opening question names no
formulation and gives no recurrence; each follow-up is revealed once the stage
before it is solved.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from coinrow.game.registry import PROBLEMS, REPO_ROOT, Formulation, by_slug, source_file
from coinrow.grader import NoCommittedStub, committed_stub


@dataclass(frozen=True)
class Stage:
    """One question of the interview: the kata that grades it and how the interviewer asks it."""

    slug: str  # the kata whose grading suite judges the answer
    title: str  # a few words for the report card
    question: str  # the interviewer's words, Markdown
    bonus: bool = False

    @property
    def formulation(self) -> Formulation:
        """The registry's facts of the kata that grades this stage."""
        return by_slug(self.slug)

    @property
    def functions(self) -> tuple[str, ...]:
        """The functions the answer file must define for this stage, the graded one first."""
        return self.formulation.functions

    @property
    def target(self) -> str:
        """The kata's target orders of growth, e.g. ``"O(n^2) time, O(n) space"``."""
        return f"{self.formulation.time.order.value} time, {self.formulation.space.order.value} space"


GAME = """\
A row of integer coins lies on the table. Two players take turns; on each turn the player to move takes one
coin from either end of the row and keeps it. Both play optimally, each maximising their own final total.
Call the first player's total `first`, the second player's `second`, and `difference = first - second`.

Rows have 0 to 1000 coins; a coin is any Python int (negative, zero, beyond 2**63). Never change the row
you are given (it may be a tuple).
"""

STAGES: tuple[Stage, ...] = (
    Stage(
        "difference_dp",
        "the score difference in O(n²)",
        "Given the row, what is `difference` when both players play optimally? Write "
        "`score_difference(coins)`. An empty row gives 0. I am looking for polynomial time: O(n²) is fine.",
    ),
    Stage(
        "rolling_array",
        "O(n) memory",
        "Good. How much memory does that take? Keep the O(n²) time, but use only O(n) memory: "
        "`score_difference(coins)` again, graded with n = 4000 under 1 MiB.",
    ),
    Stage(
        "optimal_moves",
        "the optimal line of moves",
        "Now I want the moves, not just the score. Write `optimal_line(coins)`: the end taken on each turn, "
        '`"left"` or `"right"`, first player first, when both play optimally.',
    ),
    Stage(
        "parity_strategy",
        "the parity guarantee for even n",
        "Suppose n is even. Is there a strategy, computable in O(n), with which the first player never "
        "loses? Write `parity_guarantee(coins)`, the total it guarantees the first player, and "
        "`parity_move(coins, left, right)`, its move on the coins `left..right` still on the table.",
    ),
    Stage(
        "top_down_memo",
        "top-down, memoised, to n = 1000",
        "Write `score_difference(coins)` top-down now: a recursion with memoisation. Does it survive "
        "n = 1000?",
    ),
    Stage(
        "linear_reduction",
        "bonus: O(n) time",
        "A bonus, if there is time: the score difference in O(n) time. `score_difference(coins)`, "
        "graded at n = 10**6.",
        bonus=True,
    ),
)


def function_stub(slug: str, name: str) -> str:
    """The kata's function ``name`` as a stub for the answer file: its signature, the first paragraph of its
    docstring (which says what it returns, not how), and ``raise NotImplementedError``.

    Read from the kata's stub as shipped (``coinrow.grader.records.stubs``), never from a learner's attempt in
    ``problems/``; without git, from the file there.

    Raises:
        KeyError: the stub defines no function ``name``.
        OSError: without git, the file cannot be read.

    >>> print(function_stub("difference_dp", "score_difference"))
    def score_difference(coins: Sequence[int]) -> int:
        \"\"\"Return ``difference`` = first - second when both players play optimally.\"\"\"
        raise NotImplementedError
    <BLANKLINE>
    """
    stub = source_file(PROBLEMS, slug)
    try:
        source = committed_stub(stub.relative_to(REPO_ROOT).as_posix())
    except NoCommittedStub:
        source = stub.read_text(encoding="utf-8")
    tree = ast.parse(source)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            summary = (ast.get_docstring(node) or "").split("\n\n")[0].replace("\n", " ")
            returns = f" -> {ast.unparse(node.returns)}" if node.returns else ""
            return (
                f"def {name}({ast.unparse(node.args)}){returns}:\n"
                f'    """{summary}"""\n    raise NotImplementedError\n'
            )
    raise KeyError(f"problems/{slug}/{slug}.py defines no function {name}")
