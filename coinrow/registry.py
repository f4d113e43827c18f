"""The registry: the single list of formulations that tests, tools and READMEs read.

Each formulation lives in ``<impl>/<slug>/<slug>.py`` under both ``problems/``
(the learner's stubs) and ``solutions/`` (the references).
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from coinrow import tables
from coinrow.cost import Cost, Order
from coinrow.quantity import DIFFERENCE, FIRST, LINE, PARITY, TOTALS, Quantity

REPO_ROOT = Path(__file__).resolve().parent.parent
IMPLS = {"problems": REPO_ROOT / "problems", "solutions": REPO_ROOT / "solutions"}


@dataclass(frozen=True)
class SpeedCheck:
    """A row length at which the slow way fails a CPU-time limit the kata's point meets easily."""

    n: int
    cpu_seconds: float  # CPU time, never wall time: a busy machine must not fail a right answer
    needs: str  # what the limit asks for, in the learner's words: "NumPy speed", "O(n) work"


@dataclass(frozen=True)
class Formulation:
    """What one kata asks for, and the facts its README and the tools show."""

    slug: str
    title: str
    functions: tuple[str, ...]  # the first one returns the graded value
    returns: Quantity  # what the value function returns: coinrow.quantity
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

    @property
    def fills_table(self) -> bool:
        """True when it fills an n x n interval table of its own (``table``)."""
        return self.table is not None

    @property
    def value_function(self) -> str:
        """The function whose return value is graded against the optimal totals."""
        return self.functions[0]


