"""The daily ladder: :func:`generate` makes the day's ladder, the same on every machine (how: the
comment below), with its par and published ladder.
"""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import math
from dataclasses import dataclass

import numpy as np

from ..daily_words import LADDER_LENGTHS, ladder_words
from ..lexicon import Lexicon
from ..seeded import mix, seeded_fraction, seeded_key
from .graph import Graph, graph_of
from .search import UNREACHED, levels

# ------------------------------------------------------------------------- the daily ladder
#
# Two lists of one language: the accepted list (``full`` less its vulgar words) is what players
# may climb through, and par is proven on it; everyday words (the ``common`` list, not vulgar, and
# passed by the screen, ``solvers.screen.verdict``: no slur, vulgar or flagged word of any
# language; ``solvers.daily_words.ladder_words`` says each language's rule) make the start, the
# end and every word of the published ladder. Every language follows the steps below alike.
#
# 1. The length: 4 letters on Monday, Wednesday, Friday and Sunday, 5 on Tuesday, Thursday and
#    Saturday (``LENGTHS``).
# 2. The starts of a length: the everyday words of the largest connected part of the everyday
#    graph (words one letter apart), with at least two everyday neighbours, ordered by a keyed
#    64-bit hash (splitmix64 of the index ^ the salt's key). The k-th day of a length since the
#    epoch takes start k mod M (M starts: about 2,000 of 4 letters, 4,000 of 5, so a start
#    comes back after years). Should it give no ladder, the starts from M/2 further on are
#    tried in turn (far from any nearby day's).
# 3. Par, the day's aim: drawn from ``PAR_SHARES`` by the day's own hash. Two walks from the
#    start, breadth first, one over the accepted graph and one over the everyday graph, give
#    every word's fewest rungs in each and how many shortest everyday ladders reach it. An end
#    qualifies when it is an everyday word, its fewest rungs are the same in both graphs (so an
#    everyday ladder is a shortest ladder: par is proven over every word a player may use),
#    between MIN_PAR and MAX_PAR, and at least two different shortest ladders reach it through
#    everyday words alone. The end is the qualifying word at the aimed par (else the nearest
#    par that has one, the lower first) with the smallest keyed hash of the date.
# 4. The published ladder: of the shortest everyday ladders, the one whose rarest word is the
#    most common (commonness in half steps), then the first alphabetically.

DAILY_EPOCH = dt.date(2026, 1, 1)
LENGTHS = LADDER_LENGTHS  # by weekday, Monday first
MIN_PAR, MAX_PAR = 4, 8
PAR_SHARES = {4: 0.20, 5: 0.30, 6: 0.25, 7: 0.15, 8: 0.10}
MIN_LADDERS = 2


class DailyLadderError(ValueError):
    """A date the generator has no ladder for; the message says which dates it has."""


@dataclass(frozen=True, slots=True)
class DailyLadder:
    """A day's ladder: from ``start`` to ``end`` in ``par`` rungs (the words after the start, the
    end among them); ``ladder`` the published one (start to end); ``ladders`` how many shortest
    ladders there are over the accepted words, ``everyday_ladders`` over everyday words alone."""

    date: dt.date
    start: str
    end: str
    par: int
    ladder: tuple[str, ...]
    ladders: int
    everyday_ladders: int

    @property
    def length(self) -> int:
        return len(self.start)

    def to_json(self) -> dict:
        return {"date": self.date.isoformat(), "start": self.start, "end": self.end, "length": self.length,
                "par": self.par, "ladder": list(self.ladder), "ladders": self.ladders,
                "everyday_ladders": self.everyday_ladders}


@dataclass(frozen=True, slots=True, eq=False)
class _Pool:
    accepted: Graph
    everyday: Graph  # the everyday words of the accepted graph, and their edges
    in_accepted: np.ndarray  # each everyday word's index in the accepted graph
    bands: np.ndarray  # each everyday word's commonness in half steps
    starts: np.ndarray  # everyday indexes, in keyed-hash order


def length_of(date: dt.date) -> int:
    return LENGTHS[date.weekday()]


