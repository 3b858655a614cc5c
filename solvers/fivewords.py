"""Sets of words that use every letter at most once: "five five-letter words, 25 letters".

The puzzle: find every set of five five-letter words that together use 25 different letters
(one letter of the alphabet is left out). Generalised here to ``words`` words of ``letters``
letters each (5x5, 6x4, 4x6, 3x8, 2x13, 1x26...; ``words * letters <= 26``), optionally with
words that must be in every set (``include``) and letters that must not appear (``exclude``).

The rule, for a lexicon and a shape ``words x letters``:

- a candidate is a word of exactly ``letters`` letters, all different;
- candidates with the same letters (anagrams: ``least``, ``slate``, ``stale``...) form one
  letter group, and a set is a set of ``words`` letter groups whose letters are pairwise
  disjoint, so ``words * letters`` different letters, the rest of the alphabet ``missing``;
- ``count`` is the number of such sets of letter groups (the puzzle's answer) and
  ``count_with_anagrams`` the number of sets of words (the product of the group sizes,
  summed over the sets);
- an ``include`` word must be in every set, as that very word: its group is the word alone
  (its anagrams are other words, not the one asked for). It must be in the word list;
- an ``exclude`` letter appears in no word of a set (it is one of the missing letters).

Order: each group's words alphabetically; a set's groups by their first word; sets by their
missing letters (as a sorted string), then by their groups. ``WordSet`` is one set.

The search. Letter groups are distinct letter masks. Letters are renumbered by rarity among
the candidates, so that bit 25 is the rarest letter and a mask's highest bit is its rarest
letter. A search state is the letters used so far and how many letters it may still leave out
(``26 - words*letters`` to begin with, less the excluded ones); its candidates are the masks
disjoint from the letters used, as a bitset over the masks. At each state the rarest letter x
not yet used must either be covered, by a candidate with x (x is its rarest letter, the rarer
ones being used), or be left out, if the budget allows. That choice is forced by the final set,
so every set is found exactly once. A mask's "disjoint from" bitset is precomputed, so a child
state's candidates are one AND; when one word is left to choose, every candidate completes a
set, so the count is a popcount.

A state is nothing but its letters used, so the different ways (sequences of words) that reach
the same letters are one state, built once, which counts its ways and links back to them to list
the sets: the children of a batch of states are grouped by their letters before they are built,
which makes the deep levels several times smaller. The masks are ordered as binary numbers with
the commonest letter as the top bit, so the masks that avoid some common letters (all that a
deep state can still use) crowd together, and a state keeps only the nonzero blocks (of 128
bits) of its bitset: a child's AND touches only those. The states of a level are processed
together as numpy arrays, in chunks small enough to stay in the processor's cache, and handed on
in pieces of bounded size (depth-first over pieces), so memory stays bounded for shapes with
millions of answers, and the search can stop at a ``limit`` and report progress.
"""

from __future__ import annotations

import functools
import gzip
import math
import time
import weakref
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from .lexicon import ALPHABET, BUNDLED, Lexicon, letter_mask

ALPHABET_SIZE = len(ALPHABET)
FULL = (1 << ALPHABET_SIZE) - 1
PIECE_STATES = 32_768
"""Children are handed on in pieces of about this many search states (the rest are built later)."""
PROGRESS_SECONDS = 0.25
"""Deep in a long search, a ``Progress`` is yielded at least this often (between pieces)."""
BLOCK_WORDS = 2
"""Bitsets are handled in blocks of this many 64-bit words: a state keeps its nonzero blocks."""
CHUNK_WORDS = 1 << 15
"""Children are made about this many bitset words at a time, so that the temporary arrays stay
in the processor's cache."""
INFLATE_BYTES = 1 << 16
"""A bundled list is decompressed this many bytes at a time (about 250 kB of text)."""


class FiveWordsError(ValueError):
    """A shape, include word or exclude letter that cannot be searched; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class WordSet:
    """One answer: its letter groups (each a tuple of anagrams, alphabetical; groups ordered by
    their first word) and the letters of the alphabet it leaves out, as a sorted string."""

    groups: tuple[tuple[str, ...], ...]
    missing: str

    @property
    def count_with_anagrams(self) -> int:
        """How many sets of words this set of letter groups stands for."""
        return math.prod(map(len, self.groups))

    def sort_key(self) -> tuple[str, tuple[tuple[str, ...], ...]]:
        return self.missing, self.groups

    def to_json(self) -> dict[str, Any]:
        return {"groups": [list(group) for group in self.groups], "missing": self.missing}


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a search has got: ``done`` of ``total`` top-level branches, ``found`` sets so
    far, and ``sets``: the sets listed since the previous ``Progress`` (in search order)."""

    done: int
    total: int
    found: int
    sets: tuple[WordSet, ...] = ()


