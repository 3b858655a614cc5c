"""One word length of a lexicon, grouped by alphagram, with what ordering the groups needs.

Built once per (lexicon, length) from the lexicon's arrays and kept while the lexicon lives
(a weak-keyed cache, as ``solvers.anagram_index`` keeps its indexes): each word's letters
sorted (one ``np.sort`` of the spelling matrix), the distinct alphagrams (``np.unique``, so
group numbers are in alphabetical order), the words of each group (alphabetical), and per
group its draws (``bag.draws``, with and without the blanks), its most common answer and a
seedless hash of its letters for the random order.

Each word is ``CLEAN``, ``FLAGGED`` (the lexicon's ``vulgar`` array: vulgar or offensive in a
common sense) or a ``SLUR`` (``solvers.offensive.classify``, the lexicon pipeline's own rule:
none in a bundled list or a list loaded with ``drop_slurs``, but a list built in memory may
hold one). Which words a set shows depends on its *view*:

- ``HIDE`` (a server that hides flagged words): the clean words; groups with one;
- ``SHOW``: the clean and flagged words; groups with one;
- ``CLEAN_ONLY`` (daily challenges): the groups all of whose words are clean.

A slur is never an answer in any view.
"""

from __future__ import annotations

import weakref
from typing import NamedTuple

import numpy as np

from ..alphabets import LATIN
from ..lexicon import Lexicon
from ..offensive import classify
from .bag import draws, language_bag

CLEAN, FLAGGED, SLUR = 0, 1, 2
HIDE, SHOW, CLEAN_ONLY = "hide", "show", "clean only"


class Table(NamedTuple):
    """The words of one length grouped by alphagram. ``alphagrams[g]`` is group g's letters
    sorted (bytes); its words are ``rows[starts[g]:starts[g + 1]]`` (lexicon indexes, in
    alphabetical order) with ``kinds`` alike. Indexes are int32 (a list holds far fewer than
    2**31 words): the tables of every length of ``full`` take about 12 MB."""

    length: int
    first_row: int  # the lexicon index of the length's first word
    row_kinds: np.ndarray  # each word's kind, in lexicon order
    alphagrams: np.ndarray
    rows: np.ndarray
    kinds: np.ndarray
    starts: np.ndarray
    draws: np.ndarray  # with the bag's blanks (2 in every language's): the probability order
    draws_without_blanks: np.ndarray
    words_of_kind: np.ndarray  # groups x 3: how many clean, flagged, slur words
    zipf_clean: np.ndarray  # the most common clean word's commonness, -1 when none
    zipf_shown: np.ndarray  # the same over clean and flagged words
    mixed: np.ndarray  # uint64, a hash of the letters alone
    orders: dict
    letters: str = LATIN  # the lexicon's alphabet in code order: alphagrams' bytes are 97 + code

    def included(self, view: str) -> np.ndarray:
        """Which groups a set in ``view`` holds (a boolean per group)."""
        clean, flagged, slurs = self.words_of_kind.T
        if view == CLEAN_ONLY:
            return (flagged == 0) & (slurs == 0)
        return clean + flagged > 0 if view == SHOW else clean > 0

    def shown_kinds(self, view: str) -> tuple[int, ...]:
        return (CLEAN, FLAGGED) if view == SHOW else (CLEAN,)

    def words(self, lexicon: Lexicon, group: int, view: str) -> tuple[str, ...]:
        """Group ``group``'s words that ``view`` shows, alphabetically."""
        start, stop = int(self.starts[group]), int(self.starts[group + 1])
        shown = self.shown_kinds(view)
        return tuple(lexicon.words[row] for row, kind in zip(self.rows[start:stop].tolist(),
                                                             self.kinds[start:stop].tolist(), strict=True)
                     if kind in shown)

    def alphagram(self, group: int) -> str:
        text = self.alphagrams[group].decode("ascii")
        return text if self.letters == LATIN else "".join(self.letters[ord(ch) - 97] for ch in text)


_TABLES: weakref.WeakKeyDictionary[Lexicon, dict[int, Table]] = weakref.WeakKeyDictionary()


def table(lexicon: Lexicon, length: int) -> Table:
    """The lexicon's words of ``length`` letters by alphagram, built on first use."""
    per_length = _TABLES.get(lexicon)
    if per_length is None:
        per_length = _TABLES.setdefault(lexicon, {})
    if length not in per_length:
        per_length[length] = _build(lexicon, length)
    return per_length[length]


