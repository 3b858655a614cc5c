"""Scrabble-style anagrams of a rack, with blanks and letters already on the board.

The rule, for a rack with real letters R and b blanks (``?``), and a word w:

- w can be made when the letters w needs beyond R number at most b (each blank stands for
  one missing letter): ``deficit(w) = sum over letters of max(0, count_w - count_R) <= b``;
- ``exact``: w uses every tile, so ``len(w) == len(R) + b`` (then deficit == b);
- ``sub``: any word of 2 or more letters that can be made from some of the tiles;
- ``board``: each distinct board letter L in turn is added to the rack, and the word must
  use it: ``exact`` gives the words of every tile plus L; ``sub`` the words of some tiles
  plus L. A word playable through two board letters is reported once for each.

Which copy of a letter a blank stands for is a matter of display: the real tiles take the
first occurrences and the blanks the last, so ``blanks`` lists the blank letters in the
order they appear in the word under that rule.

An exact search looks the rack up by its letters (``solvers.anagram_index``: one lookup per
multiset of blank letters). A sub search is a vectorised pass over the lexicon's letter-count
matrix restricted to the candidate word lengths: for each distinct rack letter,
``min(count_w, count_R)`` letters of each word are covered by real tiles; the rest must be
covered by blanks. Both check every word they return by that count.
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass
from itertools import repeat
from typing import NamedTuple

import numpy as np

from .anagram_index import exact_candidates
from .letters import letter_codes, letter_counts
from .lexicon import Lexicon
from .rack import (
    BLANK,
    MAX_BLANKS,
    MAX_BOARD,
    MAX_TILES,
    MODES,
    Query,
    Rack,
    RackError,
    parse_board,
    parse_mode,
    parse_query,
    parse_rack,
)

# The rack's parts (solvers.rack) stay importable from here, as before.
__all__ = ["BLANK", "MAX_BLANKS", "MAX_BOARD", "MAX_TILES", "MIN_SUB_LENGTH", "MODES", "SORTS", "Anagram", "Query",
           "Rack", "RackError", "Solution", "anagram", "parse_board", "parse_mode", "parse_query", "parse_rack",
           "solve"]

MIN_SUB_LENGTH = 2
FEW_MATCHES = 16
"""Up to this many matches, the blank letters are found word by word (quicker than at once)."""


class Anagram(NamedTuple):
    """One word a rack makes.

    ``blanks``: the letters the blanks stood for, in order of appearance in the word.
    ``board_letter``: the board letter the word was played through, or None.
    """

    word: str
    blanks: str = ""
    board_letter: str | None = None

    def blank_positions(self) -> tuple[int, ...]:
        """Indexes of the word's letters that blanks stand for (the last occurrences)."""
        positions = []
        needed = {letter: self.blanks.count(letter) for letter in set(self.blanks)}
        for index in range(len(self.word) - 1, -1, -1):
            letter = self.word[index]
            if needed.get(letter, 0):
                needed[letter] -= 1
                positions.append(index)
        return tuple(sorted(positions))

    def marked(self) -> str:
        """The word in capitals with its blank letters in lower case (Scrabble notation)."""
        blank = set(self.blank_positions())
        return "".join(ch if i in blank else ch.upper() for i, ch in enumerate(self.word))


@dataclass(frozen=True, slots=True)
class Solution:
    """The first ``limit`` results of a query (all of them without a limit) and how many there are."""

    results: list[Anagram]
    total: int

    @property
    def complete(self) -> bool:
        return len(self.results) == self.total


def anagram(lexicon: Lexicon, rack: str | Query, board: str = "", mode: str = "exact") -> list[Anagram]:
    """Every word of ``lexicon`` that ``rack`` makes (see the module docstring for the rule).

    ``rack`` is a rack's text (then ``board`` and ``mode`` are read too) or a parsed :class:`Query`.
    Results are unique, ordered longest first, then alphabetically, then by board letter.
    Raises :class:`RackError` (a ``ValueError``) for a bad rack, board or mode.
    """
    query = rack if isinstance(rack, Query) else parse_query(rack, board, mode, lexicon.alphabet)
    return solve(lexicon, query).results


SORTS = ("alpha", "common")


