"""Play first against the optimal opponent in the terminal, and see what each move cost.

Usage: ``coinrow play [--row "8 15 3 7" | --seed N]``; ``l`` or ``left`` / ``r`` or
``right`` (any case) take the left or right coin, ``q`` quits, anything else gets a hint; a last,
forced coin is taken for the player. Without ``--row`` the row is 8 random coins
from a seed that is printed, so ``--seed`` replays it.

Regret of a move (in points of score difference) = the mover's optimal difference from the
position (``D[i][j]`` of ``coinrow.game.game.difference_table``) minus the difference the move
leads to with optimal play afterwards (``coin - D`` of the interval left). Against an optimal
opponent the regrets add up: final difference = optimal difference - total regret.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from coinrow.game.game import DifferenceTable, End, difference_table, optimal_totals
from coinrow.game.line import Walk
from coinrow.game.rowarg import row_option
from coinrow.tools.console import output_console

RANDOM_ROW_LENGTH = 8
RANDOM_COIN_RANGE = (1, 20)  # small values, so totals are easy to add up in one's head
HINT = "Type l (or left) to take the left coin, r (or right) to take the right coin, or q to quit."
ANSWERS: dict[str, End] = {"l": "left", "left": "left", "r": "right", "right": "right"}


def move_regret(table: DifferenceTable, i: int, j: int, end: End) -> int:
    """Points of difference a move gives away: ``D[i][j] - (coin - D[rest])``, always >= 0.

    Args:
        table: ``difference_table(coins)`` of the whole row.
        i, j: the interval still on the table, ``i <= j``.
        end: the end the mover takes.

    Returns:
        0 for an optimal move, else how much lower the mover's best reachable difference is.

    >>> move_regret(difference_table([8, 15, 3, 7]), 0, 3, "left")  # 11 - (8 - 11)
    14
    """
    return table[i, j].value - table.after(i, j, end)


class Game(Walk):
    """The state of one game: a walk of the row (the learner is the first player, the optimal opponent
    the second) and the learner's regret so far."""

    def __init__(self, coins: Sequence[int]) -> None:
        super().__init__(tuple(coins))
        self.regret = 0


def _show_row(console: Console, game: Game) -> None:
    cells = []
    for index, coin in enumerate(game.coins):
        if index < game.i or index > game.j:
            cells.append("[dim]·[/dim]")
        elif index in (game.i, game.j):
            cells.append(f"[bold]{coin}[/bold]")
        else:
            cells.append(str(coin))
    console.print(f"Row: {'  '.join(cells)}    You {game.first} · Opponent {game.second}")


def _signed(value: int) -> str:
    return f"{value:+d}"


def play(coins: Sequence[int], read: Callable[[str], str], console: Console) -> Game:
    """Run one game: the learner (first) answers ``read(prompt)``; the opponent plays optimally.

    Args:
        coins: the row, 1 <= n.
        read: returns the learner's answer to a prompt; raises ``EOFError`` when input ends.
        console: where the game is shown.

    Returns:
        The game as it stands when it ended, finished or quit (``q`` or end of input).
    """
    table = difference_table(coins)
    game = Game(coins)
    while not game.over:
        _show_row(console, game)
        i, j = game.i, game.j
        if game.mover == "second":
            end = table[i, j].ends[0]  # the opponent keeps its optimal difference (left on a tie)
            last = i == j
            coin = game.coins[game.take(end)]
            console.print(
                f"The opponent takes {'the last coin, ' if last else ''}{coin}"
                f"{'' if last else f' from the {end}'}.\n"
            )
            continue
        if i == j:  # one coin left: no choice to make
            console.print(f"You take the last coin, {game.coins[game.take('left')]}.\n")
            continue
        try:
            answer = read(f"Take l (left, {game.coins[i]}) or r (right, {game.coins[j]})? ").strip().lower()
        except EOFError:
            console.print("\nInput ended; the game stops here.")
            return game
        if answer == "q":
            console.print("You quit.")
            return game
        if answer not in ANSWERS:
            console.print(f"[yellow]{escape(HINT)}[/yellow]")
            continue
        end = ANSWERS[answer]
        regret = move_regret(table, i, j, end)
        best = table[i, j].value
        coin = game.coins[game.take(end)]
        if regret == 0:
            console.print(
                f"You take {coin}: optimal (keeps your best difference from here, {_signed(best)})."
            )
        else:
            other: End = "right" if end == "left" else "left"
            console.print(
                f"You take {coin}: [red]not optimal[/red], it gave away {regret} points of difference "
                f"(best from here {_signed(best)} by taking the {other} end; yours leads to "
                f"{_signed(best - regret)})."
            )
        game.regret += regret
    return game


def _summary(console: Console, game: Game) -> None:
    best = optimal_totals(game.coins)
    state = "Final totals" if game.over else f"Totals after {game.turns} moves"
    console.print(f"{state}: you {game.first}, opponent {game.second}.")
    console.print(
        f"Optimal result for this row: first {best.first}, second {best.second} "
        f"(difference {_signed(best.difference)})."
    )
    verdict = " Perfect play." if game.regret == 0 and game.over else ""
    console.print(f"Your total regret: {game.regret} points of difference.{verdict}")


def _reader(console: Console) -> Callable[[str], str]:
    """``console.input``; with piped input, each answer is also printed, as a terminal echoes it."""
    if sys.stdin.isatty():
        return console.input

    def read_and_echo(prompt: str) -> str:
        answer = console.input(prompt)
        console.print(answer, markup=False)
        return answer

    return read_and_echo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``coinrow play``."""
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--row", help='the coins, e.g. "8 15 3 7" (default: 8 random coins)')
    choice.add_argument("--seed", type=int, help="the seed of the random row, to play it again")


def run(args: argparse.Namespace) -> int:
    """``coinrow play``: one game; q and end of input end it with status 0, Ctrl-C with 130.

    Raises:
        UsageError: a bad ``--row``.
    """
    if args.row is not None:
        coins = row_option(args.row)
    console = output_console(highlight=False, soft_wrap=True)  # the terminal wraps long lines
    if args.row is None:
        seed = args.seed if args.seed is not None else random.randrange(100_000)
        rng = random.Random(seed)
        coins = tuple(rng.randint(*RANDOM_COIN_RANGE) for _ in range(RANDOM_ROW_LENGTH))
        console.print(f"Random row from seed {seed} (make play SEED={seed} replays it).")
    console.print("You play first against the optimal opponent. l or left, r or right, q = quit.\n")
    try:
        game = play(coins, _reader(console), console)
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        return 130
    _summary(console, game)
    return 0