def word_kinds(lexicon: Lexicon, span: slice) -> np.ndarray:
    """CLEAN, FLAGGED or SLUR for each word of ``span`` (lexicon order)."""
    kinds = lexicon.vulgar[span].astype(np.uint8)  # FLAGGED == 1
    slurs = classify(lexicon.words[span]).removed
    if slurs:
        kinds[[i for i, word in enumerate(lexicon.words[span]) if word in slurs]] = SLUR
    return kinds


def _build(lexicon: Lexicon, length: int) -> Table:
    span = lexicon.length_slice(length, length)
    codes = np.sort(lexicon.spellings[span, :length], axis=1)
    if codes.shape[1] < length:  # no word is that long (the span is empty)
        codes = np.zeros((0, length), dtype=np.uint8)
    keys = np.ascontiguousarray(codes + np.uint8(97)).view(f"S{length}").ravel()
    alphagrams, firsts, group_of = np.unique(keys, return_index=True, return_inverse=True)
    group_of = group_of.ravel()
    by_group = np.argsort(group_of, kind="stable")  # alphabetical within a group (lexicon order)
    sizes = np.bincount(group_of, minlength=alphagrams.size)
    starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int32)
    row_kinds = word_kinds(lexicon, span)
    kinds = row_kinds[by_group]
    rows = (by_group + span.start).astype(np.int32)
    grouped = np.repeat(np.arange(alphagrams.size), sizes)  # each entry of rows: its group
    words_of_kind = np.bincount(grouped * 3 + kinds, minlength=3 * alphagrams.size).reshape(-1, 3).astype(np.uint16)
    zipf = lexicon.zipf[rows]
    counts = lexicon.counts[:, span][:, firsts]
    bag, blanks = language_bag(lexicon.language)
    return Table(length, span.start, row_kinds, alphagrams, rows, kinds, starts,
                 draws(counts, blanks, bag, letters=lexicon.alphabet), draws(counts, 0, bag, letters=lexicon.alphabet),
                 words_of_kind, _group_max(np.where(kinds == CLEAN, zipf, -1), starts),
                 _group_max(np.where(kinds != SLUR, zipf, -1), starts), mix(_letter_hash(codes[firsts])), {},
                 lexicon.alphabet)


def _group_max(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    if values.size == 0:
        return np.zeros(0, dtype=np.float32)
    return np.maximum.reduceat(values.astype(np.float32), starts[:-1])


def _letter_hash(codes: np.ndarray) -> np.ndarray:
    """A number for each row of sorted letter codes: base 31 digits, wrapping modulo 2**64
    (one to one up to 12 letters; a rare tie past that is broken by the alphagram)."""
    hashed = np.zeros(codes.shape[0], dtype=np.uint64)
    for column in range(codes.shape[1]):
        hashed = hashed * np.uint64(31) + codes[:, column].astype(np.uint64) + np.uint64(1)
    return hashed


def mix(values: np.ndarray | int) -> np.ndarray:
    """SplitMix64's finaliser (Steele, Lea and Flood, 2014): a one-to-one scrambling of 64-bit
    numbers in plain integer arithmetic, the same on every machine and numpy version."""
    z = np.atleast_1d(np.asarray(values, dtype=np.uint64)) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


PROBABILITY, COMMON, RANDOM = "probability", "common", "random"
ORDERS = (PROBABILITY, COMMON, RANDOM)


def order(groups_of: Table, name: str, view: str, seed: int = 0) -> np.ndarray:
    """The groups of the set in ``view``, in order ``name``: position k holds rank k + 1.

    ``probability``: most draws (with the blanks) first; ``common``: the most common answer
    shown first, then by probability; ``random``: by ``random_keys(seed)``. Every order ends
    its ties alphabetically (group numbers are alphabetical), so it is the same on every run."""
    cached = groups_of.orders.get((name, view)) if name != RANDOM else None
    if cached is not None:
        return cached
    groups = np.flatnonzero(groups_of.included(view))
    if name == PROBABILITY:
        keys: tuple[np.ndarray, ...] = (groups, -groups_of.draws[groups])
    elif name == COMMON:
        zipf = groups_of.zipf_shown if view == SHOW else groups_of.zipf_clean
        keys = (groups, -groups_of.draws[groups], -zipf[groups])
    else:
        keys = (groups, random_keys(groups_of.mixed[groups], seed))
    ordered = groups[np.lexsort(keys)].astype(np.int32)
    ordered.flags.writeable = False
    if name != RANDOM:
        groups_of.orders[(name, view)] = ordered
    return ordered


def random_keys(mixed: np.ndarray, seed: int) -> np.ndarray:
    """A seeded shuffle's sort keys: each alphagram's hash scrambled with the seed's, so an
    alphagram's place depends only on its letters and the seed (not on the rest of the list)."""
    return mix(mixed ^ mix(seed % 2**64)[0])
