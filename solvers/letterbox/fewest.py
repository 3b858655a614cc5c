"""The fewest words that solve a box, proved within a time budget, with a chain to show.

Small boxes (up to ``TABLE_LETTERS`` letters): breadth-first over the distinct states (last
letter, letters used), one word a level, where "can one more word use every letter left?"
is a lookup in a table over letter sets (a bit for each first letter), and "can two more?"
pairs each state with each next word and looks the rest up. A chain is read back level by level afterwards: some
state a level before and some word lead to the state found.

Big boxes: a word may be swapped for one with the same first and last letter and more
letters (the chain still solves the box), so only the maximal letter sets matter
(``words.maximal_by``). Two, three and four words: ``halves`` (two halves of the chain
joined at a letter, a word or a pair each, tested on the rarest letters first, then met as
a two-set cover). Five or more (``levels``): a narrow (beam) search finds a chain; when it has the fewest words
proved so far, that is the answer; otherwise a breadth-first search over the maximal states
of each level.

A deadline (``seconds``) and a cap on the states of a level bound the work. When either
stops the proof, the answer says so: no chain of fewer than ``at_least`` words exists, and a
chain found by the beam search, when there is one, bounds the count from above.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .halves import four_cover, three_cover, two_cover
from .levels import OutOfBudget, beam_chain, check, level_chain
from .words import Words, close_upward, maximal_by

TABLE_LETTERS = 16  # up to this many letters, "can one word finish from here" is a table lookup
_CELLS = 1 << 20  # pairs or (state, word) combinations tried at once


@dataclass(frozen=True, slots=True)
class Shortest:
    """``fewest``: the proved least number of words (None: none within ``max_words``, or not
    proved in time); ``at_least``: no chain of fewer words solves the box (proved);
    ``chain``: word positions (into ``Words``) of a solving chain with the fewest words
    found, or ``()``; ``complete``: the search ran to its end (False: stopped by the budget)."""

    fewest: int | None
    at_least: int
    chain: tuple[int, ...]
    complete: bool


def shortest_chain(words: Words, max_words: int = 6, seconds: float | None = None) -> Shortest:
    """The fewest words (up to ``max_words``) that solve the box and a chain of them, proved
    unless the ``seconds`` budget (None: no limit) or the memory cap stops the search first."""
    deadline = None if seconds is None else time.monotonic() + seconds
    singles = np.flatnonzero(words.mask == words.full)
    if singles.size:
        return Shortest(1, 1, (int(singles[0]),), True)
    if words.index.size == 0 or max_words == 1:
        return Shortest(None, max_words + 1, (), True)
    if words.full < 1 << TABLE_LETTERS:
        return _table_search(words, max_words, deadline)
    return _big_search(words, max_words, deadline)


def fewest_words(words: Words, max_words: int = 6, seconds: float | None = None) -> int | None:
    """The least number of words that solves the box (None: no chain of up to ``max_words``
    words solves it, or the ``seconds`` budget ran out before the proof)."""
    return shortest_chain(words, max_words, seconds).fewest


def words_to_finish(words: Words, last: int | None, used: int, max_words: int = 3) -> int | None:
    """The fewest more words that use every letter of the box not in ``used`` (a bit mask over
    ``box.letters``), the first of them starting with the letter at position ``last`` (None: a
    fresh chain, any start): 0 when no letter is left; None when it takes more than
    ``max_words``. Breadth-first over (last letter, letters used), the last step a table lookup;
    boxes of up to ``TABLE_LETTERS`` letters (the daily box has 12)."""
    if words.full >= 1 << TABLE_LETTERS:
        raise ValueError(f"words_to_finish needs a box of at most {TABLE_LETTERS} letters")
    if used & words.full == words.full:
        return 0
    if last is None:
        return shortest_chain(words, max_words).fewest
    finishes = _cover_table(words)
    states = np.array([used << _SHIFT | last], dtype=np.int64)
    for count in range(1, max_words + 1):
        if (finishes[words.full & ~(states >> _SHIFT)] >> (states & 31) & 1).any():
            return count
        if count < max_words:
            states = _all_next(states, words, None)
    return None


# Small boxes: a table ---------------------------------------------------------------------

_SHIFT = 5  # a state is (letters used) << 5 | (last letter)


def _table_search(words: Words, max_words: int, deadline: float | None) -> Shortest:
    finishes = _cover_table(words)
    levels = [np.unique(words.mask << _SHIFT | words.last)]  # after one word, two, ...
    at_least = 2
    try:
        while True:
            count, states = len(levels), levels[-1]
            hit = np.flatnonzero(finishes[words.full & ~(states >> _SHIFT)] >> (states & 31) & 1)
            if hit.size:
                return Shortest(count + 1, count + 1, _walk_back(words, levels, int(states[hit[0]])), True)
            if count + 2 > max_words:
                return Shortest(None, max_words + 1, (), True)
            at_least = count + 2
            found = _two_more(states, words, finishes, deadline)
            if found is not None:
                state, word = found
                key = int((states[state] >> _SHIFT | words.mask[word]) << _SHIFT | words.last[word])
                return Shortest(count + 2, count + 2, _walk_back(words, [*levels, np.array([key])], key), True)
            if count + 3 > max_words:
                return Shortest(None, max_words + 1, (), True)
            at_least = count + 3
            levels.append(_all_next(states, words, deadline))
            levels.append(_all_next(levels[-1], words, deadline))
    except OutOfBudget:
        chain = beam_chain(words, maximal_by(words, words.first * 32 + words.last), max_words)
        return Shortest(at_least, at_least, chain, True) if len(chain) == at_least else \
            Shortest(None, at_least, chain, False)


def _cover_table(words: Words) -> np.ndarray:
    """``table[needed]``: bit ``letter`` is set when some playable word starts with ``letter``
    and uses every letter of ``needed`` (a bit mask). Marks each word's own mask, then passes
    every mark down to all its subsets, one bit at a time (the bit's two halves of the table,
    side by side)."""
    table = np.zeros(1 << int(words.full).bit_length(), dtype=np.int64)
    np.bitwise_or.at(table, words.mask, np.int64(1) << words.first)
    return close_upward(table)


def _next_words(states: np.ndarray, words: Words):
    """For each last letter of the states: the states ending there, and the words that may
    follow (they start with that letter), one for each distinct (letters, last letter)."""
    for letter in np.unique(states & 31).tolist():
        starting = np.flatnonzero(words.first == letter)
        if starting.size:
            _, one = np.unique(words.mask[starting] << _SHIFT | words.last[starting], return_index=True)
            yield np.flatnonzero((states & 31) == letter), starting[one]


def _two_more(states: np.ndarray, words: Words, finishes: np.ndarray, deadline: float | None) -> tuple[int, int] | None:
    """(state, word) where the word and then one more use every letter, or None."""
    for chosen, following in _next_words(states, words):
        masks, ends = words.mask[following], words.last[following]
        step = max(1, _CELLS // following.size)
        for start in range(0, chosen.size, step):
            check(deadline)
            rows = chosen[start:start + step]
            needed = words.full & ~((states[rows] >> _SHIFT)[:, None] | masks[None, :])
            hits = np.argwhere(finishes[needed] >> ends[None, :] & 1)
            if hits.size:
                return int(rows[hits[0, 0]]), int(following[hits[0, 1]])
    return None


def _all_next(states: np.ndarray, words: Words, deadline: float | None) -> np.ndarray:
    """Every distinct state one word later."""
    grown = []
    for chosen, following in _next_words(states, words):
        pairs = words.mask[following] << _SHIFT | words.last[following]
        step = max(1, _CELLS // following.size)
        for start in range(0, chosen.size, step):
            check(deadline)
            used = (states[chosen[start:start + step]] >> _SHIFT) << _SHIFT
            grown.append(np.unique(used[:, None] | pairs[None, :]))
    return np.unique(np.concatenate(grown)) if grown else np.zeros(0, dtype=np.int64)


def _walk_back(words: Words, levels: list[np.ndarray], key: int) -> tuple[int, ...]:
    """A chain to the state ``key`` of the last level, plus a word that finishes from it when
    it leaves letters unused: some state a level before and some word lead to each state."""
    needed = words.full & ~(key >> _SHIFT)
    chain = [] if not needed else [int(np.flatnonzero((words.first == key & 31) & (needed & ~words.mask == 0))[0])]
    for before in reversed(levels[:-1]):
        used = key >> _SHIFT
        word = np.flatnonzero((words.last == key & 31) & (words.mask & ~used == 0))
        prior = before[(before >> _SHIFT) & ~used == 0]
        fits = ((prior[:, None] & 31) == words.first[word][None, :]) & \
            ((prior[:, None] >> _SHIFT | words.mask[word][None, :]) == used)
        a, b = np.argwhere(fits)[0]
        chain.append(int(word[b]))
        key = int(prior[a])
    chain.append(int(np.flatnonzero((words.mask == key >> _SHIFT) & (words.last == key & 31))[0]))
    return tuple(reversed(chain))


# Big boxes: maximal letter sets, the rarest letter, then levels -----------------------------

def _big_search(words: Words, max_words: int, deadline: float | None) -> Shortest:
    ends, starts = maximal_by(words, words.last), maximal_by(words, words.first)
    middles = maximal_by(words, words.first * 32 + words.last)
    at_least, chain = 2, None
    try:
        test = lambda: check(deadline)  # noqa: E731
        covers = {2: lambda: two_cover(words, ends, starts, middles, test),
                  3: lambda: three_cover(words, ends, starts, middles, test),
                  4: lambda: four_cover(words, ends, starts, middles, test)}
        for count, cover in covers.items():
            found = cover()
            if found:
                return Shortest(count, count, found, True)
            if max_words == count:
                return Shortest(None, count + 1, (), True)
            at_least = count + 1
        chain = beam_chain(words, middles, max_words)
        if len(chain) == 5:
            return Shortest(5, 5, chain, True)
        chain = level_chain(words, middles, max_words, deadline)
        return Shortest(len(chain), len(chain), chain, True) if chain else Shortest(None, max_words + 1, (), True)
    except OutOfBudget:
        chain = beam_chain(words, middles, max_words) if chain is None else chain
        if len(chain) == at_least:  # the narrow search met the proof: that many words is the fewest
            return Shortest(at_least, at_least, chain, True)
        return Shortest(None, at_least, chain, False)
