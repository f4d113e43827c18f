"""The messages of measured growth: an order higher than the task asks, the orders a solved kata was
measured at, and the growth measured under a call that ran out of time.

The growth itself is put in words by ``coinrow.grader.measure.orders.Step.words`` (``measured``
here); ``asked`` is the registry's order, e.g. ``O(n^2)``.
"""

from __future__ import annotations


def shown_order(asked: str) -> str:
    """The registry's orders as the messages show them: ``O(n^2)`` as ``O(n²)``.

    >>> shown_order("O(n^2) time, O(n) space")
    'O(n²) time, O(n) space'
    """
    return asked.replace("^2", "²").replace("^3", "³")


def grows_faster(slug: str, measured: str, asked: str, values_checked: bool) -> str:
    """The attempt's time (or memory) grows faster than the task's order ``asked``.

    >>> grows_faster("difference_dp", "the time grows like n³", "O(n^2)", True)
    'difference_dp: right values, but the time grows like n³; the task asks O(n²)'
    """
    values = "right values, but " if values_checked else ""
    return f"{slug}: {values}{measured}; the task asks {shown_order(asked)}"


def measured_orders(time: str | None, memory: str | None) -> str:
    """What the summary line of a solved kata says of its growth, e.g. ``time ~n², memory ~n²``."""
    return ", ".join(f"{what} {order}" for what, order in (("time", time), ("memory", memory)) if order)


def order_seen(power: str, low: int | None = None, high: int | None = None) -> str:
    """An order measured, as the summary line shows it, with the sizes it was measured on if given.

    >>> order_seen("n²", 124, 496), order_seen("n²")
    ('~n² (n = 124 → 496)', '~n²')
    """
    return f"~{power}" if low is None else f"~{power} (n = {low} → {high})"


def lower_than(ratio: float, low: int, high: int, asked: str) -> str:
    """A time read to grow less than the task's order ``asked`` but not told to grow like a whole one.

    >>> lower_than(1.5, 246, 986, "n²")
    'grows less than n² (×1.5 per doubling, n = 246 → 986)'
    """
    return f"grows less than {asked} ({_per_doubling(ratio, low, high)})"


def grew(ratio: float, low: int, high: int) -> str:
    """A growth below the task's order, said as measured, no order named (a constant held beside a table
    can make a table's memory grow slowly over the sizes traced).

    >>> grew(1.4, 50, 200)
    'grew ×1.4 per doubling (n = 50 → 200)'
    """
    return f"grew ×{ratio:.1f} per doubling (n = {low} → {high})"


def _per_doubling(ratio: float, low: int, high: int) -> str:
    """A ratio per doubling and the sizes it was read over, as said in parentheses: ``×4.0 per doubling,
    n = 50 → 200``."""
    return f"×{ratio:.1f} per doubling, n = {low} → {high}"


def hardly_grows(ratio: float, low: int, high: int) -> str:
    """A time read to grow less than any whole order, as the summary line says it.

    >>> hardly_grows(1.1, 180, 720)
    'hardly grows (×1.1 per doubling, n = 180 → 720)'
    """
    return f"hardly grows ({_per_doubling(ratio, low, high)})"


def not_ruled_out(time: str, slow: float | None, power: str, compiled: tuple[str, ...] | None) -> str:
    """An order measured on sizes (``order_seen``), with why a higher order is not ruled out, if it is not:
    the answer is ``slow`` (its steps of the game model's reduction per ``power``), where a higher order's
    share of the time stays small up to the largest sizes timed, or it loaded compiled code (``compiled``:
    its names; None where it could not be looked for), whose loops cost a nanosecond per element beside a
    microsecond per call, as NumPy's do: too small a share of the time at these sizes for a higher order
    in them to show.

    >>> not_ruled_out("~n² (n = 368 → 1472)", None, "n²", ("numpy",))
    '~n² (n = 368 → 1472; a higher order is not ruled out: it loaded compiled code (numpy))'
    >>> print(not_ruled_out("~n² (n = 392 → 1568)", 11.04, "n²", ()))  # doctest: +NORMALIZE_WHITESPACE
    ~n² (n = 392 → 1568; a higher order is not ruled out: slow at 11.0 steps per n², a step being the time one
    coin takes in the game's own O(n) reduction)
    >>> not_ruled_out("~n² (n = 98 → 392)", None, "n²", ())
    '~n² (n = 98 → 392)'
    """
    step = "a step being the time one coin takes in the game's own O(n) reduction"
    reasons = [f"slow at {slow:.1f} steps per {power}, {step}"] if slow is not None else []
    if compiled is None:
        reasons.append("compiled code was not looked for here")
    elif compiled:
        reasons.append(f"it loaded compiled code ({'; '.join(compiled)})")
    if not reasons:
        return time
    return f"{time.removesuffix(')')}; a higher order is not ruled out: {', and '.join(reasons)})"


