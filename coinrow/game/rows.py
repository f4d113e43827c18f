"""Rows timings are made on: long rows whose optimal play is known by hand, fresh random rows no one solved
ahead, and seeded rows that are the same on every run."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np

from coinrow.game.reduction import linear_difference
from coinrow.game.settings import SEED


def dominant_class_row(n: int, seed: int) -> tuple[list[int], int]:
    """An even row whose optimal difference is known by hand, with its difference.

    Every even-index coin (700..999) beats every odd-index coin (0..699). The
    first player can take all the even-index coins (the parity strategy), and
    no n/2 coins sum to more than the n/2 largest, so first = sum(a[0::2]) is
    optimal and the difference is sum(a[0::2]) - sum(a[1::2]).

    Args:
        n: the row's length, even, 0 or more.
        seed: the seed of the coins; the same ``(n, seed)`` gives the same row.

    >>> row, difference = dominant_class_row(4, seed=1)
    >>> len(row), difference == row[0] + row[2] - row[1] - row[3] > 0
    (4, True)
    """
    rng = np.random.default_rng(seed)  # NumPy: a million coins in milliseconds, not half a second
    high, low = rng.integers(700, 1000, size=n), rng.integers(0, 700, size=n)
    row: list[int] = np.where(np.arange(n) % 2 == 0, high, low).tolist()
    return row, sum(row[0::2]) - sum(row[1::2])


COIN_SPAN = 1000  # a fresh row's coins span this many values
# The ranges a check's lowest coin is drawn from, one of them at random: every coin negative, of both signs
# (or from 0), every coin positive.
LOWEST_COINS = ((-2 * COIN_SPAN + 1, -COIN_SPAN), (-COIN_SPAN + 1, 0), (1, COIN_SPAN))


#: the speed check's rows (``speed_row``): one whose optimal play is known by hand, and the two shapes where
#: an O(n) reduction does the most work: a mountain, whose first falling coin merges every coin its strictly
#: rising side left on the stack, and a valley, which merges none and keeps every coin on the stack
SPEED_SHAPES = ("zigzag", "rises then falls", "falls then rises")


def speed_row(n: int, shape: str, seed: int) -> tuple[list[int], int]:
    """A row of ``n`` coins (even, 0 or more) of one of ``SPEED_SHAPES`` and its optimal difference.

    ``zigzag`` is ``dominant_class_row``, solved by hand. The others climb and fall by steps of 1 to 999
    drawn from ``seed``, strictly (no two neighbours tie, and ties would merge as they come), half the row
    each way; they are valued by the game model's own O(n) reduction (``coinrow.game.reduction``, checked
    against the exhaustive oracle).

    Raises:
        ValueError: an unknown shape (its name is the error's text).

    >>> row, difference = speed_row(6, "rises then falls", seed=1)
    >>> row[0] < row[1] < row[2] and row[3] > row[4] > row[5], difference == linear_difference(row)
    (True, True)
    """
    if shape == "zigzag":
        return dominant_class_row(n, seed)
    if shape not in SPEED_SHAPES:
        raise ValueError(shape)
    steps = np.random.default_rng(seed).integers(1, 1000, size=n)
    first, second = np.cumsum(steps[: n // 2]), np.cumsum(steps[n // 2 :])
    halves = (first, second[::-1]) if shape == "rises then falls" else (first[::-1], second)
    row: list[int] = np.concatenate(halves).tolist()
    return row, linear_difference(row)


def random_row(n: int, rng: random.Random, lowest: int = 0) -> list[int]:
    """``n`` coins drawn from ``lowest`` to ``lowest + COIN_SPAN - 1``, seeded by ``rng``: a row no one
    solved ahead (valued by ``coinrow.game.reduction``); NumPy draws them, as a growth check draws millions
    of coins.

    >>> row = random_row(6, random.Random(1))
    >>> len(row), all(0 <= coin <= 999 for coin in row), row == random_row(6, random.Random(1))
    (6, True, True)
    >>> all(-2000 <= coin <= -1001 for coin in random_row(6, random.Random(1), lowest=-2000))
    True
    """
    draw = np.random.default_rng(rng.getrandbits(64)).integers(lowest, lowest + COIN_SPAN, size=n)
    coins: list[int] = draw.tolist()
    return coins


def lowest_coin(rng: random.Random) -> int:
    """A fresh row's lowest coin: from one of ``LOWEST_COINS``, drawn at random, so every coin is negative
    in a third of the rows and positive in a third, both signs (or from 0) in the rest.

    >>> -2 * COIN_SPAN < lowest_coin(random.Random(1)) <= COIN_SPAN
    True
    """
    return rng.randint(*rng.choice(LOWEST_COINS))


def fresh_row(n: int, rng: random.Random) -> list[int]:
    """A row of ``n`` coins no one solved ahead, for a timed call: ``random_row`` from a ``lowest_coin`` of
    its own, so no answer knows the rows' values ahead, and none is right only where every coin is of one
    sign.

    >>> row = fresh_row(5, random.Random(2))
    >>> len(row), max(row) - min(row) < COIN_SPAN
    (5, True)
    """
    return random_row(n, rng, lowest_coin(rng))


@dataclass
class FreshRows:
    """Fresh rows of ``n`` coins (``fresh_row``), one for each call, drawn as the timing runs from the
    system's randomness: a cache keyed by the row never hits, and no code knows its rows ahead."""

    n: int
    rng: random.Random = field(default_factory=random.Random)

    def take(self, count: int) -> list[list[int]]:
        """The next ``count`` rows."""
        return [fresh_row(self.n, self.rng) for _ in range(count)]


def seeded_row(n: int) -> list[int]:
    """The row of ``n`` coins (1..1000) seeded by ``settings.SEED`` and ``n``: the same on every run (the C
    baseline's).

    >>> seeded_row(3) == seeded_row(3) and len(seeded_row(3)) == 3
    True
    """
    rng = random.Random(SEED * 100_003 + n)
    return [rng.randint(1, 1000) for _ in range(n)]
