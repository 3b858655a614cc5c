"""Word lists and the letter-count index the solvers search.

A :class:`Lexicon` holds its words ordered longest first, then alphabetically, so every
word length is one contiguous slice, and a solver's matches come out already in display
order. Beside the words it keeps a letter-count matrix stored letter-major (a row of one byte
per word for each letter of its language: 26 in English, :mod:`solvers.letters`), so "how many
E's does each 7-letter word have" is one contiguous array slice.
"""

from __future__ import annotations

import functools
import gzip
import operator
from collections.abc import Iterable, Iterator, Mapping
from itertools import islice
from pathlib import Path

import numpy as np

from . import word_file
from .letters import code_letters, count_matrix, letter_counts, letter_mask, letter_masks, spelling_matrix
from .lexicon_cache import cache_key, cached_lexicon
from .list_names import BUNDLED, LANGUAGE_BUNDLED, LANGUAGE_LISTS, LANGUAGE_NAMES, is_bundled, language_of
from .offensive import classify, data_folder
from .word_file import MAX_WORD_LENGTH, LexiconError, WordLines

__all__ = ["ALPHABET", "BUNDLED", "LANGUAGE_BUNDLED", "LANGUAGE_LISTS", "LANGUAGE_NAMES", "MAX_WORD_LENGTH", "Lexicon",
           "LexiconError", "is_bundled", "language_of", "letter_counts", "letter_mask", "read_word_lines",
           "spelling_matrix"]

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
class Lexicon:
    """An immutable word list with the indexes the solvers need.

    ``words`` is ordered by length (longest first), then alphabetically.
    ``alphabet`` is its language's letters in code order (``solvers.letters``; a-z in English).
    ``counts[letter, i]`` is how many times ``alphabet[letter]`` occurs in ``words[i]``.
    ``spellings[i, j]`` is the code of the j-th letter of ``words[i]``, ``len(alphabet)`` past its end.
    ``masks[i]`` has bit k set when ``words[i]`` contains ``alphabet[k]``.
    ``zipf[i]`` is how common ``words[i]`` is: its Zipf frequency (log10 of uses per
    billion words of English; 3 is about once in a million words), 0.0 when unknown.
    ``levels[i]`` is the word's SCOWL level (0 when unknown); ``vulgar[i]`` whether it is
    flagged vulgar (never a daily answer, hidden from public replies unless a server allows).
    ``skipped_lines`` counts the lines of its file that were not words (0 for a bundled list).
    ``written`` maps a played form to how a server's list in another language writes it (None
    for every other list: ``display`` reads a bundled language's own).
    """

    __slots__ = (
        "name", "words", "lengths", "counts", "spellings", "masks", "zipf", "levels", "vulgar",
        "skipped_lines", "written", "_length_slices", "_word_set", "_index", "__weakref__",
    )

    def __init__(self, name: str, words: Iterable[str], commonness: Mapping[str, float] | None = None,
                 vulgar: Iterable[str] = (), skipped_lines: int = 0,
                 written: Mapping[str, str] | None = None) -> None:
        ordered = _order(words)
        get, flagged = (commonness or {}).get, frozenset(vulgar)
        zipf = np.fromiter((get(w, 0.0) for w in ordered), dtype=np.float32, count=len(ordered))
        is_vulgar = np.fromiter((w in flagged for w in ordered), dtype=bool, count=len(ordered))
        self._build(name, ordered, zipf, np.zeros(len(ordered), dtype=np.uint8), is_vulgar)
        self.skipped_lines, self.written = skipped_lines, written

    @classmethod
    def from_figures(cls, name: str, sorted_words: list[str], figures: np.ndarray) -> Lexicon:
        """A bundled list: unique words in alphabetical order, and per word (in that order) its
        commonness x 10, SCOWL level and flags (bit 0: vulgar), as built by the build script."""
        lengths = np.fromiter(map(len, sorted_words), dtype=np.int32, count=len(sorted_words))
        order = np.argsort(-lengths, kind="stable")  # longest first, alphabetical within a length
        figures = figures[order]
        lexicon = cls.__new__(cls)
        lexicon._build(name, [sorted_words[i] for i in order.tolist()], figures[:, 0] / np.float32(10),
                       figures[:, 1].copy(), (figures[:, 2] & 1).astype(bool))
        return lexicon

    @classmethod
    def from_arrays(cls, name: str, words: list[str], arrays: Mapping[str, np.ndarray],
                    length_slices: dict[int, slice] | None = None, skipped_lines: int = 0) -> Lexicon:
        """A lexicon from its words (in lexicon order) and its arrays as built before (a cache
        file's), with each length's slice when known (checked against ``lengths`` by the caller)."""
        lexicon = cls.__new__(cls)
        lexicon.name, lexicon.words, lexicon.skipped_lines, lexicon.written = name, tuple(words), skipped_lines, None
        for array_name, array in arrays.items():
            array.flags.writeable = False
            setattr(lexicon, array_name, array)
        lexicon._length_slices = _length_slices(lexicon.lengths) if length_slices is None else length_slices
        lexicon._word_set = lexicon._index = None
        return lexicon

    def _build(self, name: str, ordered: list[str], zipf: np.ndarray, levels: np.ndarray, vulgar: np.ndarray) -> None:
        self.name, self.skipped_lines, self.written = name, 0, None
        self.words: tuple[str, ...] = tuple(ordered)
        self.lengths = np.fromiter(map(len, ordered), dtype=np.int32, count=len(ordered))
        letters = self.alphabet
        self.spellings = spelling_matrix(ordered, self.lengths, letters)
        self.counts = count_matrix(self.spellings, self.lengths, len(letters))
        self.masks = letter_masks(self.counts)
        self.zipf, self.levels, self.vulgar = zipf.astype(np.float32), levels, vulgar
        self._length_slices = _length_slices(self.lengths)
        self._word_set: frozenset[str] | None = None
        self._index: dict[str, int] | None = None
        for array in (self.lengths, self.counts, self.spellings, self.masks, self.zipf, self.levels, self.vulgar):
            array.flags.writeable = False

    @classmethod
    def load(cls, source: str | Path, *, drop_slurs: bool = False, language: str = "en") -> Lexicon:
        """Load a bundled lexicon by name (``"full"``, ``"common"``, ``"huge"``) or a word-per-line file.

        ``language``: another bundled language's ``common`` or ``full`` list (``solvers/data/<lang>/``,
        played forms: ``eleve`` for *élève*; ``display`` gives the written form), indexed in its own
        letters (German ä ö ü, Spanish ñ: ``alphabet``).

        A file is read as every word list is (:mod:`solvers.word_lines`: each line's first
        column, case-folded, when it is letters a-z), within the same limits as an upload, a
        piece at a time, and its lexicon cached by the file's SHA-256. Its offensive words are
        decided as for the bundled lists (``solvers.offensive``): flagged words are flagged;
        slurs are dropped when asked (``drop_slurs``: what the bot asks for, since it writes in
        public), and kept for the user's own terminal otherwise. The bundled lists have no
        slurs. Bundled lexicons are loaded once per process and shared.
        """
        if language != "en":
            return _load_language(source, language)
        if isinstance(source, str) and is_bundled(source):
            return _load_bundled(source)
        path = word_file.existing_file(source, BUNDLED)
        what, name = str(source)[:200], Path(path).name
        with word_file.reading(path), open(path, "rb") as file:
            digest = word_file.file_digest(file, what)
            key = cache_key(b"path", digest.encode(), bytes([drop_slurs]), word_file.limits_key())
            build = functools.partial(_build_from_lines, name, drop_slurs=drop_slurs)
            return cached_lexicon(key, lambda: build(word_file.read_file(file, what, digest)),
                                  functools.partial(Lexicon.from_arrays, name))

    @property
    def language(self) -> str:
        """The language its name says (``fr`` for ``fr/full`` and a server's ``fr/club``;
        :func:`solvers.list_names.language_of`); English for any other list."""
        return language_of(self.name)

    @property
    def alphabet(self) -> str:
        """The letters its words are played with, in code order (``solvers.letters``)."""
        return code_letters(self.language)

    def display(self, word: str) -> str:
        """How ``word`` (a played form) is written: with its accents in another language's list
        (``eleve`` → ``élève``), else as it is."""
        if self.written is not None:
            return self.written.get(word, word)
        return _written_forms(self.language).get(word, word) if self.language != "en" else word

    def without_vulgar(self) -> Lexicon:
        """This list less its vulgar words (the bundled lists hold no slurs): what a daily game
        accepts. Made once per list and process."""
        if not self.vulgar.any():
            return self
        return _without_vulgar(self)

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

    def is_vulgar(self, word: str) -> bool:
        try:
            return bool(self.vulgar[self.index(word)])
        except KeyError:
            return False

    def commonness(self, word: str) -> float:
        """How common ``word`` is (its Zipf frequency, see ``zipf``); 0.0 for a word not in the list."""
        try:
            return float(self.zipf[self.index(word)])
        except KeyError:
            return 0.0

    @property
    def length_slices(self) -> dict[int, slice]:
        """Each word length's slice of ``words`` (longest first)."""
        return dict(self._length_slices)

    def length_slice(self, lo: int, hi: int) -> slice:
        """The index range of the words whose length is in ``lo..hi`` (inclusive)."""
        start = min((s.start for n, s in self._length_slices.items() if lo <= n <= hi), default=0)
        stop = max((s.stop for n, s in self._length_slices.items() if lo <= n <= hi), default=0)
        return slice(start, max(start, stop))


