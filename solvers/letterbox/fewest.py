"""The fewest words that solve a box, proved within a time budget, with a chain to show.

The search is breadth-first over states (last letter, letters used), one word a level. What
keeps it small on big boxes (20 to 26 letters, where the plain state space runs to millions)
is dominance: a state whose used letters are a subset of another state's with the same last
letter can do nothing the other cannot, so each level keeps only the maximal letter sets per
last letter. The same rule thins the words first: of two words with the same first and last
letter, one whose letters are a subset of the other's is never needed to prove a count.

Every kept state remembers the state and word it came from, so a shortest chain is read
back from the level where the box is first solved. The last level is only tested, never
built ("can one more word use every letter left?").

A deadline (``seconds``) and a cap on the states of a level bound the work. When either
stops the proof, the answer says so: no chain of fewer than ``at_least`` words exists, and a
chain found by a narrow (beam) search, when there is one, bounds the count from above.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .words import Words

MAX_CANDIDATES = 6_000_000  # states of one last letter before dominance: past this the proof stops (memory)
BEAM = 256  # states per last letter kept by the narrow search that finds a chain when the proof stops
_BLOCK = 1024


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


class _OutOfBudget(Exception):
    pass


@dataclass(slots=True)
class _Level:
    """The states after some number of words: last letter, letters used, and where each came
    from (the index of the state a level before, -1 for none; the word's position)."""

    last: np.ndarray
    mask: np.ndarray
    parent: np.ndarray
    word: np.ndarray


def shortest_chain(words: Words, max_words: int = 6, seconds: float | None = None) -> Shortest:
    """The fewest words (up to ``max_words``) that solve the box and a chain of them, proved
    unless the ``seconds`` budget (None: no limit) or the memory cap stops the search first."""
    deadline = None if seconds is None else time.monotonic() + seconds
    if words.index.size == 0:
        return Shortest(None, max_words + 1, (), True)
    choices = _useful_words(words)
    levels = [_first_level(words, choices)]
    at_least = 2
    try:
        while True:
            count = len(levels)
            solved = np.flatnonzero(levels[-1].mask == words.full)
            if solved.size:
                return Shortest(count, count, _read_back(levels, int(solved[0])), True)
            at_least = count + 1
            if count == max_words:
                return Shortest(None, max_words + 1, (), True)
            finish = _one_more_finishes(levels[-1], words, choices, deadline)
            if finish is not None:
                state, word = finish
                return Shortest(count + 1, count + 1, _read_back(levels, state) + (word,), True)
            at_least = count + 2
            if count + 1 == max_words:
                return Shortest(None, max_words + 1, (), True)
            levels.append(_grow(levels[-1], words, choices, deadline, beam=None))
    except _OutOfBudget:
        chain = _beam_chain(words, choices, max_words)
        if len(chain) == at_least:  # the narrow search met the proof: that many words is the fewest
            return Shortest(at_least, at_least, chain, True)
        return Shortest(None, at_least, chain, False)


def fewest_words(words: Words, max_words: int = 6, seconds: float | None = None) -> int | None:
    """The least number of words that solves the box (None: no chain of up to ``max_words``
    words solves it, or the ``seconds`` budget ran out before the proof)."""
    return shortest_chain(words, max_words, seconds).fewest


def _useful_words(words: Words) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """For each first letter: the words worth trying (last letters, masks, positions), one for
    each maximal letter set per (first, last) pair, the most common such word."""
    order = np.lexsort((-words.zipf, words.mask, words.last, words.first))
    key = (words.first[order] * 32 + words.last[order]) << 32 | words.mask[order]
    order = order[np.r_[True, key[1:] != key[:-1]]]  # one word per (first, last, letters), the most common
    pair = words.first[order] * 32 + words.last[order]
    choices = {}
    for first in np.unique(words.first).tolist():
        kept = []
        for value in np.unique(pair[words.first[order] == first]).tolist():
            group = order[pair == value]
            kept.append(group[_maximal(words.mask[group], None)])
        chosen = np.concatenate(kept)
        choices[first] = (words.last[chosen], words.mask[chosen], chosen)
    return choices


def _first_level(words: Words, choices: dict) -> _Level:
    positions = np.concatenate([chosen for _, _, chosen in choices.values()])
    last, mask, parent, word = [], [], [], []
    for letter in np.unique(words.last[positions]).tolist():
        ending = positions[words.last[positions] == letter]
        keep = ending[_maximal(words.mask[ending], None)]
        last.append(np.full(keep.size, letter)), mask.append(words.mask[keep])
        parent.append(np.full(keep.size, -1)), word.append(keep)
    return _Level(*(np.concatenate(parts).astype(np.int64) for parts in (last, mask, parent, word)))


def _one_more_finishes(level: _Level, words: Words, choices: dict, deadline: float | None) -> tuple[int, int] | None:
    """(state, word) where one more word uses every letter left, or None."""
    for letter, (_, masks, positions) in choices.items():
        states = np.flatnonzero(level.last == letter)
        for start in range(0, states.size, _BLOCK):
            _check(deadline)
            chunk = states[start:start + _BLOCK]
            needed = words.full & ~level.mask[chunk]
            hits = np.argwhere((needed[:, None] & ~masks[None, :]) == 0)
            if hits.size:
                return int(chunk[hits[0, 0]]), int(positions[hits[0, 1]])
    return None


def _grow(level: _Level, words: Words, choices: dict, deadline: float | None, *, beam: int | None) -> _Level:
    """The states one word later, only the maximal letter sets per last letter (at most
    ``beam`` of them, the largest, when given). One last letter at a time, so memory holds
    the candidates of one letter only."""
    sources = {letter: np.flatnonzero(level.last == letter) for letter in choices}
    ends = np.unique(np.concatenate([lasts for lasts, _, _ in choices.values()])).tolist()
    last, mask, parent, word = [], [], [], []
    for end in ends:
        _check(deadline)
        parts, size = [], 0
        for letter, (lasts, masks, positions) in choices.items():
            states, going = sources[letter], np.flatnonzero(lasts == end)
            if states.size and going.size:
                parts.append((states, going))
                size += states.size * going.size
        if size > MAX_CANDIDATES:
            raise _OutOfBudget
        if not parts:
            continue
        joined = np.concatenate([(level.mask[st, None] | choices[_letter_of(level, st)][1][None, go]).ravel()
                                 for st, go in parts])
        keep = _maximal(joined, deadline, limit=beam)
        came = np.concatenate([np.repeat(st, go.size) for st, go in parts])
        used = np.concatenate([np.tile(choices[_letter_of(level, st)][2][go], st.size) for st, go in parts])
        last.append(np.full(keep.size, end)), mask.append(joined[keep])
        parent.append(came[keep]), word.append(used[keep])
    if not last:
        return _Level(*(np.zeros(0, dtype=np.int64) for _ in range(4)))
    return _Level(*(np.concatenate(parts).astype(np.int64) for parts in (last, mask, parent, word)))


def _letter_of(level: _Level, states: np.ndarray) -> int:
    return int(level.last[states[0]])


def _maximal(masks: np.ndarray, deadline: float | None, *, limit: int | None = None) -> np.ndarray:
    """The indexes of the masks that are no strict subset of another (duplicates: the first),
    largest first; at most ``limit`` of them when given."""
    if limit is not None and masks.size > 16 * limit:  # the largest sets only: a narrow search
        some = np.argpartition(-np.bitwise_count(masks), 16 * limit)[:16 * limit]
        return some[_maximal(masks[some], deadline, limit=limit)]
    distinct, first = np.unique(masks, return_index=True)
    order = np.argsort(-np.bitwise_count(distinct), kind="stable")
    distinct, first = distinct[order], first[order]
    kept: list[np.ndarray] = []
    kept_masks = np.zeros(0, dtype=distinct.dtype)
    for start in range(0, distinct.size, _BLOCK):
        _check(deadline)
        block = distinct[start:start + _BLOCK]
        alive = np.ones(block.size, dtype=bool)
        for k in range(0, kept_masks.size, 4 * _BLOCK):
            alive &= ~((block[:, None] & ~kept_masks[None, k:k + 4 * _BLOCK]) == 0).any(axis=1)
        inside = (block[:, None] & ~block[None, :]) == 0  # block[i] within block[j]; distinct, so strict when i != j
        np.fill_diagonal(inside, False)
        alive &= ~inside.any(axis=1)
        kept.append(first[start:start + _BLOCK][alive])
        kept_masks = np.concatenate([kept_masks, block[alive]])
        if limit is not None and kept_masks.size >= limit:
            break
    found = np.concatenate(kept) if kept else np.zeros(0, dtype=np.int64)
    return found if limit is None else found[:limit]


def _read_back(levels: list[_Level], state: int) -> tuple[int, ...]:
    chain = []
    for level in reversed(levels):
        chain.append(int(level.word[state]))
        state = int(level.parent[state])
    return tuple(reversed(chain))


def _beam_chain(words: Words, choices: dict, max_words: int) -> tuple[int, ...]:
    """A solving chain found by keeping only the ``BEAM`` largest letter sets per last letter
    at each level: no proof of anything, but quick, and a chain is an upper bound."""
    first = _first_level(words, choices)
    keep = np.concatenate([np.flatnonzero(first.last == end)[:BEAM] for end in np.unique(first.last).tolist()])
    levels = [_Level(first.last[keep], first.mask[keep], first.parent[keep], first.word[keep])]  # largest first
    while True:
        solved = np.flatnonzero(levels[-1].mask == words.full)
        if solved.size:
            return _read_back(levels, int(solved[0]))
        if len(levels) == max_words or levels[-1].last.size == 0:
            return ()
        levels.append(_grow(levels[-1], words, choices, None, beam=BEAM))


def _check(deadline: float | None) -> None:
    if deadline is not None and time.monotonic() > deadline:
        raise _OutOfBudget
