"""Word lists and the letter-count index the solvers search.

A :class:`Lexicon` holds its words ordered longest first, then alphabetically, so every
word length is one contiguous slice, and a solver's matches come out already in display
order. Beside the words it keeps a letter-count matrix stored letter-major (26 rows of
one byte per word), so "how many E's does each 7-letter word have" is one contiguous
array slice.
"""

from __future__ import annotations

import functools
import gzip
import operator
import re
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from itertools import islice
from pathlib import Path

import numpy as np

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
BUNDLED = ("full", "common")
"""Bundled lexicons: ``full`` (SCOWL levels <= 80) and ``common`` (SCOWL levels <= 50)."""

_ALL_WORD_LINES = re.compile(r"(?:[a-z]+\n)*")
_WORD = re.compile(r"[a-z]+")


class LexiconError(ValueError):
    """A lexicon source that cannot be loaded; the message says what to fix."""


class Lexicon:
    """An immutable word list with the indexes the solvers need.

    ``words`` is ordered by length (longest first), then alphabetically.
    ``counts[letter, i]`` is how many times ``ALPHABET[letter]`` occurs in ``words[i]``.
    ``spellings[i, j]`` is the code (0-25) of the j-th letter of ``words[i]``, 26 past its end.
    ``masks[i]`` has bit k set when ``words[i]`` contains ``ALPHABET[k]``.
    ``zipf[i]`` is how common ``words[i]`` is: its Zipf frequency (log10 of uses per
    billion words of English; 3 is about once in a million words), 0.0 when unknown.
    """

    __slots__ = (
        "name", "words", "lengths", "counts", "spellings", "masks", "zipf",
        "_length_slices", "_word_set", "_index", "__weakref__",
    )

    def __init__(self, name: str, words: Iterable[str], commonness: Mapping[str, float] | None = None) -> None:
        ordered = _order(words)
        self.name = name
        self.words: tuple[str, ...] = tuple(ordered)
        self.lengths = np.fromiter(map(len, ordered), dtype=np.int32, count=len(ordered))
        self.spellings = spelling_matrix(ordered, self.lengths)
        self.counts = _letter_counts(self.spellings, self.lengths)
        self.masks = _letter_masks(self.counts)
        get = (commonness or {}).get
        self.zipf = np.fromiter((get(w, 0.0) for w in ordered), dtype=np.float32, count=len(ordered))
        self._length_slices = _length_slices(self.lengths)
        self._word_set: frozenset[str] | None = None
        self._index: dict[str, int] | None = None
        for array in (self.lengths, self.counts, self.spellings, self.masks, self.zipf):
            array.flags.writeable = False

    @classmethod
    def load(cls, source: str | Path) -> Lexicon:
        """Load a bundled lexicon by name (``"full"``, ``"common"``) or a word-per-line file.

        A file is read as UTF-8 (``.gz`` files are decompressed); each line is case-folded
        and kept only if it is purely the letters a-z. Bundled lexicons are loaded once per
        process and shared.
        """
        if isinstance(source, str) and source in BUNDLED:
            return _load_bundled(source)
        path = Path(source)
        if not path.is_file():
            names = ", ".join(BUNDLED)
            raise LexiconError(f"No word list at {str(source)[:200]!r}: give one of {names} or a path to a file.")
        try:
            text = _read_text(path)
        except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as error:
            raise LexiconError(f"Cannot read word list {path}: {error}") from None
        return cls(path.name, parse_words(text))

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        if self._word_set is None:
            self._word_set = frozenset(self.words)
        return word in self._word_set

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r} of {len(self)} words>"

    def index(self, word: str) -> int:
        """The position of ``word`` in ``words``; ``KeyError`` when it is not in the list."""
        if self._index is None:
            self._index = {w: i for i, w in enumerate(self.words)}
        return self._index[word]

    def commonness(self, word: str) -> float:
        """How common ``word`` is (its Zipf frequency, see ``zipf``); 0.0 for a word not in the list."""
        try:
            return float(self.zipf[self.index(word)])
        except KeyError:
            return 0.0

    def length_slice(self, lo: int, hi: int) -> slice:
        """The index range of the words whose length is in ``lo..hi`` (inclusive)."""
        start = min((s.start for n, s in self._length_slices.items() if lo <= n <= hi), default=0)
        stop = max((s.stop for n, s in self._length_slices.items() if lo <= n <= hi), default=0)
        return slice(start, max(start, stop))


def parse_words(text: str) -> list[str]:
    """The words of a word-per-line text: case-folded, only lines of letters a-z, unique."""
    folded = text.casefold()
    if not folded.endswith("\n"):
        folded += "\n"
    if _ALL_WORD_LINES.fullmatch(folded):
        return folded.split()
    return [line for line in map(str.strip, folded.splitlines()) if _WORD.fullmatch(line)]


def letter_counts(word: str) -> list[int]:
    """How many of each letter a-z the word holds (a list of 26)."""
    counts = [0] * 26
    for ch in word:
        counts[ord(ch) - 97] += 1
    return counts


def _order(words: Iterable[str]) -> list[str]:
    """Unique words, longest first, then alphabetical."""
    ordered = list(words)
    if not all(map(operator.lt, ordered, islice(ordered, 1, None))):
        ordered = sorted(set(ordered))
    ordered.sort(key=len, reverse=True)  # stable: alphabetical within a length
    return ordered


def spelling_matrix(words: list[str], lengths: np.ndarray) -> np.ndarray:
    """A len(words) x longest matrix of letter codes 0-25, padded with 26 after each word."""
    width = int(lengths.max()) if lengths.size else 0
    matrix = np.full((len(words), width), 26, dtype=np.uint8)
    if words:
        codes = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8) - 97
        rows = np.repeat(np.arange(len(words)), lengths)
        starts = np.cumsum(lengths) - lengths
        matrix[rows, np.arange(codes.size) - np.repeat(starts, lengths)] = codes
    return matrix


def _letter_counts(spellings: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The 26 x N letter-count matrix, one letter position at a time."""
    n = len(lengths)
    flat = np.zeros(27 * n, dtype=np.uint8)  # row 26 counts the padding, then is dropped
    word_index = np.arange(n)
    for column in range(spellings.shape[1]):
        flat[spellings[:, column].astype(np.intp) * n + word_index] += 1  # one word per index
    return flat.reshape(27, n)[:26].copy()


def _letter_masks(counts: np.ndarray) -> np.ndarray:
    """Each word's set of letters as a 26-bit mask."""
    masks = np.zeros(counts.shape[1], dtype=np.int64)
    for letter in range(26):
        masks |= (counts[letter] > 0).astype(np.int64) << letter
    return masks


def letter_mask(letters: str) -> int:
    """The 26-bit mask of a string's letters."""
    mask = 0
    for ch in letters:
        mask |= 1 << (ord(ch) - 97)
    return mask


def _length_slices(lengths: np.ndarray) -> dict[int, slice]:
    """Each word length's contiguous slice of a longest-first word array."""
    if lengths.size == 0:
        return {}
    change = np.flatnonzero(np.diff(lengths)) + 1
    starts = np.concatenate(([0], change))
    stops = np.concatenate((change, [lengths.size]))
    return {int(lengths[a]): slice(int(a), int(b)) for a, b in zip(starts, stops)}


def _read_text(path: Path) -> str:
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    return data.decode("utf-8")


@functools.cache
def _load_bundled(name: str) -> Lexicon:
    data = resources.files("solvers").joinpath("data", f"{name}.txt.gz").read_bytes()
    return Lexicon(name, parse_words(gzip.decompress(data).decode("ascii")))
