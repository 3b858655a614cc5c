"""The five-words index: the candidates of one word length in a word list, ready to search.

The words are read from a loaded :class:`Lexicon`, or (the quick way from the terminal) only the
words of the wanted length from a bundled list or a file. Candidates (words whose letters are all
different) are grouped by their letters (anagrams share one letter mask); the letters are
renumbered by rarity among the groups (bit 25 is the rarest letter) and the masks ordered as
binary numbers with the commonest letter as the top bit. For each mask the index holds the bitset
of the masks disjoint from it, and for each letter the bitsets of the masks with and without it
(see :class:`_Index`), which is all the search (:mod:`solvers.fivewords.walk`) needs.
"""

from __future__ import annotations

import functools
import os
import weakref
import zlib
from dataclasses import dataclass, field
from typing import Union

import numpy as np

from .. import word_file
from ..alphabets import LATIN as ALPHABET
from ..lines_of_length import decoded, lines_of_length, plain_words_of_length
from ..list_names import BUNDLED

TYPE_CHECKING = False  # a search of a file never loads the Lexicon (nor the screen it imports)
if TYPE_CHECKING:
    from ..lexicon import Lexicon

ALPHABET_SIZE = len(ALPHABET)
BLOCK_WORDS = 2
"""Bitsets are handled in blocks of this many 64-bit words: a state keeps its nonzero blocks."""
CHUNK_WORDS = 1 << 15
"""Children are made about this many bitset words at a time, so that the temporary arrays stay
in the processor's cache."""
INFLATE_BYTES = 1 << 16
"""A bundled list is decompressed this many bytes at a time (about 250 kB of text)."""


@dataclass(eq=False)
class _Index:
    """The candidates of one word length in a lexicon, ready to search (built once, cached).

    A bitset here has one bit per mask, in the order of ``masks``, packed little-endian into
    64-bit words, ``width`` blocks of BLOCK_WORDS words, stored as a flat array of blocks (see
    _as_blocks): the bitsets of a table are consecutive, ``width`` blocks each."""

    letters: int
    name: str  # the word list's
    words: list[str] | tuple[str, ...]  # every word of this length in the list (an include word must be one)
    masks: np.ndarray  # int64, renumbered letters (bit 25 = rarest), commonest letters first (see _build_index)
    original: list[int]  # the same masks in ALPHABET bits, as Python ints
    weights: np.ndarray  # int64: group sizes
    renumber: list[int]  # ALPHABET bit -> renumbered bit
    group_words: np.ndarray = field(repr=False)  # positions in ``words`` of the candidates, mask by mask
    group_bounds: list[int] = field(repr=False)  # mask i's are group_words[group_bounds[i]:group_bounds[i + 1]]
    width: int  # blocks in a bitset
    disjoint: np.ndarray = field(repr=False)  # n bitsets: the masks disjoint from each mask
    having: np.ndarray = field(repr=False)  # 26 bitsets: the masks with each (renumbered) letter
    lacking: np.ndarray = field(repr=False)  # 26 bitsets: the masks without it
    weight_bits: list[tuple[int, np.ndarray]] = field(repr=False)  # (2**k, bitset of masks whose size - 1 has bit k)

    @property
    def size(self) -> int:
        return self.masks.size

    @functools.cached_property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)

    def group(self, i: int) -> tuple[str, ...]:
        """The words of mask ``i`` (its letter group), alphabetical; made only for listed sets."""
        start, stop = self.group_bounds[i], self.group_bounds[i + 1]
        if stop == start + 1:  # most groups are one word
            return (self.words[int(self.group_words[start])],)
        return tuple(self.words[p] for p in self.group_words[start:stop].tolist())

    def renumbered(self, mask: int) -> int:
        out = 0
        for bit in range(ALPHABET_SIZE):
            if mask >> bit & 1:
                out |= 1 << self.renumber[bit]
        return out


_INDEXES: weakref.WeakKeyDictionary[Lexicon, dict[tuple[int, bool], _Index]] = weakref.WeakKeyDictionary()
Source = Union["Lexicon", word_file.FilePath]  # (typing is loaded already, by numpy)
"""What the sets are made of: a loaded :class:`Lexicon`, or the name of a bundled list or a
path, of which only the words of the wanted length are read (the quick way from the terminal)."""


def _index(source: Source, letters: int, hide: np.ndarray | None = None) -> _Index:
    """The candidates of ``source`` (less the words ``hide`` flags, for a Lexicon), indexed."""
    if isinstance(source, (str, os.PathLike)):
        return _build_index(words_of_length(source, letters), letters, str(source))
    per_lexicon = _INDEXES.setdefault(source, {})
    key = (letters, hide is not None and bool(hide.any()))
    if key not in per_lexicon:
        span = source.length_slice(letters, letters)
        words = source.words[span]
        if key[1]:
            assert hide is not None
            words = [w for w, hidden in zip(words, hide[span].tolist(), strict=True) if not hidden]
        per_lexicon[key] = _build_index(words, letters, source.name)
    return per_lexicon[key]


