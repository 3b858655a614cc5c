"""Solving a box: the fewest words (proved), every two-word solution, three-word solutions, ranking."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..lexicon import Lexicon
from .box import Box, playable


@dataclass(frozen=True, slots=True)
class Words:
    """The playable words of a box, as arrays: first and last letter (their position in
    ``box.letters``), the set of box letters used (a bit mask over ``box.letters``)."""

    index: np.ndarray
    first: np.ndarray
    last: np.ndarray
    mask: np.ndarray
    full: int
    zipf: np.ndarray  # each word's commonness

    @classmethod
    def of(cls, lexicon: Lexicon, box: Box) -> Words:
        index = playable(lexicon, box)
        position = np.full(27, -1, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            position[ord(ch) - 97] = k
        spell = lexicon.spellings[index]
        first = position[spell[:, 0]] if index.size else np.zeros(0, dtype=np.int64)
        last = position[spell[np.arange(index.size), lexicon.lengths[index] - 1]] if index.size else first
        mask = np.zeros(index.size, dtype=np.int64)
        for k, ch in enumerate(box.letters):
            mask |= (lexicon.counts[ord(ch) - 97, index] > 0).astype(np.int64) << k
        return cls(index, first, last, mask, (1 << len(box.letters)) - 1, lexicon.zipf[index])


def fewest_words(words: Words, max_words: int = 6) -> int | None:
    """The least number of words that solves the box, proved by breadth-first search over
    (last letter, letters used); None when no chain of up to ``max_words`` words solves it.
    Each level keeps every distinct state once. The last two levels are only tested, never
    built: "can one more word finish?" is a table lookup, and "can two more?" pairs each state
    with each next word and looks the rest up."""
    if words.index.size == 0:
        return None
    states = np.unique(words.mask << _SHIFT | words.last)  # after one word
    if ((states >> _SHIFT) == words.full).any():
        return 1
    if words.full >= 1 << _TABLE_LETTERS:  # a big box: no table, one level at a time
        for count in range(2, max_words + 1):
            if _one_word_finishes(states, words):
                return count
            states = _grow(states, words) if count < max_words else states
        return None
    finishes = _cover_table(words)
    level = 1  # states are after this many words
    while True:
        if level + 1 <= max_words and finishes[states & 31, words.full & ~(states >> _SHIFT)].any():
            return level + 1
        if level + 2 <= max_words and _two_more_finish(states, words, finishes):
            return level + 2
        if level + 3 > max_words:
            return None
        states, level = _grow(_grow(states, words), words), level + 2


def _two_more_finish(states: np.ndarray, words: Words, finishes: np.ndarray) -> bool:
    """Whether some state, one word and then one more, uses every letter."""
    for _, used, starting in _by_last_letter(states, words):
        masks, ends = words.mask[starting], words.last[starting]
        for start in range(0, used.size, _CHUNK):
            needed = words.full & ~(used[start : start + _CHUNK, None] | masks[None, :])
            if finishes[np.broadcast_to(ends, needed.shape), needed].any():
                return True
    return False


_SHIFT = 5  # a state is (letters used) << 5 | (last letter): a box has at most 30 letters
_CHUNK = 4096
_TABLE_LETTERS = 16  # up to this many letters, "can one word finish from here" is a table lookup


def _cover_table(words: Words) -> np.ndarray:
    """``table[letter, needed]``: some playable word starts with ``letter`` and uses every letter
    of ``needed`` (a bit mask). Marks each word's own mask, then passes every mark down to all
    its subsets, one bit at a time (the bit's two halves of the table, side by side)."""
    letters = int(words.full).bit_length()
    table = np.zeros((letters, 1 << letters), dtype=bool)
    table[words.first, words.mask] = True
    for bit in range(letters):
        halves = table.reshape(letters, -1, 2, 1 << bit)
        halves[:, :, 0, :] |= halves[:, :, 1, :]
    return table


def _by_last_letter(states: np.ndarray, words: Words):
    """For each last letter of the states: the letters-used masks ending there, and the masks
    of the words that may follow (they start with that letter)."""
    for letter in np.unique(states & 31).tolist():
        starting = words.first == letter
        if starting.any():
            yield letter, states[(states & 31) == letter] >> _SHIFT, starting


def _one_word_finishes(states: np.ndarray, words: Words) -> bool:
    """Whether one more word can use every letter left, from some state."""
    for _, used, starting in _by_last_letter(states, words):
        following = np.unique(words.mask[starting])
        for start in range(0, used.size, _CHUNK):
            needed = words.full & ~used[start : start + _CHUNK]
            if ((needed[:, None] & ~following[None, :]) == 0).any():
                return True
    return False


def _grow(states: np.ndarray, words: Words) -> np.ndarray:
    """Every distinct state one word later."""
    grown = []
    for _, used, starting in _by_last_letter(states, words):
        pairs = np.unique(words.mask[starting] << _SHIFT | words.last[starting])
        masks, ends = pairs >> _SHIFT, pairs & 31
        for start in range(0, used.size, _CHUNK):
            joined = (used[start : start + _CHUNK, None] | masks[None, :]) << _SHIFT | ends[None, :]
            grown.append(np.unique(joined))
    return np.unique(np.concatenate(grown)) if grown else np.zeros(0, dtype=np.int64)


def two_word_solutions(words: Words) -> np.ndarray:
    """Every pair that solves the box in two words: an (n, 2) array of lexicon indexes (first
    word, second word), sorted. For each letter, the words ending with it meet the words
    starting with it in one outer OR of their letter masks."""
    firsts, seconds = [], []
    for letter in np.unique(words.last).tolist():
        ending, starting = np.flatnonzero(words.last == letter), np.flatnonzero(words.first == letter)
        if ending.size == 0 or starting.size == 0:
            continue
        covers = (words.mask[ending][:, None] | words.mask[starting][None, :]) == words.full
        a, b = np.nonzero(covers)
        firsts.append(words.index[ending[a]])
        seconds.append(words.index[starting[b]])
    if not firsts:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.column_stack((np.concatenate(firsts), np.concatenate(seconds)))
    return pairs[np.lexsort((pairs[:, 1], pairs[:, 0]))]


COMMONNESS_TIERS = (4.0, 3.0, 2.0, 1.0, -1.0)  # for listing the best three-word chains first
LIST_ALL_BELOW = 20_000  # fewer chains than this are listed in one pass, without tiers


def three_word_solutions(words: Words, limit: int = 50) -> tuple[int, list[tuple[int, int, int]]]:
    """How many three-word chains solve the box without redundancy (neither its first two nor
    its last two words already use every letter), and up to ``limit`` of the best of them
    (lexicon indexes), best by the rarer word's commonness.

    Middle words are taken together, a group for each (first, last) letter pair, since they
    share the words that may come before and after them; within a group, the distinct letter
    sets before and after are combined at once for every middle word. Counting multiplies
    the number of words of each letter set out, never listing. Listing goes tier by tier of
    commonness (every word at least 4.0, then 3.0, ...): once a tier holds ``limit`` chains,
    no chain with a rarer word can rank above them.
    """
    total = sum(count for count, _ in _middle_groups(words, None, listing=False))
    best: list[tuple[int, int, int]] = []
    tiers = COMMONNESS_TIERS if total > LIST_ALL_BELOW else COMMONNESS_TIERS[-1:]  # few: list them all at once
    for floor in tiers:
        chains = [chain for _, found in _middle_groups(words, floor, listing=True) for chain in found]
        if len(chains) >= limit or floor == tiers[-1]:
            zipf = dict(zip(words.index.tolist(), words.zipf.tolist()))
            best = sorted(chains, key=lambda c: (-min(zipf[i] for i in c), c))[: limit * 4]
            break
    return total, best


_MIDDLES_AT_ONCE = 16


def _middle_groups(words: Words, floor: float | None, *, listing: bool):
    """For each group of middle words with the same first and last letter: (the number of
    non-redundant chains through them, and the chains when ``listing``), using only words of
    commonness >= floor when one is given."""
    allowed = np.ones(words.index.size, dtype=bool) if floor is None else words.zipf >= floor
    middles = np.flatnonzero(allowed)
    keys = words.first[middles] * 32 + words.last[middles]
    for key in np.unique(keys).tolist():
        group = middles[keys == key]
        before = np.flatnonzero((words.last == key // 32) & allowed)
        after = np.flatnonzero((words.first == key % 32) & allowed)
        if before.size == 0 or after.size == 0:
            continue
        for start in range(0, group.size, _MIDDLES_AT_ONCE):
            chunk = group[start : start + _MIDDLES_AT_ONCE]
            need = (words.full & ~words.mask[chunk])[:, None, None]
            if listing:
                x, y = words.mask[before][None, :, None] & need, words.mask[after][None, None, :] & need
                m, a, c = np.nonzero(((x | y) == need) & (x != need) & (y != need))
                yield m.size, list(zip(words.index[before[a]].tolist(), words.index[chunk[m]].tolist(),
                                       words.index[after[c]].tolist()))
            else:
                ux, cx = np.unique(words.mask[before], return_counts=True)
                uy, cy = np.unique(words.mask[after], return_counts=True)
                x, y = ux[None, :, None] & need, uy[None, None, :] & need
                ok = ((x | y) == need) & (x != need) & (y != need)
                yield int((ok * (cx[:, None] * cy[None, :])[None, :, :]).sum()), ()


@dataclass(frozen=True, slots=True)
class Solution:
    words: tuple[str, ...]
    rarity: float  # the commonness of the rarer word: higher is friendlier

    def to_json(self) -> dict:
        return {"words": list(self.words), "rarity": round(self.rarity, 2)}


@dataclass(frozen=True, slots=True)
class Solved:
    """What :func:`solve` found: the playable word count, the fewest words (None: unsolved
    within the search), how many two-word solutions there are, and the best of them ranked."""

    box: Box
    lexicon: str
    playable: int
    fewest_words: int | None
    two_word_count: int
    three_word_count: int  # non-redundant three-word chains
    solutions: tuple[Solution, ...]  # the best: one-word, two-word, then three-word ones, each ranked

    def to_json(self) -> dict:
        return {"sides": list(self.box.sides), "lexicon": self.lexicon, "playable": self.playable,
                "fewest_words": self.fewest_words, "counts": {"2": self.two_word_count, "3": self.three_word_count},
                "solutions": [s.to_json() for s in self.solutions]}


def rank(lexicon: Lexicon, chains: list[tuple[str, ...]]) -> list[Solution]:
    """Chains as solutions, best first: the rarer word's commonness (higher first), then fewer
    letters in all, then alphabetical order."""
    solutions = [Solution(chain, min(lexicon.commonness(w) for w in chain)) for chain in chains]
    return sorted(solutions, key=lambda s: (-s.rarity, sum(map(len, s.words)), s.words))


def solve(lexicon: Lexicon, box: Box, *, limit: int = 50, max_words: int = 6) -> Solved:
    """The box's playable words, its fewest words (proved), every two-word solution and the
    count of non-redundant three-word ones, and the best ``limit`` solutions: one-word ones
    first, then two-word, then three-word, each group ranked."""
    words = Words.of(lexicon, box)
    singles = [(lexicon.words[i],) for i in words.index[words.mask == words.full].tolist()]
    pairs = two_word_solutions(words)
    fewest = 1 if singles else 2 if len(pairs) else fewest_words(words, max_words)
    three_count, triples = three_word_solutions(words, limit)
    chains = [rank(lexicon, singles), rank(lexicon, [(lexicon.words[a], lexicon.words[b]) for a, b in pairs.tolist()]),
              rank(lexicon, [tuple(lexicon.words[i] for i in chain) for chain in triples])]
    best = tuple(solution for group in chains for solution in group)[:limit]
    return Solved(box, lexicon.name, int(words.index.size), fewest, len(pairs), three_count, best)
