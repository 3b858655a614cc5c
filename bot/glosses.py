"""One-line definitions of the daily games' words, for both front doors (no discord import).

A word's gloss is the first sense the bundled definitions give (``solvers.definitions``,
WordNet 3.0: the most tagged sense, in the inflection's part of speech, that does not define the
word by itself; docs/definitions.md) whose text holds no offensive word, cut to its first clause ("flee; take to
one's heels" gives "flee") and to a length, at a word, with "…". An inflected word says
whose sense it is, before the gloss ("plural of goose: web-footed…"). A word without a
definition has an empty gloss and is shown as itself.

Offensive words are kept out where every public text is: in the definitions' build
(``scripts/build_definitions.py``), which leaves out slur senses and marks a sense whose gloss
writes a flagged word (``Sense.flagged``); such a sense is passed over here for the next one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from solvers.definitions import Definitions, public_form

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
    """The words of a text written in lower case (runs of a-z; *Hmong* is not *mong*), as the
    definitions' build reads them for offensive words."""
    return {word for word in re.findall(r"[A-Za-z]+", text) if word.islower()}


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
    """The bundled definitions, as one-line glosses."""

    def __init__(self, definitions: Definitions) -> None:
        self.definitions = definitions

    @classmethod
    def load(cls) -> Glosses:
        """Loaded once per process (a fifth of a second: call it off the event loop the first time)."""
        return _load_bundled()

    def gloss(self, word: str, limit: int = SHORT) -> Gloss:
        """The word's one-line definition (empty when it has none that may be shown in public)."""
        sense = next((s for s in self.definitions.lookup(word) if not s.flagged), None)
        if sense is None:
            return Gloss(word, "", "")
        form, text = public_form(word, sense), shorten(sense.gloss, limit)
        return Gloss(word, sense.pos, f"{form}: {text}" if form else text)

    def glosses(self, words: Iterable[str], limit: int = SHORT) -> tuple[Gloss, ...]:
        return tuple(self.gloss(word, limit) for word in words)


@functools.cache
def _load_bundled() -> Glosses:
    return Glosses(Definitions.load())


def page_lines(lines: list[str], per_page: int) -> list[list[str]]:
    """Lines in pages of ``per_page`` (one empty page for no lines)."""
    return [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [[]]
