"""The ladder's hints (no discord import): toward a shortest ladder from where the climb stands.

From the climb's last word (the start before any rung), the next rung is a word one rung nearer
the end over the accepted words (a breadth-first walk from the end, ``solvers.ladder.levels``):
the published ladder's next word when the climb is on it, else the most common such word, then
the first alphabetically. Three levels, each saying more: the position of the letter to change,
then the letter it becomes, then the rung itself. A climb the end cannot be reached from (every
way on repeats a word) is told to undo.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.ladder import UNREACHED, DailyLadder, Graph, Levels, changed_positions
from solvers.lexicon import Lexicon

HINT_LEVELS = 3


@dataclass(frozen=True, slots=True)
class Hint:
    """What the hints say for a climb: from ``word``, the next rung ``rung`` (None: no way on),
    the letter's position (from 0), and the fewest rungs left from ``word``."""

    puzzle: DailyLadder
    climb: tuple[str, ...]
    word: str
    rung: str | None
    position: int | None
    rungs_left: int | None
    team: bool = False
    levels: int = HINT_LEVELS


def make_hint(puzzle: DailyLadder, climb: tuple[str, ...], graph: Graph, to_end: Levels, everyday: Lexicon,
              team: bool = False) -> Hint:
    """The hint for ``climb`` (the rungs after the start) on ``puzzle``; ``to_end`` is the walk from its end."""
    ladder = (puzzle.start, *climb)
    word = ladder[-1]
    if word == puzzle.end:
        return Hint(puzzle, climb, word, None, None, 0, team, 0)
    here = graph.position.get(word)
    left = None if here is None or to_end.distance[here] == UNREACHED else int(to_end.distance[here])
    nearer = [w for w in graph.neighbours(word) if w not in ladder and left is not None
              and to_end.distance[graph.position[w]] == left - 1]
    if not nearer:
        return Hint(puzzle, climb, word, None, None, left, team, 0)
    published = puzzle.ladder
    if word in published and published.index(word) + 1 < len(published) \
            and published[published.index(word) + 1] in nearer:
        rung = published[published.index(word) + 1]
    else:
        rung = min(nearer, key=lambda w: (-everyday.commonness(w) if w in everyday else 0.0, w))
    return Hint(puzzle, climb, word, rung, changed_positions(word, rung)[0], left, team)
