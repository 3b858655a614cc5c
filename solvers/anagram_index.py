"""Exact anagrams by lookup: the words of one length indexed by their letters (their alphagram).

Each letter has a fixed random 64-bit number; a word's *letter hash* is the sum of its
letters' numbers (modulo 2**64), so anagrams share one hash whatever their order. For each
word length a lexicon gets, on first use, its words' hashes sorted (one array, and the word
of each). A rack that uses every tile, with b blanks, then makes exactly the words whose hash
is the rack's plus the hash of some b blank letters: the 1, 26, 351 or 3,276 multisets of 0-3
letters in English (more in a language of more letters), looked up at once by binary search.
Two different multisets of letters could share a hash by chance (about one chance in 2**64 a
pair), so every word found is checked against the rack's letter counts before it is returned.
"""

from __future__ import annotations

import functools
import weakref
from itertools import combinations_with_replacement
from typing import NamedTuple

import numpy as np

from .lexicon import Lexicon

# Drawn once as np.random.default_rng(24).integers(1, 2**63, size=30, dtype=np.uint64) and
# written out (a test holds them equal): importing numpy.random costs a terminal command's start
# about 10 ms. a-z take the first 26, a language's own letters (German ä ö ü, Spanish ñ) the next
# ones (_MORE_HASHES), and the padding after a word's last letter (code len(alphabet)) hashes to 0.
_HASH_LIST = [
    3046192352780321124, 3737101123033960504, 5301020731305315547, 4670713452909250303, 5203941863875892873,
    5254438009494198658, 8062301971198346759, 797180297036609310, 6848125649706622387, 7566552486738508621,
    6568517275653098182, 3780896382514658954, 8697213477202193991, 285455398352234360, 7405814055444264391,
    5552918455068300135, 379322534492378913, 3065843441443046074, 3488949333791973447, 1623731553731360225,
    5926946683199604605, 4051282166842926582, 6602134295128242185, 3425902406674312660, 499728438516842356,
    6601166483425203714, 0,
]
_MORE_HASHES = [6761149510712596802, 757652073175414687, 4293133107459246843, 4198534679703125734]
_LETTER_HASHES = np.array(_HASH_LIST, dtype=np.uint64)
_MOD = 2**64


class LengthIndex(NamedTuple):
    """The letter hashes of one length's words, sorted, and the lexicon index of each."""

    hashes: np.ndarray
    rows: np.ndarray


_INDEXES: weakref.WeakKeyDictionary[Lexicon, dict[int, LengthIndex]] = weakref.WeakKeyDictionary()


def length_index(lexicon: Lexicon, length: int) -> LengthIndex:
    """The index of the lexicon's words of ``length`` letters, built on first use."""
    per_length = _INDEXES.get(lexicon)
    if per_length is None:
        per_length = _INDEXES.setdefault(lexicon, {})
    if length not in per_length:
        span = lexicon.length_slice(length, length)
        spelled = lexicon.spellings[span, :length]
        hashes = _letter_hashes(len(lexicon.alphabet))[spelled].sum(axis=1, dtype=np.uint64)  # modulo 2**64
        order = np.argsort(hashes, kind="stable")
        per_length[length] = LengthIndex(hashes[order], (order + span.start).astype(np.intp))
    return per_length[length]


@functools.cache
def _hash_list(size: int) -> list[int]:
    """The hash of each letter code of an alphabet of ``size`` letters, and 0 for the padding."""
    return _HASH_LIST[:26] + _MORE_HASHES[: size - 26] + [0]


@functools.cache
def _letter_hashes(size: int) -> np.ndarray:
    return _LETTER_HASHES if size == 26 else np.array(_hash_list(size), dtype=np.uint64)


@functools.cache
def _blank_hashes(blanks: int, size: int = 26) -> np.ndarray:
    """The hash of every multiset of ``blanks`` letters of an alphabet of ``size``."""
    hash_of = _hash_list(size)
    hashes = [sum(hash_of[k] for k in letters) % _MOD
              for letters in combinations_with_replacement(range(size), blanks)]
    return np.array(hashes, dtype=np.uint64)


def exact_candidates(lexicon: Lexicon, counts: np.ndarray, blanks: int) -> np.ndarray:
    """Lexicon indexes, ascending, of the words of exactly ``sum(counts) + blanks`` letters whose
    letter hash is that of ``counts`` plus some ``blanks`` letters. The caller checks them."""
    size = int(counts.sum()) + blanks
    if size > lexicon.spellings.shape[1]:
        return np.zeros(0, dtype=np.intp)
    index = length_index(lexicon, size)
    hash_of = _hash_list(counts.size)
    rack_hash = sum(hash_of[k] * count for k, count in enumerate(counts.tolist()) if count) % _MOD
    if index.hashes.size == 0:
        return np.zeros(0, dtype=np.intp)
    targets = _blank_hashes(blanks, counts.size) + np.uint64(rack_hash)
    starts = np.searchsorted(index.hashes, targets)
    np.minimum(starts, index.hashes.size - 1, out=starts)  # (a ufunc: ndarray.clip's wrapper took ~10 us)
    hit = index.hashes[starts] == targets
    starts, found = starts[hit], targets[hit]
    if found.size == 0:
        return np.zeros(0, dtype=np.intp)
    sizes = np.searchsorted(index.hashes, found, side="right") - starts  # anagrams share a hash
    if sizes.size == sizes.sum():  # one word a hash (most racks): no run to spread
        return np.sort(index.rows[starts])
    positions = np.arange(int(sizes.sum())) + np.repeat(starts - (np.cumsum(sizes) - sizes), sizes)
    return np.sort(index.rows[positions])