def solve(lexicon: Lexicon, query: Query, limit: int | None = None, *, hide: np.ndarray | None = None,
          sort: str = "alpha") -> Solution:
    """The results of ``query`` in display order, at most ``limit`` of them, and their true count.

    ``hide``: a boolean per lexicon word (e.g. ``lexicon.vulgar``) of words left out. ``sort``:
    longest first, then ``alpha``betically, or the most ``common`` first (the lexicon's
    commonness figure), then alphabetically. Matching is one vectorised pass per board letter;
    only the results kept become objects, so a query with a million answers costs little more
    than its count.
    """
    if sort not in SORTS:
        raise RackError(f"Sort is 'alpha' (A to Z) or 'common' (most common first), not {str(sort)[:20]!r}.")
    rack_counts = np.array(letter_counts(query.rack.letters, lexicon.alphabet), dtype=np.int16)
    letters: list[str | None] = list(query.board) or [None]
    each = query.rack.blanks if query.mode == "exact" else None  # blanks in every word found
    parts = [_search(lexicon, rack_counts, query.rack, query.mode, letter) for letter in letters]
    if hide is not None:
        parts = [(part_index[~hide[part_index]], counts) for part_index, counts in parts]
    if len(parts) == 1 and sort == "alpha":  # most queries: lexicon order is display order
        (index, counts), = parts
        kept = index[:limit]
        words = [lexicon.words[i] for i in kept.tolist()]
        blanks = _blank_letters(lexicon, kept, counts, each) if query.rack.blanks else repeat("")
        return Solution(list(map(tuple.__new__, repeat(Anagram), zip(words, blanks, repeat(letters[0])))),
                        int(index.size))
    index = np.concatenate([part_index for part_index, _ in parts])
    part_of = np.repeat(np.arange(len(parts)), [part_index.size for part_index, _ in parts])
    if sort == "common":  # within a length (lexicon order is longest first), most common first
        order = np.lexsort((part_of, index, -lexicon.zipf[index], -lexicon.lengths[index]))
    else:
        order = np.lexsort((part_of, index)) if len(parts) > 1 else np.arange(index.size)
    kept = order[:limit] if limit is not None else order
    blanks = [""] * kept.size
    for number, (_, counts) in enumerate(parts):
        positions = np.flatnonzero(part_of[kept] == number)
        found = _blank_letters(lexicon, index[kept[positions]], counts, each)
        for position, letters_of_blanks in zip(positions.tolist(), found, strict=True):
            blanks[position] = letters_of_blanks
    words = [lexicon.words[i] for i in index[kept].tolist()]
    through = [letters[k] for k in part_of[kept].tolist()]
    results = list(map(tuple.__new__, repeat(Anagram), zip(words, blanks, through, strict=True)))
    return Solution(results, int(index.size))


def _search(lexicon: Lexicon, rack_counts: np.ndarray, tiles: Rack, mode: str,
            through: str | None) -> tuple[np.ndarray, np.ndarray]:
    """The matches of one search (lexicon indexes, in lexicon order) and the letter counts searched."""
    counts = rack_counts.copy()
    size = tiles.tiles
    code = letter_codes(lexicon.alphabet)[through] if through is not None else 0
    if through is not None:
        counts[code] += 1
        size += 1
    if mode == "exact":  # a few hundred lookups in the words of that length
        index = _matching_rows(lexicon, counts, tiles.blanks, exact_candidates(lexicon, counts, tiles.blanks), True)
        return index, counts
    index = _matching_rows(lexicon, counts, tiles.blanks, lexicon.length_slice(MIN_SUB_LENGTH, size), False)
    if through is not None:
        index = index[lexicon.counts[code, index] > 0]
    return index, counts


def _matching_rows(lexicon: Lexicon, counts: np.ndarray, blanks: int, rows: slice | np.ndarray,
                   exact: bool) -> np.ndarray:
    """Indexes (into the lexicon) of the words of ``rows`` (a span or indexes) that the letters
    plus blanks make: using them all (``exact``, given words of that length) or some of them."""
    lengths, letters = lexicon.lengths[rows], np.flatnonzero(counts)
    if isinstance(rows, slice):  # many words: a letter at a time, added in place (quicker than at once)
        covered = np.zeros(lengths.shape, dtype=np.int32)
        for letter in letters.tolist():
            covered += np.minimum(lexicon.counts[letter, rows], counts[letter])
    else:  # a few hundred candidates: every letter at once (fewer calls)
        covered = np.minimum(lexicon.counts[letters[:, None], rows], counts[letters, None]).sum(axis=0, dtype=np.int32)
    deficit = lengths - covered
    ok = deficit == blanks if exact else deficit <= blanks
    return rows[ok] if isinstance(rows, np.ndarray) else np.flatnonzero(ok) + rows.start


