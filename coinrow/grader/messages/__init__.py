"""Every sentence a learner reads when grading fails: the one home of the grader's wording.

A failure's message, the likely mistake under it and the reason a run was stopped are
built here, by named builders from plain values (a slug, a call as ``show_call``
shows it, a length, a number, an error); the modules that find a failure call them
and word none themselves (``tests/self/test_messages.py`` keeps it so). A message is
one line, and any further lines under it are indented by two spaces (``added_line``).

- ``calls``: an import or a call that went wrong (a crash, too slow, too deep, ``sys.exit``,
  input, borrowed code), with the place in the learner's file it comes from;
- ``values``: a value that came back wrong (its value, type or shape, a move of a line,
  a ``ValueError`` not raised);
- ``findings``: the likely mistake behind a wrong value, or what the probe rows show for certain;
- ``stops``: why a call or a formulation's whole run was stopped before it finished;
- ``checks``: the grading suite's own checks (``tests/grade/``): a row changed, the int64 edges,
  speed, memory, the parity strategy's contract.

The mistakes' own descriptions are data of the catalogue (``coinrow.grader.diagnosis.mistakes``), and
the words a quantity has for its own shape are the quantity's (``coinrow.game.quantity``).
"""

from __future__ import annotations


def added_line(message: str, line: str) -> str:
    """``message`` with ``line`` under it, on a line of its own indented by two spaces."""
    return f"{message}\n  {line}"
