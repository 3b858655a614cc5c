"""Word ladders (Lewis Carroll's doublets): change one letter at a time to turn one word into another.

Rules: every word of a ladder (its *rungs*) is a word of the list, has the start's length, differs
from the word before it in exactly one letter (same place, another letter) and is not already on
the ladder. A ladder's length is its rungs: the words after the start, the end among them
(cold, cord, card, ward, warm is 4 rungs).

- :class:`Graph` (``graph``): a list's words of one length, each joined to the words one letter
  from it, built by bucketing words by wildcard pattern (:func:`graph_of` caches it per list);
  letters are the language's (:func:`solvers.alphabets.alphabet`).
- :func:`levels`, :func:`shortest` and :func:`ladders` (``search``): breadth-first walks, the
  fewest rungs between two words and how many shortest ladders there are, proven level by
  level; every shortest ladder, listed in alphabetical order.
- :func:`check_rung` (``rung``): a player's next word judged, saying which rule it breaks.
- :func:`generate` (``daily``): the ladder of the day, its par and published ladder.
"""

from __future__ import annotations

from .daily import (
    DAILY_EPOCH,
    LENGTHS,
    MAX_PAR,
    MIN_LADDERS,
    MIN_PAR,
    PAR_SHARES,
    DailyLadder,
    DailyLadderError,
    generate,
    length_of,
    prepare,
)
from .graph import Graph, LadderError, graph_of
from .rung import Rung, Verdict, changed_positions, check_rung
from .search import UNREACHED, Levels, Shortest, ladders, levels, shortest

__all__ = ["DAILY_EPOCH", "LENGTHS", "MAX_PAR", "MIN_LADDERS", "MIN_PAR", "PAR_SHARES", "UNREACHED", "DailyLadder",
           "DailyLadderError", "Graph", "LadderError", "Levels", "Rung", "Shortest", "Verdict", "changed_positions",
           "check_rung", "generate", "graph_of", "ladders", "length_of", "levels", "prepare", "shortest"]
