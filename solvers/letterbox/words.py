"""The playable words of a box as arrays, the shape every search over a box works on."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..lexicon import Lexicon
from .box import Box, playable


@dataclass(frozen=True, slots=True)
class Words:
    """The playable words of a box, as arrays: first and last letter (their position in
    ``box.letters``), the set of box letters used (a bit mask over ``box.letters``), each
    word's commonness, its length, and its place in alphabetical order among these words
    (so chains can be ranked by array operations alone)."""

    index: np.ndarray
    first: np.ndarray
    last: np.ndarray
    mask: np.ndarray
    full: int
    zipf: np.ndarray  # each word's commonness
    length: np.ndarray
    alpha: np.ndarray  # alphabetical rank

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
        alpha = np.empty(index.size, dtype=np.int64)
        alpha[sorted(range(index.size), key=[lexicon.words[i] for i in index.tolist()].__getitem__)] = np.arange(index.size)
        return cls(index, first, last, mask, (1 << len(box.letters)) - 1, lexicon.zipf[index],
                   lexicon.lengths[index].astype(np.int64), alpha)
