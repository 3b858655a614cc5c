"""One-line definitions of the daily games' words, for both front doors (no discord import).

A word's gloss is the first sense of its most used part of speech (``solvers.definitions``,
WordNet 3.0) whose text holds no offensive word, cut to its first clause ("flee; take to
one's heels" gives "flee") and to a length, at a word, with "…". An inflected word says
whose sense it is, before the gloss ("plural of goose: web-footed…"). A word without a
definition has an empty gloss and is shown as itself.

The offensive check (:func:`is_clean`) is the one place that keeps a slur or vulgar word out of
the glosses the bot writes: every word of the text is looked up in the set of offensive words
``solvers.offensive`` finds among all the words the glosses and lemmas use (worked out once,
when the glosses load).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from solvers import offensive
from solvers.definitions import Definitions, Sense, form_of

SHORT = 60  # characters of a gloss among many words, as in the bee's post ("plural of goose: " comes on top)
LONG = 110  # among a few: the box's pair, a player's own list
_QUOTED = re.compile(r"`([^`']*)'")


@dataclass(frozen=True, slots=True)
class Gloss:
    word: str
    pos: str  # noun, verb, adjective, adverb; "" when the word has no definition
    text: str  # the one-line definition; "" when the word has none

    @property
    def defined(self) -> bool:
        return bool(self.text)


def words_of(text: str) -> set[str]:
    """The lowercase words of a text (runs of a-z), as the offensive check reads them."""
    lowered = text.lower()
    others = {ord(ch): " " for ch in set(lowered) if not "a" <= ch <= "z"}
    return set(lowered.translate(others).split())


def offensive_words(vocabulary: Iterable[str]) -> frozenset[str]:
    """The words of ``vocabulary`` that are slurs, vulgar or offensive (``solvers.offensive``)."""
    found = offensive.classify(vocabulary)
    return found.removed | found.flagged


def is_clean(text: str, unclean: frozenset[str]) -> bool:
    """Whether ``text`` may be written in public: none of its words is in ``unclean``."""
    return words_of(text).isdisjoint(unclean)


def shorten(text: str, limit: int) -> str:
    """The first clause of a gloss (before "; "), cut to ``limit`` characters at a word with "…"."""
    first = _QUOTED.sub(r"‘\1’", text.split("; ")[0]).replace("_", " ").strip()
    if len(first) <= limit:
        return first
    cut = first[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:-(") + "…"


class Glosses:
    """The bundled definitions and the offensive words among the words they use."""

    def __init__(self, definitions: Definitions, unclean: frozenset[str]) -> None:
        self.definitions = definitions
        self.unclean = unclean

    @classmethod
    def load(cls) -> Glosses:
        """Loaded once per process (about half a second: call it off the event loop the first time)."""
        return _load_bundled()

    @classmethod
    def of_definitions(cls, definitions: Definitions) -> Glosses:
        vocabulary = set(definitions.words()) | words_of("\n".join(definitions.glosses))
        return cls(definitions, offensive_words(vocabulary))

    def gloss(self, word: str, limit: int = SHORT) -> Gloss:
        """The word's one-line definition (empty when it has none that is clean)."""
        sense = next((s for s in self.definitions.lookup(word) if self._clean(word, s)), None)
        if sense is None:
            return Gloss(word, "", "")
        form, text = form_of(word, sense), shorten(sense.gloss, limit)
        return Gloss(word, sense.pos, f"{form}: {text}" if form else text)

    def glosses(self, words: Iterable[str], limit: int = SHORT) -> tuple[Gloss, ...]:
        return tuple(self.gloss(word, limit) for word in words)

    def _clean(self, word: str, sense: Sense) -> bool:
        return is_clean(f"{form_of(word, sense)} {sense.gloss}", self.unclean)


@functools.cache
def _load_bundled() -> Glosses:
    return Glosses.of_definitions(Definitions.load())


def page_lines(lines: list[str], per_page: int) -> list[list[str]]:
    """Lines in pages of ``per_page`` (one empty page for no lines)."""
    return [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [[]]