@functools.lru_cache(maxsize=64)  # a pure function of its inputs: a process keeps the last days it made
def generate(date: dt.date, everyday: Lexicon | None = None, accepted: Lexicon | None = None,
             salt: str = "") -> DailyLadder:
    """The ladder of ``date`` (see the steps above). ``everyday`` defaults to the bundled
    ``common`` list and ``accepted`` to ``full``; vulgar words are dropped from both."""
    everyday = everyday or Lexicon.load("common")
    accepted = (accepted or Lexicon.load("full")).without_vulgar()
    if date < DAILY_EPOCH:
        raise DailyLadderError(f"Daily ladders start on {DAILY_EPOCH.isoformat()}; pick a later date.")
    length = length_of(date)
    pool = _pool(everyday, accepted, length, salt)
    total = pool.starts.size
    if total == 0:
        raise DailyLadderError(f"The word lists make no ladder of {length} letters.")
    occurrence = _occurrence(date, length)
    aim = _aimed_par(date, salt)
    key = np.uint64(seeded_key(salt, f"end|{date.isoformat()}"))
    tries = itertools.chain([occurrence % total], ((occurrence + total // 2 + j) % total for j in range(total)))
    for start in tries:
        made = _ladder_from(pool, int(pool.starts[start]), aim, key, date)
        if made is not None:
            return made
    raise DailyLadderError(f"The word lists make no ladder of {length} letters.")


def prepare(everyday: Lexicon | None = None, accepted: Lexicon | None = None, salt: str = "") -> None:
    """Build what every day's ladder needs, once per process (the graphs, the screened everyday
    words): the bot does it while it loads."""
    everyday = everyday or Lexicon.load("common")
    accepted = (accepted or Lexicon.load("full")).without_vulgar()
    for length in sorted(set(LENGTHS)):
        _pool(everyday, accepted, length, salt)


def _occurrence(date: dt.date, length: int) -> int:
    """How many days of ``length`` letters there are from the epoch to the day before ``date``."""
    days = (date - DAILY_EPOCH).days
    weeks, rest = divmod(days, 7)
    first = DAILY_EPOCH.weekday()
    per_week = LENGTHS.count(length)
    return weeks * per_week + sum(LENGTHS[(first + k) % 7] == length for k in range(rest))


def _aimed_par(date: dt.date, salt: str) -> int:
    u, running = seeded_fraction(salt, f"par|{date.isoformat()}"), 0.0
    for par, share in PAR_SHARES.items():
        running += share
        if u < running:
            return par
    return MAX_PAR


def _ladder_from(pool: _Pool, start: int, aim: int, key: np.uint64, date: dt.date) -> DailyLadder | None:
    """The day's ladder from everyday word ``start`` (step 3 and 4), None when no end qualifies."""
    walk = levels(pool.everyday, start, within=MAX_PAR)
    overall = levels(pool.accepted, int(pool.in_accepted[start]), within=MAX_PAR)
    rungs = walk.distance
    proven = rungs == overall.distance[pool.in_accepted]
    qualifies = (rungs >= MIN_PAR) & proven & (walk.count >= MIN_LADDERS)
    pars = sorted(set(rungs[qualifies].tolist()), key=lambda p: (abs(p - aim), p))
    if not pars:
        return None
    ends = np.flatnonzero(qualifies & (rungs == pars[0]))
    end = int(ends[np.argmin(mix(ends.astype(np.uint64) ^ key))])
    ladder = _published(pool, start, end, pars[0], rungs)
    words = pool.everyday.words
    return DailyLadder(date, words[start], words[end], pars[0], ladder,
                       int(overall.count[pool.in_accepted[end]]), int(walk.count[end]))


def _published(pool: _Pool, start: int, end: int, par: int, from_start: np.ndarray) -> tuple[str, ...]:
    """Of the shortest everyday ladders from start to end, the one whose rarest word is the most
    common (half steps), then the first alphabetically."""
    graph = pool.everyday
    from_end = levels(graph, end, within=par).distance
    on = (from_start != UNREACHED) & (from_end != UNREACHED) & (from_start + from_end == par)
    # the best rarest band: a word's best is its own band or its best next word's, whichever is lower
    best = np.full(len(graph), -np.inf)
    best[end] = pool.bands[end]
    for level in range(par - 1, -1, -1):
        for word in np.flatnonzero(on & (from_start == level)).tolist():
            best[word] = min(pool.bands[word], best[_nexts(graph, word, on, from_start)].max())
    floor = best[start]
    # then the first ladder alphabetically among the words of that band or above that still reach the end
    good = on & (pool.bands >= floor)
    reaches = np.zeros(len(graph), dtype=bool)
    reaches[end] = True
    for level in range(par - 1, -1, -1):
        for word in np.flatnonzero(good & (from_start == level)).tolist():
            reaches[word] = reaches[_nexts(graph, word, good, from_start)].any()
    path = [start]
    while path[-1] != end:
        steps = _nexts(graph, path[-1], good & reaches, from_start)
        path.append(int(steps[0]))  # neighbours are in alphabetical order
    return tuple(graph.words[i] for i in path)


def _nexts(graph: Graph, word: int, on: np.ndarray, from_start: np.ndarray) -> np.ndarray:
    row = graph.indices[graph.indptr[word]:graph.indptr[word + 1]]
    return row[on[row] & (from_start[row] == from_start[word] + 1)]


@functools.cache
def _pool(everyday: Lexicon, accepted: Lexicon, length: int, salt: str) -> _Pool:
    graph = graph_of(accepted, length)
    chosen = ladder_words(everyday, graph.words)  # the screen's verdicts judged once, then read from a cache file
    daily = graph.subgraph(chosen)
    in_accepted = np.flatnonzero(chosen)
    bands = np.array([math.floor(everyday.commonness(w) * 2) / 2 for w in daily.words])
    starts = np.zeros(0, dtype=np.int64)
    if len(daily):
        hub = int(np.argmax(daily.degrees))  # in the largest connected part, on any list worth a game
        linked = levels(daily, hub).distance != UNREACHED
        starts = np.flatnonzero(linked & (daily.degrees >= MIN_LADDERS))
        starts = starts[np.argsort(mix(starts.astype(np.uint64) ^ np.uint64(seeded_key(salt, "starts"))),
                                   kind="stable")]
    return _Pool(graph, daily, in_accepted, bands, starts)