def _blank_letters(lexicon: Lexicon, index: np.ndarray, counts: np.ndarray, each: int | None) -> list[str]:
    """For each matched word, the letters its blanks stand for, in order of appearance;
    ``each``: how many every word has (an exact search's ``blanks``), or None (some or all).

    The rule (the real tiles take a letter's first occurrences, the blanks the rest): a letter
    is a blank when at least as many copies of it come before it in the word as the rack
    (with any board letter) holds; worked out for all matches at once. The (at most three)
    blank letters of a word are packed into one number in base ``len(alphabet) + 1`` (27 in
    English) and looked up in a table. When every word has ``each`` blanks, a word's are the
    letters of its row's blank positions, read at once (no counting of a word's blanks), and
    the words being of one length, the copies before each letter come from that length's
    table (:func:`_length_copies`), not worked out again.
    """
    letters = lexicon.alphabet
    if index.size <= FEW_MATCHES:
        rack = counts.tolist()
        codes = letter_codes(letters)
        return [_blanks_of(lexicon.words[i], rack, codes) for i in index.tolist()]
    width = int(counts.sum()) + each if each is not None else int(lexicon.lengths[index].max())
    spellings = lexicon.spellings[index, :width]
    # each letter's real tiles (the padding, code len(letters), is never a blank); counts fit a byte
    real_tiles = np.concatenate((counts, [width])).astype(np.uint8)[spellings]
    powers = _powers(len(letters) + 1)
    if each is not None:  # exact: every word has ``each`` blanks, in order along its row
        copies, start = _length_copies(lexicon, width)
        is_blank = copies[index - start] >= real_tiles
        codes = spellings[is_blank].reshape(index.size, each).astype(np.int64) + 1
        return _blank_strings(letters)[codes @ powers[:each]].tolist()
    is_blank = _copies_before(spellings) >= real_tiles
    blank = np.flatnonzero(is_blank)  # row by row: each word's blanks in the order they appear
    word = blank // width
    firsts = np.flatnonzero(np.diff(word, prepend=-1))  # where each word's blanks begin
    order_in_word = np.arange(blank.size) - np.repeat(firsts, np.diff(np.append(firsts, blank.size)))
    digits = (spellings.ravel()[blank].astype(np.int64) + 1) * powers[order_in_word]
    packed = np.bincount(word, weights=digits, minlength=index.size).astype(np.int64)
    return _blank_strings(letters)[packed].tolist()


def _copies_before(spellings: np.ndarray) -> np.ndarray:
    """For each letter of each spelling, how many copies of it come before it in its word: each
    position compared with every later one, a position (a column of every word at once) at a
    time. A word has at most a few dozen letters, so that is a few dozen steps over contiguous
    rows, where sorting every (word, letter) pair took 100 us for 300 words and 27 ms for 40,000."""
    columns = np.ascontiguousarray(spellings.T)  # a row per position
    before = np.zeros(columns.shape, dtype=np.uint8)
    for position in range(columns.shape[0] - 1):
        before[position + 1:] += columns[position + 1:] == columns[position]
    return before.T


def _blanks_of(word: str, rack: list[int], codes: dict[str, int]) -> str:
    """The letters the blanks stand for in one word, by the rule of ``_blank_letters``."""
    seen: dict[str, int] = {}
    blanks = []
    for ch in word:
        copies = seen[ch] = seen.get(ch, 0) + 1
        if copies > rack[codes[ch]]:
            blanks.append(ch)
    return "".join(blanks)


_COPIES: weakref.WeakKeyDictionary[Lexicon, dict[int, tuple[np.ndarray, int]]] = weakref.WeakKeyDictionary()


def _length_copies(lexicon: Lexicon, length: int) -> tuple[np.ndarray, int]:
    """The copies before each letter (:func:`_copies_before`) of every word of ``length`` letters,
    a row a word from the first such word's index (returned too), made on first use: a word's
    copies depend on the word alone. ``length`` bytes a word: 320 KB for full's 35,719 9-letter
    words. Rows are contiguous, so a search's words are gathered a cache line each."""
    per_length = _COPIES.get(lexicon)
    if per_length is None:
        per_length = _COPIES.setdefault(lexicon, {})
    if length not in per_length:
        span = lexicon.length_slice(length, length)
        copies = np.ascontiguousarray(_copies_before(lexicon.spellings[span, :length]))
        copies.flags.writeable = False
        per_length[length] = (copies, span.start)
    return per_length[length]


@functools.cache
def _powers(base: int) -> np.ndarray:
    """The place of the 1st, 2nd and 3rd blank letter in a packing in base ``base``."""
    powers = base ** (MAX_BLANKS - 1 - np.arange(MAX_BLANKS, dtype=np.int64))
    powers.flags.writeable = False  # shared by every call
    return powers


@functools.cache
def _blank_strings(letters: str) -> np.ndarray:
    """Every string of at most MAX_BLANKS of ``letters``, indexed by its packing in base
    ``len(letters) + 1`` (digit 0: no letter): an array of objects, so that a search's are
    taken at once (5 us for 313 words, where a lookup a word took 25 us)."""
    base = len(letters) + 1
    table = []
    for packed in range(base**MAX_BLANKS):
        digits = [(packed // base**k) % base for k in range(MAX_BLANKS - 1, -1, -1)]
        table.append("".join(letters[d - 1] for d in digits if d))
    strings = np.array(table, dtype=object)
    strings.flags.writeable = False  # shared by every search
    return strings