@dataclass(frozen=True, slots=True)
class FiveWords:
    """The answer to one search.

    ``sets`` are sorted (see the module docstring). ``complete`` is False when the search
    stopped at its ``limit`` or its time (``seconds``): then ``count`` and ``count_with_anagrams`` are lower bounds
    ("at least"). When ``keep`` capped the listing, ``sets`` holds the first ``keep`` sets
    found (in search order, then sorted) while the counts cover every set found.
    """

    words: int
    letters: int
    include: tuple[str, ...]
    exclude: str
    sets: tuple[WordSet, ...]
    count: int
    count_with_anagrams: int
    complete: bool

    def to_json(self, lexicon_name: str) -> dict[str, Any]:
        return {
            "lexicon": lexicon_name,
            "words": self.words,
            "letters": self.letters,
            "include": list(self.include),
            "exclude": self.exclude,
            "count": self.count,
            "count_with_anagrams": self.count_with_anagrams,
            "complete": self.complete,
            "sets": [s.to_json() for s in self.sets],
        }


def five_words(
    lexicon: Source,
    words: int = 5,
    letters: int = 5,
    include: Iterable[str] | str = (),
    exclude: str = "",
    limit: int | None = None,
    keep: int | None = None,
    hide: np.ndarray | None = None,
    seconds: float | None = None,
) -> FiveWords:
    """Every set of ``words`` words of ``letters`` letters using ``words * letters`` different letters.

    ``include``: words every set must contain (an iterable, or one string of words separated by
    spaces or commas). ``exclude``: letters no word may use. ``limit``: stop once at least this
    many sets are counted (the result is then not ``complete``; counts are lower bounds).
    ``keep``: list at most this many sets (counting goes on; ``keep=0`` only counts).
    ``hide``: for a Lexicon, a flag per word (like ``Lexicon.vulgar``) of words to leave out.
    ``seconds``: stop after about this long, like ``limit`` (the result is then not ``complete``).
    ``lexicon`` may also be a bundled list's name or a path (see :data:`Source`).
    Raises :class:`FiveWordsError` (a ``ValueError``) for input that cannot be searched.
    """
    result = None
    for result in search(lexicon, words, letters, include, exclude, limit, keep, hide, seconds):
        pass
    assert isinstance(result, FiveWords)
    return result


def search(
    lexicon: Source,
    words: int = 5,
    letters: int = 5,
    include: Iterable[str] | str = (),
    exclude: str = "",
    limit: int | None = None,
    keep: int | None = None,
    hide: np.ndarray | None = None,
    seconds: float | None = None,
) -> Iterator[Progress | FiveWords]:
    """:func:`five_words` step by step: yields :class:`Progress` values (first ``Progress(0, total, 0)``,
    then one per piece of top-level branches and at least every ``PROGRESS_SECONDS`` of a long
    search), and last the :class:`FiveWords` result (also the generator's return value).

    The arguments are checked before the first value is yielded, so a bad input raises on the
    first ``next()``.
    """
    started = time.perf_counter()
    query = _Query.parse(words, letters, include, exclude, limit, keep)
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0):
        raise FiveWordsError(f"seconds is a time limit above 0 (or None for none), not {seconds!r:.30}.")
    index = _index(lexicon, query.letters, hide)
    query.check_words(index)
    run = _Run(index, query, None if seconds is None else started + seconds)
    yield from run.steps()
    result = run.result()
    yield result
    return result


def check_query(words: int = 5, letters: int = 5, include: Iterable[str] | str = (), exclude: str = "") -> tuple[int, int, tuple[str, ...], str]:
    """The shape, include words and exclude letters as a search takes them (whole numbers; words
    lower-cased; excluded letters sorted), or :class:`FiveWordsError` saying what to fix. Whether
    the include words are in a word list is checked by the search (it needs the list)."""
    query = _Query.parse(words, letters, include, exclude, None, None)
    return query.words, query.letters, query.include, query.exclude


