"""The five-words search: walks the search states, counting and listing the sets.

The search. Letter groups are distinct letter masks. Letters are renumbered by rarity among
the candidates, so that bit 25 is the rarest letter and a mask's highest bit is its rarest
letter. A search state is the letters used so far and how many letters it may still leave out
(``26 - words*letters`` to begin with, less the excluded ones); its candidates are the masks
disjoint from the letters used, as a bitset over the masks. At each state the rarest letter x
not yet used must either be covered, by a candidate with x (x is its rarest letter, the rarer
ones being used), or be left out, if the budget allows. That choice is forced by the final set,
so every set is found exactly once. A mask's "disjoint from" bitset is precomputed, so a child
state's candidates are one AND; when one word is left to choose, every candidate completes a
set, so the count is a popcount.

A state is nothing but its letters used, so the different ways (sequences of words) that reach
the same letters are one state, built once, which counts its ways and links back to them to list
the sets: the children of a batch of states are grouped by their letters before they are built,
which makes the deep levels several times smaller. The masks are ordered as binary numbers with
the commonest letter as the top bit, so the masks that avoid some common letters (all that a
deep state can still use) crowd together, and a state keeps only the nonzero blocks (of 128
bits) of its bitset: a child's AND touches only those. The states of a level are processed
together as numpy arrays, in chunks small enough to stay in the processor's cache, and handed on
in pieces of bounded size (depth-first over pieces), so memory stays bounded for shapes with
millions of answers, and the search can stop at a ``limit`` and report progress.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from ..letters import letter_mask
from .children import branches
from .index import (
    _BLOCK_FLAGS,
    ALPHABET_SIZE,
    BLOCK_WORDS,
    _as_blocks,
    _bitset,
    _Index,
    _offsets,
    _set_bits,
    _words,
)
from .results import FiveWords, Progress, WordSet, word_sets
from .states import _spread, _States

if TYPE_CHECKING:
    from . import _Query

PROGRESS_SECONDS = 0.25
"""Deep in a long search, a ``Progress`` is yielded at least this often (between pieces)."""


class _Stop(Exception):
    pass


class _Run:
    """One search: walks the states depth-first over pieces, counting and listing sets."""

    def __init__(self, index: _Index, query: _Query, deadline: float | None = None) -> None:
        self.index = index
        self.query = query
        self.deadline = deadline  # time.perf_counter() after which the search stops, incomplete
        self.need = query.words - len(query.include)
        self.fixed_mask = letter_mask("".join(query.include))
        self.count = 0
        self.count_with_anagrams = 0
        self.complete = True
        self.found: list[np.ndarray] = []  # (k, need) arrays of chosen mask indexes
        self.listed = 0
        self.built: list[WordSet] = []  # the WordSets of found[:converted]
        self.converted = 0
        self.done = 0
        self.total = 1
        self.last_progress = time.perf_counter()

    # The walk ------------------------------------------------------------------------

    def root(self) -> _States | None:
        index, query = self.index, self.query
        used = index.renumbered(letter_mask(query.exclude) | self.fixed_mask)
        skips = ALPHABET_SIZE - query.words * query.letters - len(query.exclude)
        alive = (index.masks & used) == 0
        if self.need > 0 and int(alive.sum()) < self.need:
            return None
        bits = _as_blocks(_bitset(alive, index.width * BLOCK_WORDS))
        block = np.flatnonzero(np.bitwise_count(_words(bits)).view(_BLOCK_FLAGS) != 0)
        return _States(np.array([0, block.size], dtype=np.intp), block, bits[block], np.array([used], dtype=np.int64),
                       np.array([skips], dtype=np.int64), np.ones(1, dtype=np.int64), np.ones(1, dtype=np.int64))

    def steps(self) -> Iterator[Progress]:
        root = self.root()
        if self.need == 0:  # the include words are the whole set
            yield self.progress()
            self.count, self.count_with_anagrams, self.done = 1, 1, 1
            if self.query.keep != 0:
                self.found.append(np.zeros((1, 0), dtype=np.intp))
                self.listed = 1
            yield self.progress()
            return
        if root is None:
            return
        if self.need == 1:
            self.total = 1
            yield self.progress()
            try:
                for _ in self.walk(root, 1):
                    yield self.progress()
            except _Stop:
                self.complete = False
            self.done = 1
            yield self.progress()
            return
        # The top-level branches: the states after the first word, over every allowed skip.
        top = list(branches(self.index, root, self.need))
        self.total = sum(len(states) for states in top)
        yield self.progress()
        try:
            for states in top:
                size, start = 64, 0
                while start < len(states):
                    piece = states.between(start, start + size)
                    began = time.perf_counter()
                    for _ in self.walk(piece, self.need - 1):
                        yield self.progress()
                    start += len(piece)
                    self.done += len(piece)
                    yield self.progress()
                    if time.perf_counter() - began < PROGRESS_SECONDS / 2:
                        size *= 2
        except _Stop:
            self.complete = False

    def walk(self, states: _States, remaining: int) -> Iterator[None]:
        """Finish every state of the batch (``remaining`` words still to choose); yields None
        when a progress report is due."""
        if remaining == 1:
            self.finish(states)
            if time.perf_counter() - self.last_progress >= PROGRESS_SECONDS:
                yield None
            return
        for children in branches(self.index, states, remaining):
            yield from self.walk(children, remaining - 1)

    def finish(self, states: _States) -> None:
        """States with one word left: every candidate completes a set (in each of the state's ways)."""
        index, query = self.index, self.query
        starts = states.offsets[:-1] * BLOCK_WORDS
        words = _words(states.bits)
        counts = np.add.reduceat(np.bitwise_count(words), starts, dtype=np.int64)
        weighted = counts.copy()
        for value, bitset in index.weight_bits:
            heavy = words & _words(bitset[states.block])
            weighted += value * np.add.reduceat(np.bitwise_count(heavy), starts, dtype=np.int64)
        sets = counts * states.ways
        self.count += int(sets.sum())
        self.count_with_anagrams += int(np.dot(weighted, states.weight))
        room = (query.keep if query.keep is not None else math.inf) - self.listed
        if room > 0:
            rows = len(states)
            if room < math.inf:
                rows = min(rows, int(np.searchsorted(np.cumsum(sets), room)) + 1)
            # The last masks (the candidates) of the first ``rows`` states, state by state...
            end = int(states.offsets[rows])
            which, bit = _set_bits(words[:end * BLOCK_WORDS])
            entry, part = np.divmod(which, BLOCK_WORDS)
            last = (states.block[entry] * BLOCK_WORDS + part) * 64 + bit
            # ... after each of the ways to the state.
            owner, masks = states.paths(np.arange(rows), None if room == math.inf else int(room))
            picks, _, _ = _spread(_offsets(counts[:rows]), owner)
            found = np.concatenate((np.repeat(masks, counts[owner], axis=0), last[picks, None]), axis=1)
            if room < math.inf:
                found = found[: int(room)]
            self.found.append(found)
            self.listed += len(found)
        if query.limit is not None and self.count >= query.limit:
            raise _Stop
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop

    # Reporting --------------------------------------------------------------------------

    def new_sets(self) -> tuple[WordSet, ...]:
        """The listed sets not yet turned into WordSets (and reported), as WordSets."""
        rows = [row for part in self.found[self.converted:] for row in part.tolist()]
        self.converted = len(self.found)
        new = word_sets(rows, self.index.group, self.index.original, self.query.include, self.fixed_mask)
        self.built.extend(new)
        return tuple(new)

    def progress(self) -> Progress:
        self.last_progress = time.perf_counter()
        return Progress(self.done, self.total, self.count, self.new_sets())

    def result(self) -> FiveWords:
        self.new_sets()
        sets = sorted(self.built, key=WordSet.sort_key)
        query = self.query
        return FiveWords(query.words, query.letters, query.include, query.exclude, tuple(sets),
                         self.count, self.count_with_anagrams, self.complete)
