"""The values a five-words search gives: :class:`WordSet`, :class:`Progress`, :class:`FiveWords`,
and :class:`FiveWordsError` for input that cannot be searched (see :mod:`solvers.fivewords`)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..lexicon import ALPHABET


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
