"""Bad input: one line on stderr, exit status 2, never a traceback (through the real command line)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from coinrow.game.oracle import ORACLE_MAX_N
from coinrow.game.registry import FORMULATIONS, REPO_ROOT
from tests.self.commandline import MAKE_FAILED, coinrow, make

TOO_LONG = " ".join(["1"] * (ORACLE_MAX_N + 1))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["trace", "--row=5 x 7"], "'x' is not an integer"),
        (["trace", "--row=5 2.5 7"], "'2.5' is not an integer: coins are whole numbers"),
        (["compare", "--row=1e3 4"], "'1e3' is not an integer: coins are whole numbers"),
        (["trace", "--row=1 2 3", "--formulation=parity_strategy"], "needs an even number of coins, got 3"),
        (["compare", f"--row={TOO_LONG}"], f"stops at n = {ORACLE_MAX_N}"),
        (["trace", "--row="], "trace needs a row of coins"),
        (["trace"], "trace needs a row of coins"),
        (["trace", "--row=   "], "trace needs a row of coins"),
        (["trace", "--row=1 2", "--formulation=nope"], "unknown formulation 'nope'; known: "),
        (["compare", "--impl=no/such/folder"], "--impl=no/such/folder: no such folder"),
        (["compare", "--row=1 2", "--plot=growth.txt"], "use a file ending in .png, .svg, .pdf"),
        (["compare", "--sizes=0 16"], "give one or more positive row lengths"),
        (["trace", "--no-such-option"], "unrecognized arguments: --no-such-option"),
        (["shuffle"], "invalid choice: 'shuffle'"),
    ],
    ids=lambda value: value if isinstance(value, str) else " ".join(value),
)
def test_bad_input_is_one_line_and_exit_status_2(args: list[str], says: str) -> None:
    done = coinrow(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert says in lines[0]
    assert "Traceback" not in done.stderr


def test_unknown_slug_lists_every_known_one() -> None:
    line = coinrow("trace", "--row=1 2", "--formulation=nope").stderr
    for formulation in FORMULATIONS:
        assert formulation.slug in line


def test_parity_explains_why_an_odd_row_fails() -> None:
    line = coinrow("trace", "--row=1 2 3", "--formulation=parity_strategy").stderr
    assert "with an odd row both ends are in the even class" in line


def test_make_passes_the_error_and_the_status_through() -> None:
    done = make("trace", "ROW=5 x 7")
    assert done.returncode == MAKE_FAILED
    assert (
        done.stderr
        == "make trace: ROW=5 x 7: 'x' is not an integer (ROW is coin values separated by spaces)\n"
    )


def test_a_missing_matplotlib_is_one_line_before_any_timing() -> None:
    blocked = (
        "import sys; sys.modules['matplotlib'] = None; "
        "from coinrow.cli.main import main; raise SystemExit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", blocked, "compare", "--plot=growth.png"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "coinrow compare: error: the plot needs matplotlib, the optional extra: pip install -e '.[plot]'"
    ]
