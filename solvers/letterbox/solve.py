"""Solving a box: the fewest words (proved), every two-word solution, three-word solutions, ranking."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ..lexicon import Lexicon
from .box import Box
from .fewest import shortest_chain
from .three import rank_order, three_word_solutions
from .words import Words

_CELLS = 1 << 20  # word pairs tried at once (memory stays small whatever the box)
# of solve's budget, for proving the fewest words (asked for always); the three-word search has the rest
PROOF_SHARE = 0.7


def two_word_solutions(words: Words) -> np.ndarray:
    """Every pair that solves the box in two words: an (n, 2) array of lexicon indexes (first
    word, second word), sorted. For each letter, the words ending with it meet the words
    starting with it in an outer OR of their letter masks, a block of rows at a time (only
    the words with enough letters that the best word on the other side could finish)."""
    firsts, seconds = [], []
    letters, count = int(words.full).bit_count(), np.bitwise_count(words.mask).astype(np.int64)
    for letter in np.unique(words.last).tolist():
        ending, starting = np.flatnonzero(words.last == letter), np.flatnonzero(words.first == letter)
        if starting.size:  # a pair has every letter: each word has at least the letters the other cannot give
            ending = ending[count[ending] >= letters - count[starting].max()]
            starting = starting[count[starting] >= letters - count[ending].max(initial=0)]
        rows = max(1, _CELLS // max(1, starting.size))
        for top in range(0, ending.size if starting.size else 0, rows):
            block = ending[top:top + rows]
            a, b = np.nonzero((words.mask[block][:, None] | words.mask[starting][None, :]) == words.full)
            firsts.append(words.index[block[a]])
            seconds.append(words.index[starting[b]])
    if not firsts:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.column_stack((np.concatenate(firsts), np.concatenate(seconds)))
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


@dataclass(frozen=True, slots=True)
class Solution:
    words: tuple[str, ...]
    rarity: float  # the commonness of the rarer word: higher is friendlier

    def to_json(self) -> dict:
        return {"words": list(self.words), "rarity": round(self.rarity, 2)}


@dataclass(frozen=True, slots=True)
class Solved:
    """What :func:`solve` found: the playable word count; the fewest words (None: not proved,
    see ``fewest_at_least``); how many two-word and three-word solutions there are; and the
    best solutions ranked. ``max_words`` is how far the proof of the fewest words looked."""

    box: Box
    lexicon: str
    playable: int
    fewest_words: int | None
    two_word_count: int
    three_word_count: int  # non-redundant three-word chains; a lower bound when three_word_at_least
    solutions: tuple[Solution, ...]  # the best: one-word, two-word, three-word, then a longest one, each ranked
    max_words: int = 6
    fewest_at_least: int = 1  # no chain of fewer words solves the box (proved)
    fewest_complete: bool = True  # False: the proof stopped at the time limit
    three_word_at_least: bool = False  # the three-word search stopped at the time limit

    def to_json(self) -> dict:
        return {"sides": list(self.box.sides), "lexicon": self.lexicon, "playable": self.playable,
                "fewest_words": self.fewest_words, "fewest_at_least": self.fewest_at_least,
                "fewest_complete": self.fewest_complete, "max_words": self.max_words,
                "counts": {"2": self.two_word_count, "3": self.three_word_count},
                "three_word_count_is_lower_bound": self.three_word_at_least,
                "solutions": [s.to_json() for s in self.solutions]}


def rank(lexicon: Lexicon, chains: list[tuple[str, ...]]) -> list[Solution]:
    """Chains as solutions, best first: the rarer word's commonness (higher first), then fewer
    letters in all, then alphabetical order."""
    solutions = [Solution(chain, min(lexicon.commonness(w) for w in chain)) for chain in chains]
    return sorted(solutions, key=lambda s: (-s.rarity, sum(map(len, s.words)), s.words))


def solve(lexicon: Lexicon, box: Box, *, limit: int = 50, max_words: int = 6, seconds: float | None = 2.0) -> Solved:
    """The box's playable words, its fewest words (proved, up to ``max_words``), every two-word
    solution and the count of non-redundant three-word ones, and the best ``limit`` solutions:
    one-word ones first, then two-word, then three-word, each group ranked; when the box needs
    more words, a chain of the fewest. The proof and the three-word search share ``seconds``
    (None: no limit; the proof ``PROOF_SHARE`` of it), and say when they stopped short."""
    started = time.monotonic()
    words = Words.of(lexicon, box)
    singles = np.flatnonzero(words.mask == words.full)[:, None]
    pairs = np.searchsorted(words.index, two_word_solutions(words))
    fewest, at_least, complete, longer = (1, 1, True, ()) if singles.size else (2, 2, True, ()) if len(pairs) else \
        _searched(words, max_words, None if seconds is None else seconds * PROOF_SHARE)
    left = None if seconds is None else max(seconds - (time.monotonic() - started), seconds * (1 - PROOF_SHARE) / 2)
    three = three_word_solutions(words, limit, left) if at_least < 4 else None  # else: no three-word chain
    three_count = three.count if three else 0
    if fewest is None and three_count and at_least >= 3:
        fewest, complete = 3, True
    groups = [words.index[chains[rank_order(words, chains)[:limit]]] for chains in (singles, pairs)]
    groups.append(np.array(three.best if three else (), dtype=np.int64).reshape(-1, 3))
    if longer and not three_count:
        groups.append(words.index[np.array([longer])])
    best = [Solution(tuple(lexicon.words[i] for i in chain), float(lexicon.zipf[chain].min()))
            for group in groups for chain in group][:limit]
    return Solved(box, lexicon.name, int(words.index.size), fewest, len(pairs), three_count, tuple(best),
                  max_words, fewest or at_least, complete, bool(three and not three.complete))


def _searched(words: Words, max_words: int, seconds: float | None) -> tuple[int | None, int, bool, tuple[int, ...]]:
    found = shortest_chain(words, max_words, seconds)
    return found.fewest, found.at_least, found.complete, found.chain
