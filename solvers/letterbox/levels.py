"""Chains of a big box by levels of maximal states: the breadth-first proof of the fewest
words when four are too few, and the narrow (beam) search that finds a chain quickly.

A level holds, for each last letter, the states (letters used so far) after some number of
words, only the maximal ones: a state inside another with the same last letter can never
finish sooner. The words tried after a state are the maximal words of each (first, last)
letter pair (``words.maximal_by``). The beam search keeps the ``BEAM`` largest states per last
letter, so it proves nothing, but a chain it finds bounds the fewest words from above.

A deadline and a cap on the candidates of a level (``MAX_CANDIDATES``, for memory) stop the
breadth-first search by :class:`OutOfBudget`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from .words import Words, maximal

MAX_CANDIDATES = 6_000_000  # states of one last letter before dominance: past this the proof stops (memory)
BEAM = 256  # states per last letter kept by the narrow search that finds a chain


class OutOfBudget(Exception):
    """The deadline passed, or a level would hold too many candidates."""


def check(deadline: float | None) -> None:
    """Raise :class:`OutOfBudget` once the deadline (a ``time.monotonic`` value) has passed."""
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfBudget


@dataclass(slots=True)
class _Level:
    """The states after some number of words: last letter, letters used, and where each came
    from (the index of the state a level before, -1 for none; the word's position)."""

    last: np.ndarray
    mask: np.ndarray
    parent: np.ndarray
    word: np.ndarray


def _choices(words: Words, middles: dict) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """For each first letter: the words worth trying (last letters, masks, positions)."""
    by_first: dict[int, list[np.ndarray]] = {}
    for key, group in middles.items():
        by_first.setdefault(key // 32, []).append(group)
    return {first: (words.last[chosen], words.mask[chosen], chosen)
            for first, groups in by_first.items() for chosen in [np.concatenate(groups)]}


def level_chain(words: Words, middles: dict, max_words: int, deadline: float | None) -> tuple[int, ...]:
    """Four words or more: breadth-first over the maximal states of each level; the read-back
    chain of the first level that solves the box (three words are disproved), or () when
    none of up to ``max_words`` does."""
    choices = _choices(words, middles)
    levels = [_first_level(words, choices)]
    while len(levels) < max_words:
        check(deadline)
        levels.append(_grow(levels[-1], words, choices, deadline, beam=None))
        solved = np.flatnonzero(levels[-1].mask == words.full)
        if solved.size and len(levels) >= 4:
            return _read_back(levels, int(solved[0]))
    return ()


def _first_level(words: Words, choices: dict) -> _Level:
    positions = np.concatenate([chosen for _, _, chosen in choices.values()])
    last, mask, parent, word = [], [], [], []
    for letter in np.unique(words.last[positions]).tolist():
        ending = positions[words.last[positions] == letter]
        keep = ending[maximal(words.mask[ending])]
        last.append(np.full(keep.size, letter)), mask.append(words.mask[keep])
        parent.append(np.full(keep.size, -1)), word.append(keep)
    return _Level(*(np.concatenate(parts).astype(np.int64) for parts in (last, mask, parent, word)))


def _grow(level: _Level, words: Words, choices: dict, deadline: float | None, *, beam: int | None) -> _Level:
    """The states one word later, only the maximal letter sets per last letter (at most
    ``beam`` of them, the largest, when given). One last letter at a time, so memory holds
    the candidates of one letter only."""
    sources = {letter: np.flatnonzero(level.last == letter) for letter in choices}
    ends = np.unique(np.concatenate([lasts for lasts, _, _ in choices.values()])).tolist()
    last, mask, parent, word = [], [], [], []
    for end in ends:
        check(deadline)
        parts = [(sources[letter], going, positions) for letter, (lasts, _, positions) in choices.items()
                 if sources[letter].size for going in [np.flatnonzero(lasts == end)] if going.size]
        if sum(states.size * going.size for states, going, _ in parts) > MAX_CANDIDATES:
            raise OutOfBudget
        if not parts:
            continue
        joined = np.concatenate([(level.mask[st, None] | words.mask[pos[go]][None, :]).ravel()
                                 for st, go, pos in parts])
        keep = maximal(joined, None if deadline is None else lambda: check(deadline), limit=beam)
        came = np.concatenate([np.repeat(st, go.size) for st, go, _ in parts])
        used = np.concatenate([np.tile(pos[go], st.size) for st, go, pos in parts])
        last.append(np.full(keep.size, end)), mask.append(joined[keep])
        parent.append(came[keep]), word.append(used[keep])
    if not last:
        return _Level(*(np.zeros(0, dtype=np.int64) for _ in range(4)))
    return _Level(*(np.concatenate(parts).astype(np.int64) for parts in (last, mask, parent, word)))


def _read_back(levels: list[_Level], state: int) -> tuple[int, ...]:
    chain = []
    for level in reversed(levels):
        chain.append(int(level.word[state]))
        state = int(level.parent[state])
    return tuple(reversed(chain))


def beam_chain(words: Words, middles: dict, max_words: int) -> tuple[int, ...]:
    """A solving chain found by keeping only the ``BEAM`` largest letter sets per last letter
    at each level: no proof of anything, but quick, and a chain is an upper bound."""
    choices = _choices(words, middles)
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
