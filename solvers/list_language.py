"""A word list in a language: the form each played word is written in, and its offensive words
as the lexicon pipeline decides them for that language.

A list in another language (a server's own, uploaded in French) holds its words as the
language writes them (``élève``); each is played folded (``eleve``: :func:`solvers.alphabets.fold`).
Where two written forms fold to one played word (*pêche*, *péché*), the list keeps one: the
played form itself when the list writes it so, else the first in code-point order.

Its offensive words are decided as the bundled lists of its language are
(``scripts/build_languages.py``): the language's own tiers (``solvers/data/<lang>/``) remove its
slurs and flag its vulgar words, and a slur of any other bundled language (English's too) is
removed unless the language's own review flags the word instead. An English list is decided by
English's tiers, as it always was.

Pure: no I/O past reading the reviewed tier files once.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from .alphabets import LANGUAGES, fold
from .offensive import Tiers, classify, data_folder, default_tiers


def played_forms(written: Iterable[str], language: str) -> dict[str, str]:
    """Each played form of ``written`` words (those ``language`` reads as words) and the one
    written form the list keeps for it."""
    chosen: dict[str, str] = {}
    for word in sorted(written):
        played = fold(word, language)
        if played is not None and (played not in chosen or word == played):
            chosen[played] = word
    return chosen


@functools.cache
def tiers_of(language: str) -> Tiers:
    """The reviewed tiers of ``language`` (English's: ``solvers/data/``; another's: its folder)."""
    return default_tiers() if language == "en" else Tiers.read(data_folder() / language)


def screened(played: Iterable[str], language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The slurs (removed) and flagged words (kept, flagged) among ``played`` words of ``language``."""
    words = frozenset(played)
    own = classify(words, tiers_of(language))
    if language == "en":
        return own.removed, own.flagged
    slurs = set(own.removed)
    for other in LANGUAGES:
        if other != language:
            slurs |= classify(words, tiers_of(other)).removed - own.flagged
    return frozenset(slurs), own.flagged - slurs
