"""The values a five-words search gives: :class:`WordSet`, :class:`Progress`, :class:`FiveWords`,
and :class:`FiveWordsError` for input that cannot be searched (see :mod:`solvers.fivewords`)."""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..alphabets import LATIN as ALPHABET


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


def commonness_key(word_set: WordSet, commonness: Callable[[str], float]) -> tuple[float, ...]:
    """A key that sorts the sets of more common words first: the commonness of each of the set's
    words, least common first, negated (a group of anagrams counts as its most common word, the
    one a player would write), so the set whose least common word is the most common comes
    first, a tie going to the next least common word, and so on."""
    return tuple(-value for value in sorted(max(map(commonness, group)) for group in word_set.groups))


def most_common_first(result: FiveWords, commonness: Callable[[str], float]) -> FiveWords:
    """``result`` with its sets in order of commonness (:func:`commonness_key`), still grouped by
    the letters they leave out: each group's sets most common first, and the groups in the order
    of their first set. Ties keep the usual order (missing letters, then groups), so a list
    without commonness figures keeps it throughout."""
    by_missing: dict[str, list[tuple[tuple[float, ...], WordSet]]] = {}
    for word_set in result.sets:
        by_missing.setdefault(word_set.missing, []).append((commonness_key(word_set, commonness), word_set))
    groups = sorted((sorted(ranked, key=lambda pair: (pair[0], pair[1].groups)) for ranked in by_missing.values()),
                    key=lambda ranked: (ranked[0][0], ranked[0][1].missing))
    return dataclasses.replace(result, sets=tuple(word_set for ranked in groups for _, word_set in ranked))


@functools.lru_cache(maxsize=4096)
def missing_letters(used: int) -> str:
    """The letters not in the mask ``used`` (ALPHABET bits), as a sorted string."""
    return "".join(ch for bit, ch in enumerate(ALPHABET) if not used >> bit & 1)


def word_sets(rows: Iterable[Iterable[int]], group: Callable[[int], tuple[str, ...]], original: Sequence[int],
              include: Iterable[str], fixed_mask: int) -> list[WordSet]:
    """The sets of letter groups ``rows`` (indexes of the search's masks) as WordSets: each group's
    words (``group``), the words included from the start, and the letters left out."""
    fixed = [(word,) for word in include]
    out = []
    for row in rows:
        used = fixed_mask
        for i in row:
            used |= original[i]
        out.append(WordSet(tuple(sorted([group(i) for i in row] + fixed)), missing_letters(used)))
    return out