def order_not_told(ratio: float, low: int, high: int, at_least: bool = False) -> str:
    """An order the measurements could not tell apart from the next one up: not decided, said so;
    ``at_least``: the ratio is a lower bound (a call at ``high`` was cut off).

    >>> order_not_told(6.1, 248, 1984)
    'not told apart (×6.1 per doubling, n = 248 → 1984): its order is not decided'
    >>> order_not_told(2.1, 100, 200, at_least=True)
    'not told apart (more than ×2.1 per doubling, n = 100 → 200, cut off there): its order is not decided'
    """
    grown = _per_doubling(ratio, low, high)
    grown = f"more than {grown}, cut off there" if at_least else grown
    return f"not told apart ({grown}): its order is not decided"


def above_held(what: str, held: int, n: int) -> str:
    """``what`` (memory) above the ``held`` bytes a call holds already at ``n`` coins.

    >>> above_held("memory", 3_000_000, 50)
    'memory above the 2.9 MiB held at n = 50'
    """
    return f"{what} above the {held / 2**20:.1f} MiB held at n = {n}"


def memory_held(held: int, n: int) -> str:
    """A memory growth that could not be read beside the ``held`` bytes a call holds already at ``n`` coins.

    >>> memory_held(3_000_000, 50)
    'not told apart beside 2.9 MiB held already at n = 50: its order is not decided'
    """
    return f"not told apart beside {held / 2**20:.1f} MiB held already at n = {n}: its order is not decided"


def order_below(ratio: float, low: int, high: int, asked: str) -> str:
    """An order not decided, its last doubling grown less than the task's order would (a fixed cost per
    call or per coin can outweigh the growth at the sizes timed, as n NumPy calls do): said so.

    >>> order_below(2.1, 992, 1984, "n²")
    'grew ×2.1 per doubling (n = 992 → 1984), less than n² would: its order is not decided'
    """
    return f"{grew(ratio, low, high)}, less than {asked} would: its order is not decided"


def growth(
    what: str,
    power: str | None,
    ratio: float,
    low: int,
    high: int,
    at_least: bool,
    faster: bool = False,
    floor: bool = False,
) -> str:
    """How ``what`` (time, memory) grew from ``low`` to ``high`` coins: like ``power`` per doubling (or
    ``faster`` than it, or at least like it: ``floor``, for growth read on small sizes, where a higher
    order's share is smallest), or exponentially (``power`` None) per added coin; ``at_least``: the ratio
    is a lower bound.

    >>> growth("time", "n³", 8.1, 250, 1000, False)
    'the time grows like n³ (×8.1 per doubling, n = 250 → 1000)'
    >>> growth("time", None, 2.0, 16, 20, False)
    'the time grows exponentially (×2.0 per added coin, n = 16 → 20)'
    >>> growth("time", "n²", 4.9, 124, 500, False, floor=True)
    'the time grows at least like n² (×4.9 per doubling, n = 124 → 500)'
    >>> growth("time", "1", 1.1, 1250, 5000, False, floor=True)
    'the time hardly grows (×1.1 per doubling, n = 1250 → 5000): most of it does not depend on n'
    >>> growth("time", "1", 2.4, 62, 250, False, floor=True)  # no whole order read as its floor
    'the time grew ×2.4 per doubling (n = 62 → 250): no order could be told from it'
    """
    more = "more than " if at_least else ""
    if power == "1" and not (faster or at_least) and ratio < 2**0.5:
        return f"the {what} {hardly_grows(ratio, low, high)}: most of it does not depend on n"
    if power == "1" and not (faster or at_least):
        return f"the {what} {grew(ratio, low, high)}: no order could be told from it"
    if power is None:
        return f"the {what} grows exponentially ({more}×{ratio:.1f} per added coin, n = {low} → {high})"
    how = "faster than" if faster else "at least like" if floor else "like"
    return f"the {what} grows {how} {power} ({more}{_per_doubling(ratio, low, high)})"