def words_of_length(source: word_file.FilePath, letters: int) -> list[str]:
    """The words of ``letters`` letters of a bundled list (by name) or a word-per-line file,
    alphabetical; only those are decoded (see _bundled_words and _file_words)."""
    if isinstance(source, str) and source in BUNDLED:
        from ..offensive import data_folder

        packed = (data_folder() / f"{source}.txt.gz").read_bytes()
        return _bundled_words(packed, letters)
    return _file_words(source, letters)


def _file_words(source: word_file.FilePath, letters: int) -> list[str]:
    """The distinct words of ``letters`` letters in a word list file, alphabetical: the words
    :meth:`Lexicon.load` would read (the same rule and limits), with no lexicon built. A file
    of letters and line breaks only is scanned for lines of that length (no other line made a
    string); any other is read whole by the reader."""
    path = word_file.existing_file(source, BUNDLED)
    with word_file.reading(path), open(path, "rb") as file:
        words = plain_words_of_length(word_file.pieces(file, str(source)[:200]), letters)
    if words is not None:
        return words
    from ..lexicon import read_word_lines

    return [word for word in read_word_lines(source).words if len(word) == letters]  # sorted


def _bundled_words(packed: bytes, letters: int) -> list[str]:
    """The words of ``letters`` letters in a bundled list: gzip'd text of sorted unique lowercase
    words, each followed by a newline. It is decompressed a piece at a time and each piece
    scanned for lines of that length while it is still in the processor's cache (decoding only
    those), which is quicker than decompressing it whole, then splitting it."""
    inflate = zlib.decompressobj(wbits=31)  # the gzip format
    view = memoryview(packed)
    found = []
    tail = b"\n"  # the text after the last newline read, with that newline: every line follows one
    for start in range(0, len(view), INFLATE_BYTES):
        text = tail + inflate.decompress(view[start:start + INFLATE_BYTES])
        end = text.rfind(b"\n")
        found.append(_newline_lines(text[:end + 1], letters))
        tail = text[end:]
    if not inflate.eof or inflate.unused_data:  # not one gzip member (as built): read it the plain way
        return _bundled_words_whole(packed, letters)
    found.append(_newline_lines(tail + inflate.flush() + b"\n", letters))
    return decoded(np.concatenate(found))


def _newline_lines(text: bytes, letters: int) -> np.ndarray:
    """The lines of ``letters`` characters of a text that starts and ends with a newline."""
    chars = np.frombuffer(text, dtype=np.uint8)
    return lines_of_length(chars, chars == 10, letters)


def _bundled_words_whole(packed: bytes, letters: int) -> list[str]:
    import gzip  # only for a bundled list not built as one gzip member

    text = b"\n" + gzip.decompress(packed)
    if not text.endswith(b"\n"):
        text += b"\n"
    return decoded(_newline_lines(text, letters))