def _order(words: Iterable[str]) -> list[str]:
    """Unique words, longest first, then alphabetical."""
    ordered = list(words)
    if not all(map(operator.lt, ordered, islice(ordered, 1, None))):
        ordered = sorted(set(ordered))
    ordered.sort(key=len, reverse=True)  # stable: alphabetical within a length
    return ordered


def _length_slices(lengths: np.ndarray) -> dict[int, slice]:
    """Each word length's contiguous slice of a longest-first word array."""
    if lengths.size == 0:
        return {}
    change = np.flatnonzero(np.diff(lengths)) + 1
    starts = np.concatenate(([0], change))
    stops = np.concatenate((change, [lengths.size]))
    return {int(lengths[a]): slice(int(a), int(b)) for a, b in zip(starts, stops, strict=True)}


def read_word_lines(source: str | Path) -> WordLines:
    """The words of a word list file, read as :meth:`Lexicon.load` reads them (a
    :class:`LexiconError` saying what to fix), without building a lexicon."""
    path = word_file.existing_file(source, BUNDLED)
    with word_file.reading(path), open(path, "rb") as file:
        return word_file.read_file(file, str(source)[:200])


def _build_from_lines(name: str, lines: WordLines, drop_slurs: bool) -> Lexicon:
    words = lines.words  # sorted
    offensive = classify(words)
    if drop_slurs:
        words = [w for w in words if w not in offensive.removed]
    return Lexicon(name, words, vulgar=offensive.flagged, skipped_lines=lines.skipped)


