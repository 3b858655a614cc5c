"""The children of a batch of search states (``solvers.fivewords.walk`` walks them): the states that
cover each state's rarest free letter with a candidate, then, where a state may still leave letters
out, those that leave it out. Pure functions of the index and the states, as numpy arrays; the
children come in pieces of about ``PIECE_STATES`` states, so memory stays bounded."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .index import ALPHABET_SIZE, BLOCK_WORDS, CHUNK_WORDS, _Index, _offsets, _set_bits, _words
from .states import _group_sums, _groups, _Links, _prune, _spread, _States

FULL = (1 << ALPHABET_SIZE) - 1
PIECE_STATES = 32_768
"""Children are handed on in pieces of about this many search states (the rest are built later)."""


def _top_free_letter(used: np.ndarray) -> np.ndarray:
    """The highest bit not in each ``used`` mask (the rarest letter still free)."""
    free = (~used & FULL).astype(np.float64)
    return (np.frexp(free)[1] - 1).astype(np.int64)



def branches(index: _Index, states: _States, remaining: int) -> Iterator[_States]:
    """The children of a batch of states, in pieces: first covering each state's rarest free
    letter, then (for states that may still leave letters out) leaving it out and repeating."""
    while len(states):
        letter = _top_free_letter(states.used)
        yield from cover(index, states, letter, remaining)
        may_skip = np.flatnonzero(states.skips > 0)
        if may_skip.size == 0:
            return
        # Drop the masks with the letter: those are the candidates that would cover it.
        entries, lengths, starts = _spread(states.offsets, may_skip)
        block = states.block[entries]
        bits = states.bits[entries]
        words = _words(bits)
        np.bitwise_and(words, _words(index.lacking[np.repeat(letter[may_skip] * index.width, lengths) + block]),
                       out=words)
        alive, kept, kept_lengths = _prune(bits, lengths, starts, remaining)
        rows = may_skip[alive]
        states = _States(_offsets(kept_lengths), block[kept], bits[kept],
                         states.used[rows] | np.left_shift(1, letter[rows]), states.skips[rows] - 1,
                         states.ways[rows], states.weight[rows],
                         _Links(states.links, np.arange(rows.size + 1), rows, None))

def pairs(index: _Index, states: _States, letter: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (state, mask) of each state and its candidates with its ``letter``, by
    state then mask: the states' numbers and the masks'."""
    lengths = np.diff(states.offsets)
    having = index.having[np.repeat(letter * index.width, lengths) + states.block]
    covering = _words(states.bits) & _words(having)
    hit = np.flatnonzero(covering != 0)
    which, bit = _set_bits(covering[hit])
    entry, part = np.divmod(hit[which], BLOCK_WORDS)
    rows = np.repeat(np.arange(len(states)), lengths)[entry]
    return rows, (states.block[entry] * BLOCK_WORDS + part) * 64 + bit

def cover(index: _Index, states: _States, letter: np.ndarray, remaining: int) -> Iterator[_States]:
    """The children that choose a mask with each state's ``letter``: its candidates with the
    letter (all have it as their rarest, the rarer letters being used). The pairs (state,
    mask) that use the same letters make the same child, which is built once, from the
    first such pair: its candidates are that state's AND the mask's disjoint bitset, on the
    state's blocks only. Children come in pieces, ordered by their letters used."""
    width = index.width
    rows, chosen = pairs(index, states, letter)
    if rows.size == 0:
        return
    # Group the pairs by the letters they use: group g's pairs are order[members[g]:members[g + 1]].
    order, members, group_used = _groups(states.used[rows] | index.masks[chosen])
    # Each group's child, a chunk of groups at a time: its first pair's state's entries, laid
    # end to end (group g's at ends[g] - spans[g] ... ends[g] - 1), ANDed with the chosen
    # mask's disjoint bitset.
    first = order[members[:-1]]
    r, c = rows[first], chosen[first]
    spans = np.diff(states.offsets)[r]
    ends = np.cumsum(spans)
    shift = states.offsets[r] - (ends - spans)  # a group's entries' positions in the state's, less where laid
    where = c * width  # the chosen mask's bitset in index.disjoint
    chunk_blocks = max(1, CHUNK_WORDS // BLOCK_WORDS)
    cuts = [0, *(np.flatnonzero(np.diff((ends - spans) // chunk_blocks)) + 1).tolist(), r.size]
    groups: list[np.ndarray] = []
    kept_lengths: list[np.ndarray] = []
    kept_blocks: list[np.ndarray] = []
    kept_bits: list[np.ndarray] = []
    pending = 0
    for a, b in zip(cuts, cuts[1:], strict=False):
        span = spans[a:b]
        start, stop = int(ends[a] - spans[a]), int(ends[b - 1])
        entries = np.repeat(shift[a:b], span)
        entries += np.arange(start, stop)
        block = states.block[entries]
        bits = states.bits[entries]
        disjoint = np.repeat(where[a:b], span)
        disjoint += block
        words = _words(bits)
        np.bitwise_and(words, _words(index.disjoint[disjoint]), out=words)
        alive, kept, kept_length = _prune(bits, span, ends[a:b] - span - start, remaining - 1)
        if alive.size:
            groups.append(alive + a)
            kept_lengths.append(kept_length)
            kept_blocks.append(block[kept])
            kept_bits.append(bits[kept])
            pending += alive.size
        if pending and (pending >= PIECE_STATES or b == r.size):
            group = np.concatenate(groups)
            links, counts, heads = _spread(members, group)
            link_row, link_mask = rows[order[links]], chosen[order[links]]
            ways = _group_sums(states.ways[link_row], heads)
            weight = _group_sums(states.weight[link_row] * index.weights[link_mask], heads)
            yield _States(_offsets(np.concatenate(kept_lengths)), np.concatenate(kept_blocks),
                          np.concatenate(kept_bits), group_used[group], states.skips[r[group]], ways, weight,
                          _Links(states.links, _offsets(counts), link_row, link_mask))
            groups, kept_lengths, kept_blocks, kept_bits = [], [], [], []
            pending = 0