@dataclass(frozen=True, slots=True)
class _Query:
    words: int
    letters: int
    include: tuple[str, ...]
    exclude: str
    limit: int | None
    keep: int | None

    @classmethod
    def parse(cls, words, letters, include, exclude, limit, keep) -> _Query:
        words = _whole_number(words, "words", "the number of words in a set")
        letters = _whole_number(letters, "letters", "the length of each word")
        if words * letters > ALPHABET_SIZE:
            raise FiveWordsError(
                f"{words} words of {letters} letters need {words * letters} different letters, but the alphabet "
                f"has {ALPHABET_SIZE}: choose words x letters of at most {ALPHABET_SIZE} (5x5, 6x4, 4x6, 3x8, 2x13...)."
            )
        excluded = _parse_exclude(exclude)
        spare = ALPHABET_SIZE - words * letters
        if len(excluded) > spare:
            raise FiveWordsError(
                f"Excluding {len(excluded)} letters leaves {ALPHABET_SIZE - len(excluded)}, but {words} words of "
                f"{letters} letters use {words * letters}: exclude at most {spare}."
            )
        wanted = _parse_include(include, words, letters, excluded)
        for name, value, low in (("limit", limit, 1), ("keep", keep, 0)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
                raise FiveWordsError(f"{name} is a whole number of at least {low} (or None for no {name}), not {value!r:.30}.")
        return cls(words, letters, wanted, excluded, limit, keep)

    def check_words(self, index: _Index) -> None:
        for word in self.include:
            if word not in index.word_set:
                raise FiveWordsError(f"{word!r} is not in the word list {index.name!r}; include only words from "
                                     f"the list the sets are made of (or choose another list).")


def _whole_number(value: object, name: str, meaning: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise FiveWordsError(f"{name} is {meaning}, a whole number from 1 to {ALPHABET_SIZE}, not {value!r:.30}.")
    if not 1 <= value <= ALPHABET_SIZE:
        raise FiveWordsError(f"{name} is {meaning}, from 1 to {ALPHABET_SIZE}; you gave {int(value)}.")
    return int(value)


def _parse_exclude(exclude: str) -> str:
    if not isinstance(exclude, str):
        raise FiveWordsError(f"Give the letters to exclude as one string, like 'qxz', not {exclude!r:.30}.")
    text = "".join(exclude.replace(",", " ").split()).lower()
    bad = _bad_characters(text)
    if bad:
        raise FiveWordsError(f"Exclude only letters a-z; remove {bad}.")
    return "".join(sorted(set(text)))


def _parse_include(include, words: int, letters: int, excluded: str) -> tuple[str, ...]:
    if isinstance(include, str):
        include = include.replace(",", " ").split()
    try:
        given = [str(w).strip().lower() for w in include]
    except TypeError:
        raise FiveWordsError(f"Give the words to include as a list of words, not {include!r:.30}.") from None
    given = [w for w in given if w]
    if len(given) > words:
        raise FiveWordsError(f"A set has {words} words, so include at most {words}; you gave {len(given)}.")
    seen: dict[str, str] = {}  # letter -> the include word that uses it
    for word in given:
        bad = _bad_characters(word)
        if bad:
            raise FiveWordsError(f"Include words are letters a-z only; {word[:30]!r} has {bad}.")
        if len(word) != letters:
            raise FiveWordsError(f"Include words must have {letters} letters, like every word of the set; "
                                 f"{word[:30]!r} has {len(word)}.")
        repeated = sorted({ch for ch in word if word.count(ch) > 1})
        if repeated:
            raise FiveWordsError(f"Include words must not repeat a letter (a set uses each letter once); "
                                 f"{word!r} repeats {', '.join(map(repr, repeated))}.")
        banned = [ch for ch in word if ch in excluded]
        if banned:
            raise FiveWordsError(f"{word!r} uses the excluded letter {banned[0]!r}: include it or exclude the letter, not both.")
        clash = next((ch for ch in word if ch in seen), None)
        if clash is not None:
            raise FiveWordsError(f"Include words must not share a letter; {seen[clash]!r} and {word!r} both use {clash!r}.")
        seen.update(dict.fromkeys(word, word))
    return tuple(given)


def _bad_characters(text: str) -> str:
    bad = list(dict.fromkeys(ch for ch in text if ch not in ALPHABET))
    shown = ", ".join(repr(ch) for ch in bad[:5])
    return shown + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")


# --- the index: candidates of one length, as rarity-renumbered masks, with bitsets ---


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
Source = Lexicon | str | Path
"""What the sets are made of: a loaded :class:`Lexicon`, or the name of a bundled list or a
path, of which only the words of the wanted length are read (the quick way from the terminal)."""


def _index(source: Source, letters: int, hide: np.ndarray | None = None) -> _Index:
    """The candidates of ``source`` (less the words ``hide`` flags, for a Lexicon), indexed."""
    if not isinstance(source, Lexicon):
        return _build_index(words_of_length(source, letters), letters, str(source))
    per_lexicon = _INDEXES.setdefault(source, {})
    key = (letters, hide is not None and bool(hide.any()))
    if key not in per_lexicon:
        span = source.length_slice(letters, letters)
        words = source.words[span]
        if key[1]:
            assert hide is not None
            words = [w for w, hidden in zip(words, hide[span].tolist()) if not hidden]
        per_lexicon[key] = _build_index(words, letters, source.name)
    return per_lexicon[key]


def words_of_length(source: str | Path, letters: int) -> list[str]:
    """The words of ``letters`` letters of a bundled list (by name) or a word-per-line file,
    alphabetical; of a bundled list only those are decoded (see _bundled_words)."""
    if isinstance(source, str) and source in BUNDLED:
        packed = resources.files("solvers").joinpath("data", f"{source}.txt.gz").read_bytes()
        return _bundled_words(packed, letters)
    lexicon = Lexicon.load(source)  # a user's file: read, case-folded and checked as every list is
    return list(lexicon.words[lexicon.length_slice(letters, letters)])


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
        found.append(_lines_of_length(text, end + 1, letters))
        tail = text[end:]
    if not inflate.eof or inflate.unused_data:  # not one gzip member (as built): read it the plain way
        return _bundled_words_whole(packed, letters)
    found.append(_lines_of_length(tail + inflate.flush() + b"\n", None, letters))
    return np.concatenate(found).tobytes().decode("ascii").split("\n")[:-1]


def _lines_of_length(text: bytes, end: int | None, letters: int) -> np.ndarray:
    """The lines of exactly ``letters`` characters in ``text[:end]`` (which starts and ends with a
    newline, so every line lies between two), each with the newline after it, as rows of bytes:
    the newlines ``letters + 1`` apart with none between."""
    chars = np.frombuffer(text, dtype=np.uint8, count=-1 if end is None else end)
    newline = chars == 10
    size = chars.size - letters - 1  # positions a line's leading newline can have
    if size <= 0:
        return np.zeros((0, letters + 1), dtype=np.uint8)
    line = np.logical_and(newline[:size], newline[letters + 1:])
    other = ~newline
    for k in range(1, letters + 1):
        np.logical_and(line, other[k:k + size], out=line)
    return chars[np.flatnonzero(line)[:, None] + np.arange(1, letters + 2)]


def _bundled_words_whole(packed: bytes, letters: int) -> list[str]:
    text = b"\n" + gzip.decompress(packed)
    if not text.endswith(b"\n"):
        text += b"\n"
    return _lines_of_length(text, None, letters).tobytes().decode("ascii").split("\n")[:-1]


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


def _top_free_letter(used: np.ndarray) -> np.ndarray:
    """The highest bit not in each ``used`` mask (the rarest letter still free)."""
    free = (~used & FULL).astype(np.float64)
    return (np.frexp(free)[1] - 1).astype(np.int64)


# --- the search ---


@dataclass(slots=True, eq=False)
class _States:
    """A batch of search states: their candidate bitsets, letters used, letters each may still
    leave out, how many ways (sequences of chosen masks) lead to each, and the sum over those
    ways of the product of their masks' group sizes (the sets of words they stand for).

    A state's bitset is stored sparse, as its nonzero blocks only: the *entries*
    ``offsets[i]:offsets[i + 1]`` of ``block`` (the block's number in the bitset, ascending) and
    ``bits`` (the block) are state i's. Every state has a candidate, so at least one entry.

    A state is its letters used (its candidates are all the masks disjoint from them), so the
    ways that reach the same letters are one state; ``links`` says where they come from (None
    for the root)."""

    offsets: np.ndarray  # (N + 1,) intp
    block: np.ndarray  # (E,) intp
    bits: np.ndarray  # (E,) _BLOCK
    used: np.ndarray  # (N,) int64
    skips: np.ndarray  # (N,) int64
    ways: np.ndarray  # (N,) int64
    weight: np.ndarray  # (N,) int64
    links: _Links | None = None

    def __len__(self) -> int:
        return self.used.size

    def between(self, start: int, stop: int) -> _States:
        """States ``start`` to ``stop - 1``."""
        stop = min(stop, len(self))
        first, last = int(self.offsets[start]), int(self.offsets[stop])
        links = self.links
        if links is not None:
            a, b = int(links.starts[start]), int(links.starts[stop])
            links = _Links(links.back, links.starts[start:stop + 1] - a, links.row[a:b],
                           None if links.mask is None else links.mask[a:b])
        return _States(self.offsets[start:stop + 1] - first, self.block[first:last], self.bits[first:last],
                       self.used[start:stop], self.skips[start:stop], self.ways[start:stop],
                       self.weight[start:stop], links)

    def paths(self, rows: np.ndarray, most: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Every way to the states ``rows`` (or the first ``most``): for each, its state (a
        position in ``rows``) and its masks in the order chosen, as an array (ways, depth). In
        order of the rows, then of their links, then of those links' own links, and so on back
        to the root (so the first ways come from the first links at every step)."""
        owner = np.arange(rows.size)
        columns: list[np.ndarray] = []
        links = self.links
        while links is not None:
            positions, counts, _ = _spread(links.starts, rows)
            if most is not None and positions.size > most:
                positions, counts = positions[:most], np.diff(np.minimum(_offsets(counts), most))
            owner = np.repeat(owner, counts)
            columns = [np.repeat(column, counts) for column in columns]
            if links.mask is not None:
                columns.append(links.mask[positions])
            rows = links.row[positions]
            links = links.back
        masks = np.stack(columns[::-1], axis=1) if columns else np.zeros((owner.size, 0), dtype=np.intp)
        return owner, masks


@dataclass(slots=True, eq=False)
class _Links:
    """How the states of a batch were reached: state i's ways come through the links
    ``starts[i]:starts[i + 1]``, each from state ``row`` of the batch before, whose own links
    are ``back``, and choosing the mask ``mask`` there (None for a batch made by leaving a
    letter out). Only these are kept of earlier batches, not their bitsets."""

    back: _Links | None
    starts: np.ndarray  # (N + 1,) intp
    row: np.ndarray  # (M,) intp
    mask: np.ndarray | None  # (M,) intp


def _offsets(lengths: np.ndarray) -> np.ndarray:
    offsets = np.zeros(lengths.size + 1, dtype=np.intp)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def _spread(offsets: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The runs ``offsets[k]:offsets[k + 1]`` for k in ``rows`` laid end to end: the positions
    they cover, each run's length, and where each starts once laid."""
    first = offsets[rows]
    lengths = offsets[rows + 1] - first
    starts = np.cumsum(lengths) - lengths
    positions = np.repeat(first - starts, lengths)
    positions += np.arange(positions.size)
    return positions, lengths, starts


def _prune(bits: np.ndarray, lengths: np.ndarray, starts: np.ndarray, need: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Of states whose entries are laid end to end (state k's ``lengths[k]`` entries from
    ``starts[k]``, none empty), those with at least ``need`` candidates: their numbers, the
    positions of their entries that are not zero, and how many each keeps."""
    ones = np.bitwise_count(_words(bits))
    alive = np.add.reduceat(ones, starts * BLOCK_WORDS, dtype=np.int32) >= need
    survivors = np.flatnonzero(alive)
    if survivors.size == 0:
        return survivors, survivors, survivors
    keep = np.repeat(alive, lengths)
    keep &= ones.view(_BLOCK_FLAGS) != 0
    # (a survivor's run of ``keep`` reaches the next survivor's: the runs between are all False)
    return survivors, np.flatnonzero(keep), np.add.reduceat(keep, starts[survivors], dtype=np.intp)


def _group_sums(values: np.ndarray, heads: np.ndarray) -> np.ndarray:
    """The sum of each group of ``values``, the groups being consecutive runs that start at
    ``heads`` (the first at 0) and cover the array (faster than np.add.reduceat for many small runs)."""
    return np.diff(np.cumsum(values)[np.append(heads[1:], values.size) - 1], prepend=0)


def _groups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The positions of ``keys`` grouped by value (a stable sort), where each group starts in
    that order (and the end), and each group's value, ascending."""
    order = _sorted_order(keys)
    ordered = keys[order]
    heads = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    return order, np.append(heads, order.size), ordered[heads]


def _sorted_order(keys: np.ndarray) -> np.ndarray:
    """A stable argsort of nonnegative integers below 2**32 (letter masks, positions): two
    passes of numpy's radix sort on 16-bit halves, much faster than a comparison sort."""
    order = np.argsort((keys & 0xFFFF).astype(np.uint16), kind="stable")
    return order[np.argsort((keys[order] >> 16).astype(np.uint16), kind="stable")]


@functools.lru_cache(maxsize=4096)
def _missing(used: int) -> str:
    """The letters not in the mask ``used`` (ALPHABET bits), as a sorted string."""
    return "".join(ch for bit, ch in enumerate(ALPHABET) if not used >> bit & 1)


class _Stop(Exception):
    pass


class _Run:
    """One search: walks the states depth-first over pieces, counting and listing sets."""

    def __init__(self, index: _Index, query: _Query, deadline: float | None = None) -> None:
        self.index = index
        self.query = query
        self.deadline = deadline  # time.perf_counter() after which the search stops, incomplete
        self.need = query.words - len(query.include)
        self.fixed_mask = letter_mask("".join(query.include))
        self.count = 0
        self.count_with_anagrams = 0
        self.complete = True
        self.found: list[np.ndarray] = []  # (k, need) arrays of chosen mask indexes
        self.listed = 0
        self.built: list[WordSet] = []  # the WordSets of found[:converted]
        self.converted = 0
        self.done = 0
        self.total = 1
        self.last_progress = time.perf_counter()

    # The walk ------------------------------------------------------------------------

    def root(self) -> _States | None:
        index, query = self.index, self.query
        used = index.renumbered(letter_mask(query.exclude) | self.fixed_mask)
        skips = ALPHABET_SIZE - query.words * query.letters - len(query.exclude)
        alive = (index.masks & used) == 0
        if self.need > 0 and int(alive.sum()) < self.need:
            return None
        bits = _as_blocks(_bitset(alive, index.width * BLOCK_WORDS))
        block = np.flatnonzero(np.bitwise_count(_words(bits)).view(_BLOCK_FLAGS) != 0)
        return _States(np.array([0, block.size], dtype=np.intp), block, bits[block], np.array([used], dtype=np.int64),
                       np.array([skips], dtype=np.int64), np.ones(1, dtype=np.int64), np.ones(1, dtype=np.int64))

    def steps(self) -> Iterator[Progress]:
        root = self.root()
        if self.need == 0:  # the include words are the whole set
            yield self.progress()
            self.count, self.count_with_anagrams, self.done = 1, 1, 1
            if self.query.keep != 0:
                self.found.append(np.zeros((1, 0), dtype=np.intp))
                self.listed = 1
            yield self.progress()
            return
        if root is None:
            return
        if self.need == 1:
            self.total = 1
            yield self.progress()
            try:
                for _ in self.walk(root, 1):
                    yield self.progress()
            except _Stop:
                self.complete = False
            self.done = 1
            yield self.progress()
            return
        # The top-level branches: the states after the first word, over every allowed skip.
        top = list(self.branches(root, self.need))
        self.total = sum(len(states) for states in top)
        yield self.progress()
        try:
            for states in top:
                size, start = 64, 0
                while start < len(states):
                    piece = states.between(start, start + size)
                    began = time.perf_counter()
                    for _ in self.walk(piece, self.need - 1):
                        yield self.progress()
                    start += len(piece)
                    self.done += len(piece)
                    yield self.progress()
                    if time.perf_counter() - began < PROGRESS_SECONDS / 2:
                        size *= 2
        except _Stop:
            self.complete = False

    def walk(self, states: _States, remaining: int) -> Iterator[None]:
        """Finish every state of the batch (``remaining`` words still to choose); yields None
        when a progress report is due."""
        if remaining == 1:
            self.finish(states)
            if time.perf_counter() - self.last_progress >= PROGRESS_SECONDS:
                yield None
            return
        for children in self.branches(states, remaining):
            yield from self.walk(children, remaining - 1)

    def branches(self, states: _States, remaining: int) -> Iterator[_States]:
        """The children of a batch of states, in pieces: first covering each state's rarest free
        letter, then (for states that may still leave letters out) leaving it out and repeating."""
        index = self.index
        while len(states):
            letter = _top_free_letter(states.used)
            yield from self.cover(states, letter, remaining)
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

    def pairs(self, states: _States, letter: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The pairs (state, mask) of each state and its candidates with its ``letter``, by
        state then mask: the states' numbers and the masks'."""
        index = self.index
        lengths = np.diff(states.offsets)
        having = index.having[np.repeat(letter * index.width, lengths) + states.block]
        covering = _words(states.bits) & _words(having)
        hit = np.flatnonzero(covering != 0)
        which, bit = _set_bits(covering[hit])
        entry, part = np.divmod(hit[which], BLOCK_WORDS)
        rows = np.repeat(np.arange(len(states)), lengths)[entry]
        return rows, (states.block[entry] * BLOCK_WORDS + part) * 64 + bit

    def cover(self, states: _States, letter: np.ndarray, remaining: int) -> Iterator[_States]:
        """The children that choose a mask with each state's ``letter``: its candidates with the
        letter (all have it as their rarest, the rarer letters being used). The pairs (state,
        mask) that use the same letters make the same child, which is built once, from the
        first such pair: its candidates are that state's AND the mask's disjoint bitset, on the
        state's blocks only. Children come in pieces, ordered by their letters used."""
        index = self.index
        width = index.width
        rows, chosen = self.pairs(states, letter)
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
        for a, b in zip(cuts, cuts[1:]):
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

    def finish(self, states: _States) -> None:
        """States with one word left: every candidate completes a set (in each of the state's ways)."""
        index, query = self.index, self.query
        starts = states.offsets[:-1] * BLOCK_WORDS
        words = _words(states.bits)
        counts = np.add.reduceat(np.bitwise_count(words), starts, dtype=np.int64)
        weighted = counts.copy()
        for value, bitset in index.weight_bits:
            heavy = words & _words(bitset[states.block])
            weighted += value * np.add.reduceat(np.bitwise_count(heavy), starts, dtype=np.int64)
        sets = counts * states.ways
        self.count += int(sets.sum())
        self.count_with_anagrams += int(np.dot(weighted, states.weight))
        room = (query.keep if query.keep is not None else math.inf) - self.listed
        if room > 0:
            rows = len(states)
            if room < math.inf:
                rows = min(rows, int(np.searchsorted(np.cumsum(sets), room)) + 1)
            # The last masks (the candidates) of the first ``rows`` states, state by state...
            end = int(states.offsets[rows])
            which, bit = _set_bits(words[:end * BLOCK_WORDS])
            entry, part = np.divmod(which, BLOCK_WORDS)
            last = (states.block[entry] * BLOCK_WORDS + part) * 64 + bit
            # ... after each of the ways to the state.
            owner, masks = states.paths(np.arange(rows), None if room == math.inf else int(room))
            picks, _, _ = _spread(_offsets(counts[:rows]), owner)
            found = np.concatenate((np.repeat(masks, counts[owner], axis=0), last[picks, None]), axis=1)
            if room < math.inf:
                found = found[: int(room)]
            self.found.append(found)
            self.listed += len(found)
        if query.limit is not None and self.count >= query.limit:
            raise _Stop
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stop

    # Reporting --------------------------------------------------------------------------

    def word_sets(self, rows: Iterable[Iterable[int]]) -> list[WordSet]:
        index = self.index
        fixed = [(word,) for word in self.query.include]
        out = []
        for row in rows:
            groups = [index.group(i) for i in row] + fixed
            used = self.fixed_mask
            for i in row:
                used |= index.original[i]
            out.append(WordSet(tuple(sorted(groups)), _missing(used)))
        return out

    def new_sets(self) -> tuple[WordSet, ...]:
        """The listed sets not yet turned into WordSets (and reported), as WordSets."""
        rows = [row for part in self.found[self.converted:] for row in part.tolist()]
        self.converted = len(self.found)
        new = self.word_sets(rows)
        self.built.extend(new)
        return tuple(new)

    def progress(self) -> Progress:
        self.last_progress = time.perf_counter()
        return Progress(self.done, self.total, self.count, self.new_sets())

    def result(self) -> FiveWords:
        self.new_sets()
        sets = sorted(self.built, key=WordSet.sort_key)
        query = self.query
        return FiveWords(query.words, query.letters, query.include, query.exclude, tuple(sets),
                         self.count, self.count_with_anagrams, self.complete)