def _data_file(name: str) -> Path:
    return _DATA / name


_DATA = data_folder()


def _load_language(source: str | Path, language: str) -> Lexicon:
    if language not in LANGUAGE_NAMES:
        raise LexiconError(f"The language is en, {', '.join(LANGUAGE_NAMES)}, not {str(language)[:20]!r}.")
    name = LANGUAGE_NAMES[language]
    if not (isinstance(source, str) and source in LANGUAGE_LISTS):
        raise LexiconError(f"The {name} lists are {' and '.join(LANGUAGE_LISTS)}; a word file is read as English.")
    return _load_bundled(f"{language}/{source}")


@functools.cache
def _written_forms(language: str) -> dict[str, str]:
    """A language's played forms and how they are written, where the two differ (display.txt.gz)."""
    text = gzip.decompress(_data_file(f"{language}/display.txt.gz").read_bytes()).decode("utf-8")
    return dict(line.split("\t", 1) for line in text.splitlines() if "\t" in line)


@functools.cache
def _load_bundled(name: str) -> Lexicon:
    sources = (_data_file(f"{name}.txt.gz").read_bytes(), _data_file(f"{name}.meta.gz").read_bytes())
    return cached_lexicon(cache_key(b"bundled", *sources), lambda: _build_bundled(name, *sources),
                          functools.partial(Lexicon.from_arrays, name))


def _build_bundled(name: str, word_bytes: bytes, meta_bytes: bytes) -> Lexicon:
    words = gzip.decompress(word_bytes).decode("utf-8").split()
    figures = np.frombuffer(gzip.decompress(meta_bytes), dtype=np.uint8)
    return Lexicon.from_figures(name, words, figures.reshape(len(words), 3))


@functools.cache
def _without_vulgar(lexicon: Lexicon) -> Lexicon:
    """The lexicon's arrays at its clean words' rows (the spellings as wide as the longest left)."""
    keep = np.flatnonzero(~lexicon.vulgar)
    lengths = lexicon.lengths[keep]
    width = int(lengths.max()) if keep.size else 0
    arrays = {"lengths": lengths, "counts": lexicon.counts[:, keep], "spellings": lexicon.spellings[keep, :width],
              "masks": lexicon.masks[keep], "zipf": lexicon.zipf[keep], "levels": lexicon.levels[keep],
              "vulgar": lexicon.vulgar[keep]}
    clean = Lexicon.from_arrays(lexicon.name, [lexicon.words[i] for i in keep.tolist()], arrays,
                                skipped_lines=lexicon.skipped_lines)
    clean.written = lexicon.written  # a server's list in another language: written as before
    return clean