FORMULATIONS: tuple[Formulation, ...] = (
    Formulation(
        slug="difference_dp",
        title="Score-difference interval DP",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="any n",
        state="D[i][j] = mover's total minus the other's, on coins i..j",
        recurrence="D[i][j] = max(a[i] - D[i+1][j], a[j] - D[i][j-1])",
        base="D[i][i] = a[i]",
        answer="D[0][n-1] = difference",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC),
        source="LeetCode 486 'Predict the Winner' (negamax on the score difference)",
        table=tables.DIFFERENCE_TABLE,
    ),
    Formulation(
        slug="min_of_opponent_dp",
        title="Min-of-opponent DP",
        functions=("first_player_total",),
        returns=FIRST,
        domain="any n",
        state="F[i][j] = the mover's total on coins i..j",
        recurrence="F[i][j] = max(a[i] + min(F[i+2][j], F[i+1][j-1]), a[j] + min(F[i+1][j-1], F[i][j-2]))",
        base="F of an empty interval = 0",
        answer="F[0][n-1] = first",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC),
        source="GeeksforGeeks 'Optimal Strategy for a Game' (the opponent leaves you the minimum)",
        table=tables.MIN_OF_OPPONENT_TABLE,
    ),
    Formulation(
        slug="prefix_sum_dp",
        title="Prefix-sum DP",
        functions=("first_player_total",),
        returns=FIRST,
        domain="any n",
        state="F[i][j] = the mover's total on coins i..j; S = prefix sums",
        recurrence="F[i][j] = max(a[i] + sum(i+1..j) - F[i+1][j], a[j] + sum(i..j-1) - F[i][j-1])",
        base="F[i][i] = a[i]",
        answer="F[0][n-1] = first",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC, "+ O(n) prefix sums"),
        source="Stone Game discussions: what the opponent does not take, you get",
        table=tables.PREFIX_SUM_TABLE,
    ),
    Formulation(
        slug="paired_tuple_dp",
        title="Paired-tuple DP",
        functions=("player_totals",),
        returns=TOTALS,
        domain="any n",
        state="P[i][j] = (mover's total, other's total) on coins i..j",
        recurrence=(
            "P[i][j] = (a[i] + P[i+1][j].other, P[i+1][j].mover)"
            " or the same from the right, whichever gives the mover more"
        ),
        base="P[i][i] = (a[i], 0)",
        answer="P[0][n-1] = (first, second)",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC, "pairs"),
        source="Tushar Roy, 'Optimal Strategy Game Pick from Ends of Array' (a pair in each cell)",
        table=tables.PAIR_TABLE,
    ),
    Formulation(
        slug="parity_strategy",
        title="Parity strategy",
        functions=("parity_guarantee", "parity_move"),
        returns=PARITY,
        domain="even n only",
        state="the two position classes: even indices, odd indices",
        recurrence="guarantee = max(sum a[0::2], sum a[1::2]); always take the end in the chosen class",
        base="n = 0: guarantee 0",
        answer="the chosen class's sum: a guarantee, not the optimum",
        time=Cost(Order.LINEAR),
        space=Cost(Order.LINEAR, "for the two slices (O(1) with a loop)"),
        source="The parity argument of LeetCode 877 'Stone Game'; P. Winkler, 'Mathematical Puzzles'",
    ),
    Formulation(
        slug="top_down_memo",
        title="Top-down memoisation",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="any n; recursion depth n",
        state="best(i, j) = mover's difference on coins i..j, cached",
        recurrence="best(i, j) = max(a[i] - best(i+1, j), a[j] - best(i, j-1))",
        base="best(i, j) = 0 when i > j",
        answer="best(0, n-1) = difference",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC, "cache + O(n) stack"),
        source="LeetCode 486 recursive solution with functools.lru_cache",
        table=tables.MEMO_TABLE,
    ),
    Formulation(
        slug="brute_force",
        title="Brute force (the exponential game tree)",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="n <= 16 (about 2**n lines)",
        state="the coins still on the table, as a slice",
        recurrence="best(row) = max(row[0] - best(row[1:]), row[-1] - best(row[:-1]))",
        base="best([]) = 0",
        answer="best(coins) = difference",
        time=Cost(Order.EXPONENTIAL),
        space=Cost(Order.LINEAR, "recursion depth (O(n^2) with the slices)"),
        source="Minimax in negamax form over the whole game tree, no memo: the oracle one writes first",
        bonus=True,
        max_n=16,
    ),
    Formulation(
        slug="rolling_array",
        title="Rolling-array difference DP",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="any n",
        state="d[j] = D[i][j] for the current start i, one row updated in place",
        recurrence="d[j] = max(a[i] - d[j], a[j] - d[j-1]), i from n-2 down to 0, j from i+1 up",
        base="d[j] = a[j] (row i = j of the table)",
        answer="d[n-1] after row 0 = difference",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.LINEAR),
        source="LeetCode 486 'Predict the Winner' with the table rolled into one row",
        bonus=True,
    ),
    Formulation(
        slug="vectorised_dp",
        title="Vectorised difference DP (NumPy, one interval length at a time)",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="any n; int64 when sum(|a|) <= 2**63 - 1, exact Python ints otherwise",
        state="d[i] = D[i][i+L-1] for every start i, at interval length L",
        recurrence="d = maximum(a[:n-L+1] - d[1:], a[L-1:] - d[:-1])",
        base="d = a (length 1)",
        answer="d[0] at length n = difference",
        time=Cost(Order.QUADRATIC, "element operations, O(n) NumPy calls"),
        space=Cost(Order.LINEAR),
        source="LeetCode 486 table filled by anti-diagonals, as array expressions",
        bonus=True,
        int64=True,
        # CPU seconds at n = 10**4: the reference 0.10; the same loop on Python-int (object) arrays 2.7.
        # Timed on small coins and on coins summing to exactly 2**63 - 1 (int64 must still be used).
        speed=SpeedCheck(n=10**4, cpu_seconds=1.0, needs="NumPy speed"),
    ),
    Formulation(
        slug="linear_reduction",
        title="Linear-time peak reduction",
        functions=("score_difference",),
        returns=DIFFERENCE,
        domain="any n, odd or even, any ints",
        state="a stack of reduced values; no peak x <= y >= z among the top three",
        recurrence="while top three x <= y >= z: replace them by x - y + z",
        base="an empty stack; the reduced row falls then rises",
        answer="both players take the larger end of the reduced row: the difference",
        time=Cost(Order.LINEAR),
        space=Cost(Order.LINEAR),
        source='T. Idziaszek, "An Optimal Algorithm for Calculating the Profit in the Coins in a Row Game"',
        bonus=True,
        # CPU seconds at n = 10**6: the reference 0.15; an O(n^2) answer (10**12 steps) never finishes
        speed=SpeedCheck(n=10**6, cpu_seconds=2.0, needs="O(n) work"),
    ),
    Formulation(
        slug="optimal_moves",
        title="Optimal line of play (move reconstruction)",
        functions=("optimal_line",),
        returns=LINE,
        domain="any n",
        state="D[i][j] = mover's difference on coins i..j, then a walk from (0, n-1)",
        recurrence="take left if a[i] - D[i+1][j] == D[i][j], else right",
        base="D[i][i] = a[i]",
        answer="the n ends taken, first player's move first",
        time=Cost(Order.QUADRATIC),
        space=Cost(Order.QUADRATIC),
        source="LeetCode 486 table plus the standard reconstruction of a DP's decisions",
        bonus=True,
    ),
)

CORE = tuple(f for f in FORMULATIONS if not f.bonus)


def resolve_impl(impl: str) -> Path | None:
    """The folder for ``impl``: ``problems``, ``solutions`` or a folder path; None if no such folder."""
    path = IMPLS.get(impl, Path(impl))
    return path if path.is_dir() else None


def by_slug(slug: str) -> Formulation:
    """The formulation called ``slug``.

    Raises:
        KeyError: with the known slugs, if ``slug`` is unknown.
    """
    for formulation in FORMULATIONS:
        if formulation.slug == slug:
            return formulation
    known = ", ".join(f.slug for f in FORMULATIONS)
    raise KeyError(f"unknown formulation {slug!r}; known: {known}")


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
