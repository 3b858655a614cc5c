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
letter; the masks are sorted, so all the masks whose rarest letter is x (x's *bucket*) are
one contiguous range. A search state is the letters used so far, how many letters it may
still leave out (``26 - words*letters`` to begin with, less the excluded ones), and the set
of masks still disjoint from everything used, as a bitset over the sorted masks. At each
state the rarest letter x not yet used must either be covered, by a mask of x's bucket (its
rarer letters are all used, so a mask containing x is in that bucket), or be left out, if
the budget allows. That choice is forced by the final set, so every set is found exactly
once. A mask's "disjoint from" bitset is precomputed, so a child state's candidates are one
AND; when one word is left to choose, every candidate completes a set, so the count is a
popcount. The states of a level are processed together, as numpy arrays of bitsets, in
pieces of bounded size (depth-first over pieces), so memory stays bounded for shapes with
millions of answers, and the search can stop at a ``limit`` and report progress.
"""

from __future__ import annotations

import gzip
import math
import time
import weakref
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
"""At most this many search states are built at once (each is a bitset over the candidates)."""
PROGRESS_SECONDS = 0.25
"""Deep in a long search, a ``Progress`` is yielded at least this often (between pieces)."""


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
            if word not in index.words:
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


# --- the index: candidates of one length, as sorted rarity-renumbered masks, with bitsets ---


@dataclass(eq=False)
class _Index:
    """The candidates of one word length in a lexicon, ready to search (built once, cached)."""

    letters: int
    name: str  # the word list's
    masks: np.ndarray  # int64, renumbered letters (bit 25 = rarest), sorted ascending
    original: list[int]  # the same masks in ALPHABET bits, as Python ints
    weights: np.ndarray  # int64: group sizes
    groups: list[tuple[str, ...]]
    words: frozenset[str]  # every word of this length in the list (an include word must be one)
    renumber: list[int]  # ALPHABET bit -> renumbered bit
    starts: list[int]  # starts[x]: first index whose highest bit is >= x (x = 0..26)
    disjoint: np.ndarray = field(repr=False)  # (n, words) uint64: bitset of the masks disjoint from each
    below: np.ndarray = field(repr=False)  # (27, words) uint64: bitset of indexes < starts[x]
    weight_classes: list[tuple[int, np.ndarray]] = field(repr=False)  # (w - 1, bitset of masks with weight w >= 2)

    @property
    def size(self) -> int:
        return len(self.groups)

    @property
    def width(self) -> int:
        return self.disjoint.shape[1]

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
    alphabetical; only those are decoded, so a bundled list is read in a few milliseconds."""
    if isinstance(source, str) and source in BUNDLED:
        data = gzip.decompress(resources.files("solvers").joinpath("data", f"{source}.txt.gz").read_bytes())
        text = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(text == 10)  # a bundled list: sorted unique lowercase words, one a line
        starts = np.concatenate(([0], ends[:-1] + 1))
        chosen = starts[ends - starts == letters]
        return text[chosen[:, None] + np.arange(letters)].view(f"S{letters}").ravel().astype(str).tolist()
    lexicon = Lexicon.load(source)  # a user's file: read, case-folded and checked as every list is
    return list(lexicon.words[lexicon.length_slice(letters, letters)])


