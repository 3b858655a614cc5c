"""The word graph of a ladder: the words of one length, each joined to every word one letter apart.

Two words of the same length are one letter apart when they differ at exactly one position.
They then share exactly one *wildcard pattern*: the word with that position blanked (``co_d``
holds ``cold``, ``cord`` and ``coed``). So the graph is built by bucketing: for each position,
every word gets the number of its pattern, the words are sorted by it, and each bucket of k
words gives its k (k - 1) directed edges, all at once in numpy. No pair of words is compared, and no letter is tried.

Letters are the language's (:func:`solvers.alphabets.alphabet`): a word is read as the
positions of its letters in that alphabet, so ä, ö, ü or ñ are letters like any other.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..alphabets import alphabet
from ..lexicon import Lexicon

_KEY_LIMIT = 1 << 62  # a pattern number is renumbered densely before it could pass this


class LadderError(ValueError):
    """Words a ladder cannot be made of: letters outside the alphabet, or lengths that differ."""


@dataclass(frozen=True, slots=True, eq=False)
class Graph:
    """The words of one length (``words``, in the order given: a lexicon's is alphabetical) and
    who is one letter apart from whom, as compressed rows: the neighbours of ``words[i]`` are
    ``indices[indptr[i]:indptr[i + 1]]``, ascending."""

    words: tuple[str, ...]
    length: int
    letters: str  # the alphabet
    indptr: np.ndarray
    indices: np.ndarray
    position: dict[str, int]  # word -> its index

    @classmethod
    def of_words(cls, words: Iterable[str], length: int, letters: str) -> Graph:
        """The graph of ``words`` that have ``length`` letters (others are left out)."""
        chosen = tuple(dict.fromkeys(w for w in words if len(w) == length))
        codes = encode(chosen, length, letters)
        indptr, indices = _edges(codes, len(letters) + 1)
        for array in (indptr, indices):
            array.flags.writeable = False
        return cls(chosen, length, letters, indptr, indices, {w: i for i, w in enumerate(chosen)})

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.position

    def neighbours(self, word: str) -> tuple[str, ...]:
        """The words one letter from ``word``, in the graph's order; KeyError for a word not in it."""
        i = self.position[word]
        return tuple(self.words[j] for j in self.indices[self.indptr[i]:self.indptr[i + 1]].tolist())

    @property
    def degrees(self) -> np.ndarray:
        return np.diff(self.indptr)

    def subgraph(self, keep: np.ndarray) -> Graph:
        """The graph of the words where ``keep`` (a boolean per word) is true, in the same order."""
        kept = np.flatnonzero(keep)
        renumber = np.full(len(self.words) + 1, -1, dtype=np.int64)
        renumber[kept] = np.arange(kept.size)
        source = np.repeat(np.arange(len(self.words)), self.degrees)
        inside = keep[source] & keep[self.indices]
        rows, columns = renumber[source[inside]], renumber[self.indices[inside]]
        indptr = np.zeros(kept.size + 1, dtype=np.int64)
        np.cumsum(np.bincount(rows, minlength=kept.size), out=indptr[1:])
        words = tuple(self.words[i] for i in kept.tolist())
        columns.flags.writeable = indptr.flags.writeable = False
        return Graph(words, self.length, self.letters, indptr, columns, {w: i for i, w in enumerate(words)})


def encode(words: tuple[str, ...], length: int, letters: str) -> np.ndarray:
    """A len(words) x length matrix of each letter's position in ``letters`` (LadderError for a
    letter outside it)."""
    if not words:
        return np.zeros((0, length), dtype=np.int64)
    points = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32).reshape(len(words), length)
    alphabet_points = np.array(sorted(map(ord, letters)), dtype=np.uint32)
    at = np.minimum(np.searchsorted(alphabet_points, points), alphabet_points.size - 1)
    if not (alphabet_points[at] == points).all():
        row = int(np.flatnonzero((alphabet_points[at] != points).any(axis=1))[0])
        raise LadderError(f"{words[row]!r} has a letter outside the alphabet {letters!r}.")
    order = np.array([letters.index(chr(p)) for p in alphabet_points.tolist()], dtype=np.int64)
    return order[at]


def _edges(codes: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray]:
    """The compressed rows of the graph: for each position, the words bucketed by their pattern
    (the other positions' letters as one number), each bucket's pairs taken at once."""
    n, length = codes.shape
    sources, targets = [], []
    for blank in range(length):
        key = np.zeros(n, dtype=np.int64)
        for column in range(length):
            if column == blank:
                continue
            if n and int(key.max()) >= _KEY_LIMIT // base:
                key = np.unique(key, return_inverse=True)[1].astype(np.int64)  # renumbered densely
            key = key * base + codes[:, column]
        source, target = _bucket_pairs(key)
        sources.append(source)
        targets.append(target)
    source, target = np.concatenate(sources), np.concatenate(targets)
    order = np.lexsort((target, source))
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(source, minlength=n), out=indptr[1:])
    return indptr, target[order].astype(np.int64)


def _bucket_pairs(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every ordered pair (i, j), i != j, of indexes with the same key."""
    order = np.argsort(key, kind="stable")
    sorted_keys = key[order]
    starts = np.flatnonzero(np.r_[True, sorted_keys[1:] != sorted_keys[:-1]])
    sizes = np.diff(np.r_[starts, key.size])
    size_of = np.repeat(sizes, sizes)  # each member's bucket size
    start_of = np.repeat(starts, sizes)
    shared = size_of > 1
    members, size_of, start_of = order[shared], size_of[shared], start_of[shared]
    source = np.repeat(members, size_of)
    offsets = np.arange(source.size) - np.repeat(np.cumsum(size_of) - size_of, size_of)
    target = order[np.repeat(start_of, size_of) + offsets]
    distinct = source != target
    return source[distinct], target[distinct]


_GRAPHS: weakref.WeakKeyDictionary[Lexicon, dict[int, Graph]] = weakref.WeakKeyDictionary()


def graph_of(lexicon: Lexicon, length: int) -> Graph:
    """The graph of ``lexicon``'s words of ``length`` letters, in its language's alphabet: made
    once per list, length and process."""
    per_length = _GRAPHS.setdefault(lexicon, {})
    if length not in per_length:
        span = lexicon.length_slices.get(length, slice(0, 0))
        per_length[length] = Graph.of_words(lexicon.words[span], length, alphabet(lexicon.language))
    return per_length[length]