def measured_under_a_time_out(
    measured: str, exponential: bool, asked: str | None, shape: str | None = None
) -> str:
    """The line under a too-slow failure: the growth ``measured`` on the first coins of the row (a power on
    fresh rows of those lengths too), or with ``shape`` on shorter fresh rows of the row's shape; for
    exponential growth why a memoised interval DP shows it (there are only n² intervals to solve), and
    ``asked``, the task's order, when the growth measured is above it.

    >>> measured_under_a_time_out("the time grows at least like n³ (…)", False, "O(n²)")[:62]
    "measured on this row's first coins and on fresh rows as long: "
    >>> line = measured_under_a_time_out("the time grows at least like n² (…)", False, "O(n)", "zigzag")
    >>> line.removesuffix(": the time grows at least like n² (…); the task asks O(n)")
    'measured on shorter rows shaped as this one (zigzag), each drawn fresh'
    """
    if exponential:
        line = f"measured on {_timed_rows(shape, fresh=False)}: {measured}"
        return f"{line}: the same intervals are solved again and again (no memo, or a memo that never hits)"
    line = f"measured on {_timed_rows(shape)}: {measured}"
    return f"{line}; the task asks {shown_order(asked)}" if asked else line


def measured_once(ratio: float, low: int, high: int, shape: str | None = None) -> str:
    """The line under a too-slow failure when the row's first coins (with ``shape``: shorter rows of its
    shape) were timed once each and too few rounds on fresh rows as long were read to name an order (a
    call cut off, or the rounds' budget spent).

    >>> for part in measured_once(4.2, 124, 500).split("; "):
    ...     print(part)
    measured on this row's first coins, each length once: the time grew ×4.2 per doubling (n = 124 → 500)
    too few rounds on fresh rows as long were read to name an order
    """
    return (
        f"measured on {_timed_rows(shape, fresh=False)}, each length once: the time "
        f"{grew(ratio, low, high)}; too few rounds on fresh rows as long were read to name an order"
    )


def not_measured(low: int, high: int, ran_past: tuple[int, float] | None, shape: str | None = None) -> str:
    """The line under a too-slow failure when the calls on the row's first coins (with ``shape``: on
    shorter rows of its shape) told no growth: those of ``low`` to ``high`` coins finished (none: 0), the
    one of ``ran_past[0]`` coins ran past ``ran_past[1]`` CPU seconds.

    >>> for part in not_measured(8, 12, (14, 1.0)).split(", "):
    ...     print(part)
    how the time grows could not be measured: on this row's first coins
    the calls that finished (n = 8 to 12) were too short or too close in n to read a growth from
    and n = 14 ran past 1 s
    >>> not_measured(0, 0, (8, 1.0))
    "how the time grows could not be measured: even this row's first 8 coins ran past 1 s"
    >>> not_measured(0, 0, (8, 1.0), "zigzag")
    'how the time grows could not be measured: even a row of 8 coins shaped as this one (zigzag) ran past 1 s'
    """
    said = "how the time grows could not be measured"
    if not high and ran_past is not None:
        k = ran_past[0]
        short = f"a row of {k} coins shaped as this one ({shape})" if shape else f"this row's first {k} coins"
        return f"{said}: even {short} ran past {ran_past[1]:g} s"
    finished = f"the calls that finished (n = {low} to {high}) were too short or too close in n"
    finished += " to read a growth from"
    past = "" if ran_past is None else f", and n = {ran_past[0]} ran past {ran_past[1]:g} s"
    return f"{said}: on {_timed_rows(shape, fresh=False)}, {finished}{past}"


def _timed_rows(shape: str | None, fresh: bool = True) -> str:
    """The rows a too-slow call's growth was timed on: the row's first coins (and, ``fresh``, fresh random
    rows as long), or with ``shape`` shorter fresh rows of the row's shape."""
    if shape is not None:
        return f"shorter rows shaped as this one ({shape}), each drawn fresh"
    return "this row's first coins and on fresh rows as long" if fresh else "this row's first coins"
