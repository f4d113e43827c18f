"""Lines of play: the row taken one end at a time, the players alternating, the first player first.

``Walk`` is the one walk of a row in the package: the interval ``i..j`` still on the table, both
totals and the turns taken, each move applied by ``coinrow.game.game.taken``. Every line of play
is a walk: the optimal line, a strategy's (``line_of``), a list of moves replayed (``line_totals``),
the policies of the grader's models of wrong play, a game played in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from coinrow.game.game import End, Totals, difference_table, taken

Player = Literal["first", "second"]
# How a player picks a move from coins i..j: (i, j, player) -> (end, tie), tie when the other end was as good.
Chooser = Callable[[int, int, Player], tuple[End, bool]]


class Walk:
    """A row being played: the interval ``i..j`` left (``i > j`` once it is empty), both totals, the turns.

    >>> walk = Walk([8, 15, 3, 7])
    >>> [walk.take(end) for end in ("right", "left", "left", "right")]  # the indices of the coins taken
    [3, 0, 1, 2]
    >>> walk.totals, walk.over
    (Totals(first=22, second=11), True)
    """

    def __init__(self, coins: Sequence[int]) -> None:
        self.coins = coins
        self.i, self.j = 0, len(coins) - 1
        self.first = self.second = 0
        self.turns = 0

    @property
    def over(self) -> bool:
        """True when no coin is left."""
        return self.i > self.j

    @property
    def mover(self) -> Player:
        """Whose turn it is: the first player on even turns (counted from 0), the second on odd ones."""
        return "first" if self.turns % 2 == 0 else "second"

    @property
    def totals(self) -> Totals:
        """What each player has collected so far."""
        return Totals(self.first, self.second)

    def take(self, end: End) -> int:
        """The mover takes the ``end`` coin: it is added to the mover's total and the turn passes.

        Returns:
            The index of the coin taken, in the whole row.
        """
        index, (self.i, self.j) = taken(self.i, self.j, end)
        if self.turns % 2 == 0:
            self.first += self.coins[index]
        else:
            self.second += self.coins[index]
        self.turns += 1
        return index


@dataclass(frozen=True)
class Move:
    """One turn of a line of play."""

    turn: int  # 1-based
    player: Player
    end: End
    index: int  # position of the coin taken, in the original row
    coin: int
    tie: bool  # True when the other end was equally good


def line_of(coins: Sequence[int], choose: Chooser) -> list[Move]:
    """The line of play in which every move is ``choose(i, j, player)`` on the coins ``i..j`` left.

    Args:
        coins: the row, length n >= 0.
        choose: the players' choices, for either player.

    Returns:
        n moves, alternating first, second, first, ...
    """
    walk = Walk(coins)
    moves: list[Move] = []
    while not walk.over:
        player = walk.mover
        end, tie = choose(walk.i, walk.j, player)
        index = walk.take(end)
        moves.append(Move(len(moves) + 1, player, end, index, coins[index], tie))
    return moves


def optimal_choice(coins: Sequence[int]) -> Chooser:
    """Optimal play on ``coins``: an end that keeps the mover's optimal difference, the left one on a tie
    (which is then flagged). O(n^2) once, for the table; O(1) a move."""
    table = difference_table(coins)

    def choose(i: int, j: int, player: Player) -> tuple[End, bool]:
        ends = table[i, j].ends
        return ends[0], len(ends) == 2

    return choose


def optimal_line(coins: Sequence[int]) -> list[Move]:
    """An optimal line of play: every move keeps the mover's optimal difference.

    Where both ends are equally good the left end is taken and ``tie`` is set.

    Args:
        coins: the row, length n >= 0.

    Returns:
        n moves, alternating first, second, first, ...

    >>> [m.coin for m in optimal_line([8, 15, 3, 7])]
    [7, 8, 15, 3]
    """
    return line_of(coins, optimal_choice(coins))


def line_totals(coins: Sequence[int], moves: Sequence[End]) -> Totals:
    """The totals a line of play collects: move k is the first player's for even k, the second's for odd.

    Args:
        coins: the row, length n.
        moves: n moves, each "left" or "right".

    >>> line_totals([8, 15, 3, 7], ["right", "left", "left", "right"])
    Totals(first=22, second=11)
    """
    walk = Walk(coins)
    for end in moves:
        walk.take(end)
    return walk.totals
