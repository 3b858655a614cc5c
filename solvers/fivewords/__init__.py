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
:func:`most_common_first` orders a result by commonness instead (the set whose least common
word is the most common first), as /fivewords and ``wordbot fivewords`` show it.

The search itself is in :mod:`solvers.fivewords.walk`, the word lists are read and indexed in
:mod:`solvers.fivewords.index`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from solvers.wording import plural

from ..alphabets import LATIN as ALPHABET
from ..typed import bad_characters
from .children import FULL, PIECE_STATES
from .index import ALPHABET_SIZE, BLOCK_WORDS, CHUNK_WORDS, INFLATE_BYTES, Source, _Index, _index, words_of_length
from .results import FiveWords, FiveWordsError, Progress, WordSet, commonness_key, most_common_first
from .walk import PROGRESS_SECONDS, _Run

__all__ = ["ALPHABET_SIZE", "BLOCK_WORDS", "CHUNK_WORDS", "FULL", "INFLATE_BYTES", "PIECE_STATES", "PROGRESS_SECONDS",
           "FiveWords", "FiveWordsError", "Progress", "Source", "WordSet", "check_query", "commonness_key",
           "five_words", "most_common_first", "search", "words_of_length"]


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
    result = None  # the last one the search yields is the answer
    for result in search(lexicon, words, letters, include, exclude, limit, keep, hide, seconds):  # noqa: B007
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


def check_query(words: int = 5, letters: int = 5, include: Iterable[str] | str = (),
                exclude: str = "") -> tuple[int, int, tuple[str, ...], str]:
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
                f"{_shape(words, letters)} need {words * letters} different letters, but the alphabet "
                f"has {ALPHABET_SIZE}: choose words x letters of at most {ALPHABET_SIZE} (5x5, 6x4, 4x6, 3x8, 2x13...)."
            )
        excluded = _parse_exclude(exclude)
        spare = ALPHABET_SIZE - words * letters
        if len(excluded) > spare:
            raise FiveWordsError(
                f"Excluding {plural(len(excluded), 'letter')} leaves {ALPHABET_SIZE - len(excluded)}, but "
                f"a set of {_shape(words, letters)} uses {words * letters}: exclude at most {spare}."
            )
        wanted = _parse_include(include, words, letters, excluded)
        for name, value, low in (("limit", limit, 1), ("keep", keep, 0)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < low):
                raise FiveWordsError(f"{name} is a whole number of at least {low} (or None for no "
                                     f"{name}), not {value!r:.30}.")
        return cls(words, letters, wanted, excluded, limit, keep)

    def check_words(self, index: _Index) -> None:
        for word in self.include:
            if word not in index.word_set:
                raise FiveWordsError(f"{quoted(repr(word), 'One of the include words')} is not in the word list "
                                     f"{index.name!r}; include only words from "
                                     f"the list the sets are made of (or choose another list).")


def _shape(words: int, letters: int) -> str:
    """``2 words of 14 letters``."""
    return f"{plural(words, 'word')} of {plural(letters, 'letter')}"


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
    bad = bad_characters(text, ALPHABET)
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
        raise FiveWordsError(f"A set has {plural(words, 'word')}, so include at most {words}; you gave {len(given)}.")
    seen: dict[str, str] = {}  # letter -> the include word that uses it
    for word in given:
        bad = bad_characters(word, ALPHABET)
        if bad:
            raise FiveWordsError("Include words are letters a-z only; "
                                 f"{quoted(repr(word[:30]), 'one of yours')} has {bad}.")
        if len(word) != letters:
            raise FiveWordsError(f"Include words must have {plural(letters, 'letter')}, like every word of the set; "
                                 f"{quoted(repr(word[:30]), 'one of yours')} has {len(word)}.")
        repeated = sorted({ch for ch in word if word.count(ch) > 1})
        if repeated:
            raise FiveWordsError(f"Include words must not repeat a letter (a set uses each letter once); "
                                 f"{quoted(repr(word), 'one of yours')} repeats {', '.join(map(repr, repeated))}.")
        banned = [ch for ch in word if ch in excluded]
        if banned:
            raise FiveWordsError(f"{quoted(repr(word), 'An include word')} uses the excluded letter {banned[0]!r}: "
                                 "include it or exclude the letter, not both.")
        clash = next((ch for ch in word if ch in seen), None)
        if clash is not None:
            pair = quoted(f"{seen[clash]!r} and {word!r}", "two of yours")
            raise FiveWordsError(f"Include words must not share a letter; {pair} both use {clash!r}.")
        seen.update(dict.fromkeys(word, word))
    return tuple(given)


def quoted(text: str, what: str) -> str:
    """:func:`solvers.screen.quoted`, the screen (and its tiers' modules) loaded only when a refusal
    quotes the input: a search refused nothing, from the terminal, never loads it."""
    from ..screen import quoted as screened

    return screened(text, what)