def _build_index(words: list[str] | tuple[str, ...], letters: int, name: str) -> _Index:
    """Index alphabetical words of ``letters`` letters: their letter groups, renumbered and ordered."""
    spelled = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(len(words), letters)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), (spelled - 97).astype(np.int64)), axis=1) \
        if len(words) else np.zeros(0, dtype=np.int64)
    position = np.flatnonzero(np.bitwise_count(masks) == letters)  # all letters different
    unique, inverse, sizes = np.unique(masks[position], return_inverse=True, return_counts=True)
    has = (unique[:, None] >> np.arange(ALPHABET_SIZE)) & 1  # (groups, 26): which letters each has
    # Renumber letters by rarity among the groups: rarest -> bit 25 (ties: alphabetical).
    frequency = has.sum(axis=0).tolist()
    by_rarity = sorted(range(ALPHABET_SIZE), key=lambda bit: (frequency[bit], bit))
    renumber = [0] * ALPHABET_SIZE
    for rank, bit in enumerate(by_rarity):
        renumber[bit] = ALPHABET_SIZE - 1 - rank
    # The bitset order: the masks as binary numbers whose top bit is the commonest letter, so the
    # masks that avoid some common letters (all that a state deep in the search can still use)
    # are close together, in few blocks.
    new_bit = np.array(renumber)
    renumbered = has @ (np.int64(1) << new_bit)
    order = np.argsort(has @ (np.int64(1) << (ALPHABET_SIZE - 1 - new_bit)))
    renumbered, unique, sizes = renumbered[order], unique[order], sizes[order]
    # Each mask's words, alphabetical (as given): word positions sorted by their mask's place.
    place = np.empty(order.size, dtype=np.intp)
    place[order] = np.arange(order.size)
    group_words = position[_sorted_order(place[inverse])]
    group_starts = _offsets(sizes)

    n = unique.size
    width = max(1, -(-n // (64 * BLOCK_WORDS))) * BLOCK_WORDS  # in 64-bit words, while building
    having = np.zeros((ALPHABET_SIZE, width), dtype=np.uint64)
    for x in range(ALPHABET_SIZE):
        having[x] = _bitset(renumbered >> x & 1, width)
    lacking = ~having & _bitset(np.ones(n, dtype=bool), width)
    # A mask's disjoint bitset: the AND of "lacking" over its letters, two letters at a time from
    # a table of every two letters' AND (some rows at a time, in the cache).
    letter_of = new_bit[spelled[group_words[group_starts[:-1]]] - 97]  # (n, letters): a word's, renumbered
    lacking_two = (lacking[:, None, :] & lacking[None, :, :]).reshape(ALPHABET_SIZE * ALPHABET_SIZE, width)
    two_letters = [letter_of[:, k] * ALPHABET_SIZE + letter_of[:, k + 1] for k in range(0, letters - 1, 2)]
    disjoint = np.empty((n, width), dtype=np.uint64)
    block_rows = max(1, CHUNK_WORDS // width)
    for start in range(0, n, block_rows):
        rows = slice(start, start + block_rows)
        block = disjoint[rows]
        if two_letters:
            np.take(lacking_two, two_letters[0][rows], axis=0, out=block)
            for pair in two_letters[1:]:
                block &= lacking_two[pair[rows]]
        else:
            block[:] = _bitset(np.ones(n, dtype=bool), width)
        if letters % 2:
            block &= lacking[letter_of[rows, letters - 1]]
    extra = sizes - 1
    weight_bits = [(1 << k, _bitset(extra >> k & 1, width)) for k in range(int(extra.max(initial=0)).bit_length())]
    disjoint, having, lacking = _as_blocks(disjoint), _as_blocks(having), _as_blocks(lacking)
    weight_bits = [(value, _as_blocks(bitset)) for value, bitset in weight_bits]
    for array in (renumbered, sizes, group_words, disjoint, having, lacking):
        array.flags.writeable = False
    return _Index(letters, name, words, renumbered, unique.tolist(), sizes.astype(np.int64), renumber,
                  group_words, group_starts.tolist(), width // BLOCK_WORDS, disjoint, having, lacking, weight_bits)


def _bitset(flags: np.ndarray, width: int) -> np.ndarray:
    """A boolean (or 0/1) array as a little-endian bitset of ``width`` 64-bit words."""
    packed = np.zeros(width * 8, dtype=np.uint8)
    bits = np.packbits(flags.astype(bool), bitorder="little")
    packed[: bits.size] = bits
    return packed.view(np.uint64)


_BLOCK = np.dtype((np.void, 8 * BLOCK_WORDS))  # a block as one opaque item
_BLOCK_FLAGS = np.dtype(f"u{BLOCK_WORDS}")  # a block's BLOCK_WORDS popcounts (bytes) as one number


def _as_blocks(bitsets: np.ndarray) -> np.ndarray:
    """uint64 bitsets (a whole number of blocks each) as one flat array of blocks: numpy gathers
    such items much faster than rows of words."""
    return np.ascontiguousarray(bitsets).view(_BLOCK).reshape(-1)


def _words(blocks: np.ndarray) -> np.ndarray:
    """Blocks as their 64-bit words (a view): BLOCK_WORDS words for each."""
    return blocks.view(np.uint64)


def _set_bits(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For 64-bit words, the (word number, bit number) of every set bit, in order. The words'
    nonzero bytes are found first, and only those unpacked (the words here are sparse)."""
    octets = values.view(np.uint8)
    nonzero = np.flatnonzero(octets != 0)  # (flatnonzero is fast on bool)
    found = np.flatnonzero(np.unpackbits(octets[nonzero], bitorder="little").view(bool))
    octet = nonzero[found >> 3]
    return octet >> 3, (octet & 7) << 3 | found & 7


def _offsets(lengths: np.ndarray) -> np.ndarray:
    offsets = np.zeros(lengths.size + 1, dtype=np.intp)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def _sorted_order(keys: np.ndarray) -> np.ndarray:
    """A stable argsort of nonnegative integers below 2**32 (letter masks, positions): two
    passes of numpy's radix sort on 16-bit halves, much faster than a comparison sort."""
    order = np.argsort((keys & 0xFFFF).astype(np.uint16), kind="stable")
    return order[np.argsort((keys[order] >> 16).astype(np.uint16), kind="stable")]