def _build_index(words: list[str] | tuple[str, ...], letters: int, name: str) -> _Index:
    """Index alphabetical words of ``letters`` letters: their letter groups, renumbered and sorted."""
    spelled = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(len(words), letters)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), (spelled - 97).astype(np.int64)), axis=1) \
        if len(words) else np.zeros(0, dtype=np.int64)
    position = np.flatnonzero(np.bitwise_count(masks) == letters)  # all letters different
    unique, inverse, sizes = np.unique(masks[position], return_inverse=True, return_counts=True)
    # Renumber letters by rarity among the groups: rarest -> bit 25 (ties: alphabetical).
    frequency = [int(np.count_nonzero(unique >> bit & 1)) for bit in range(ALPHABET_SIZE)]
    by_rarity = sorted(range(ALPHABET_SIZE), key=lambda bit: (frequency[bit], bit))
    renumber = [0] * ALPHABET_SIZE
    for rank, bit in enumerate(by_rarity):
        renumber[bit] = ALPHABET_SIZE - 1 - rank
    renumbered = np.zeros(unique.size, dtype=np.int64)
    for bit in range(ALPHABET_SIZE):
        renumbered |= (unique >> bit & 1) << renumber[bit]
    order = np.argsort(renumbered, kind="stable")
    renumbered, unique, sizes = renumbered[order], unique[order], sizes[order]
    # Group words: the words of one mask, alphabetical (as given).
    members = position[np.argsort(inverse, kind="stable")].tolist()
    bounds = np.concatenate(([0], np.cumsum(np.bincount(inverse, minlength=unique.size)))).tolist()
    by_group = [tuple(words[p] for p in members[bounds[g]:bounds[g + 1]]) for g in range(len(bounds) - 1)]
    groups = [by_group[g] for g in order.tolist()]

    n = unique.size
    width = max(1, (n + 63) // 64)
    starts = np.searchsorted(renumbered, [1 << x for x in range(ALPHABET_SIZE)] + [1 << ALPHABET_SIZE]).tolist()
    starts[ALPHABET_SIZE] = n
    not_having = np.zeros((ALPHABET_SIZE, width), dtype=np.uint64)
    for x in range(ALPHABET_SIZE):
        not_having[x] = _bitset((renumbered >> x & 1) == 0, width)
    # Each mask's letters as rows of not_having; a mask in x's bucket only needs bits below starts[x].
    letter_of = np.nonzero((renumbered[:, None] >> np.arange(ALPHABET_SIZE)) & 1)[1].reshape(n, letters)
    disjoint = np.zeros((n, width), dtype=np.uint64)
    for x in range(ALPHABET_SIZE):
        rows = slice(starts[x], starts[x + 1])
        used_words = (starts[x] + 63) // 64
        if rows.start == rows.stop or used_words == 0:
            continue
        block = not_having[letter_of[rows, 0], :used_words]
        for k in range(1, letters):
            block &= not_having[letter_of[rows, k], :used_words]
        disjoint[rows, :used_words] = block
    below = np.zeros((ALPHABET_SIZE + 1, width), dtype=np.uint64)
    for x in range(ALPHABET_SIZE + 1):
        below[x] = _bitset(np.arange(n) < starts[x], width)
    weight_classes = [(int(w) - 1, _bitset(sizes == w, width)) for w in np.unique(sizes).tolist() if w >= 2]
    for array in (renumbered, sizes, disjoint, below):
        array.flags.writeable = False
    return _Index(letters, name, renumbered, unique.tolist(), sizes.astype(np.int64), groups, frozenset(words),
                  renumber, starts, disjoint, below, weight_classes)


def _bitset(flags: np.ndarray, width: int) -> np.ndarray:
    """A boolean array as a little-endian bitset of ``width`` 64-bit words."""
    packed = np.zeros(width * 8, dtype=np.uint8)
    bits = np.packbits(flags.astype(bool), bitorder="little")
    packed[: bits.size] = bits
    return packed.view(np.uint64)


_HIGH_BITS = np.array([(1 << 64) - (1 << k) for k in range(64)], dtype=np.uint64)
"""_HIGH_BITS[k]: the bits k..63 of a 64-bit word."""


def _set_bits(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For 64-bit words, the (word number, bit number) of every set bit, in order."""
    flags = np.unpackbits(values.view(np.uint8), bitorder="little").view(bool)  # bool: nonzero's fast path
    found = np.flatnonzero(flags)
    return found >> 6, found & 63


def _popcounts(bitsets: np.ndarray) -> np.ndarray:
    return np.bitwise_count(bitsets).sum(axis=1, dtype=np.int64)


def _top_free_letter(used: np.ndarray) -> np.ndarray:
    """The highest bit not in each ``used`` mask (the rarest letter still free)."""
    free = (~used & FULL).astype(np.float64)
    return (np.frexp(free)[1] - 1).astype(np.int64)


# --- the search ---


@dataclass(slots=True)
class _States:
    """A batch of search states: candidate bitsets, letters used, letters it may still leave
    out, the masks chosen (indexes), and the product of their group sizes."""

    bits: np.ndarray  # (N, width) uint64
    used: np.ndarray  # (N,) int64
    skips: np.ndarray  # (N,) int64
    path: np.ndarray  # (N, depth) int32
    weight: np.ndarray  # (N,) int64

    def __len__(self) -> int:
        return self.used.size

    def take(self, rows) -> _States:
        return _States(self.bits[rows], self.used[rows], self.skips[rows], self.path[rows], self.weight[rows])


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
        return _States(_bitset(alive, index.width)[None, :].copy(), np.array([used], dtype=np.int64),
                       np.array([skips], dtype=np.int64), np.zeros((1, 0), dtype=np.int32),
                       np.ones(1, dtype=np.int64))

    def steps(self) -> Iterator[Progress]:
        root = self.root()
        if self.need == 0:  # the include words are the whole set
            yield self.progress()
            self.count, self.count_with_anagrams, self.done = 1, 1, 1
            if self.query.keep != 0:
                self.found.append(np.zeros((1, 0), dtype=np.int32))
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
                    piece = states.take(slice(start, start + size))
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
            states = states.take(may_skip)
            letter = letter[may_skip]
            states.bits &= index.below[letter, : states.bits.shape[1]]
            states.used |= np.left_shift(1, letter)
            states.skips -= 1
            states = states.take(np.flatnonzero(_popcounts(states.bits) >= remaining))

    def cover(self, states: _States, letter: np.ndarray, remaining: int) -> Iterator[_States]:
        """The children that choose a mask from the bucket of each state's ``letter``."""
        index = self.index
        starts = index.starts
        order = np.argsort(letter, kind="stable")
        sorted_letters = letter[order]
        cuts = np.flatnonzero(np.diff(sorted_letters)) + 1
        rows_parts, chosen_parts = [], []
        child_width = 1
        for group_rows in np.split(order, cuts):
            x = int(letter[group_rows[0]])
            lo, hi = starts[x], starts[x + 1]
            if lo == hi:
                continue
            # The bucket's words; nothing is set above it (all rarer letters are used), so only
            # the bits below it in its first word are masked off. Then unpack only nonzero words.
            first_word, end_word = lo // 64, (hi + 63) // 64
            block = states.bits[group_rows, first_word:end_word]
            block[:, 0] &= _HIGH_BITS[lo % 64]
            row, word = np.nonzero(block)
            if row.size == 0:
                continue
            which, bit = _set_bits(block[row, word])
            rows_parts.append(group_rows[row[which]])
            chosen_parts.append((word[which] + first_word) * 64 + bit)
            child_width = max(child_width, (lo + 63) // 64)
        if not rows_parts:
            return
        rows = np.concatenate(rows_parts)
        chosen = np.concatenate(chosen_parts)
        child_width = min(child_width, states.bits.shape[1])
        for start in range(0, rows.size, PIECE_STATES):
            r, c = rows[start:start + PIECE_STATES], chosen[start:start + PIECE_STATES]
            bits = states.bits[r, :child_width] & index.disjoint[c, :child_width]
            alive = np.flatnonzero(_popcounts(bits) >= remaining - 1)
            if alive.size == 0:
                continue
            r, c = r[alive], c[alive]
            yield _States(bits[alive], states.used[r] | index.masks[c], states.skips[r],
                          np.concatenate((states.path[r], c[:, None].astype(np.int32)), axis=1),
                          states.weight[r] * index.weights[c])

    def finish(self, states: _States) -> None:
        """States with one word left: every candidate completes a set."""
        index, query = self.index, self.query
        counts = _popcounts(states.bits)
        weighted = counts.copy()
        for extra, bitset in index.weight_classes:
            weighted += extra * _popcounts(states.bits & bitset[: states.bits.shape[1]])
        self.count += int(counts.sum())
        self.count_with_anagrams += int(np.dot(weighted, states.weight))
        room = (query.keep if query.keep is not None else math.inf) - self.listed
        if room > 0:
            rows = np.flatnonzero(counts)
            if room < math.inf:
                rows = rows[: int(np.searchsorted(np.cumsum(counts[rows]), room)) + 1]
            if rows.size:
                flags = np.unpackbits(states.bits[rows].view(np.uint8), axis=1, bitorder="little").view(bool)
                r, last = np.nonzero(flags)
                sets = np.concatenate((states.path[rows[r]], last[:, None].astype(np.int32)), axis=1)
                if room < math.inf:
                    sets = sets[: int(room)]
                self.found.append(sets)
                self.listed += len(sets)
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
            groups = [index.groups[i] for i in row] + fixed
            used = self.fixed_mask
            for i in row:
                used |= index.original[i]
            missing = "".join(ch for bit, ch in enumerate(ALPHABET) if not used >> bit & 1)
            out.append(WordSet(tuple(sorted(groups)), missing))
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
