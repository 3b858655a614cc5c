"""Letters as each language's players use them: the play alphabet, how a word is folded into
the letters it is played with, and the language's Scrabble tile bag.

A word is shown with its accents (``élève``) and played in its language's tiles (``eleve``):

- ``en`` and ``fr``: a-z. Every accent is folded (é è ê ë → e, à â → a, î ï → i, ô → o,
  û ù ü → u, ÿ → y, ç → c) and the ligatures written out (œ → oe, æ → ae).
- ``de``: a-z and ä ö ü, letters of their own (tiles of their own in German Scrabble); ß is
  written ss (as German does in capitals, and as German Scrabble plays it: it has no ß tile);
  any other accent is folded (é → e).
- ``es``: a-z and ñ, a letter of its own; á é í ó ú ü and any other accent are folded. CH, LL
  and RR are two letters each, as the Real Academia has alphabetised them since 1994.

:func:`fold` gives a word's played form, lowercase, or None when it is not a word of the
language's lists: it has a hyphen, an apostrophe, a space, a digit or any other sign, or a
letter outside the language (ø, ł, Greek or Cyrillic letters; ß outside German). It reads what
a player types the same way (``eleve``, ``élève``, ``ÉLÈVE`` and ``e`` + a combining accent all
give ``eleve``; full-width letters are read as their letters); whitespace around the word is
ignored.

Each language's tile bag is the one published for its Scrabble (Mattel's editions outside North
America): English 100 tiles, French and German 102, Spanish 100, each with 2 blanks. The
Spanish set has a tile each for the digraphs CH, LL and RR, and none for K or W. Words here are
spelled in single letters, so for the probability order (:func:`letter_counts`) a digraph tile
counts as its two letters: the CH tile adds one c and one h, LL two l, RR two r (Spanish then
counts 101 letters and 2 blanks). This slightly overrates words with ch, ll or rr (a real rack
must hold the digraph tile, or a blank, for them) and is the simplest order that every word
of the list can be ranked by; K and W, with no tile, can only come from a blank.

Pure: no numpy, no I/O.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

LANGUAGES = ("en", "fr", "de", "es")
LATIN = "abcdefghijklmnopqrstuvwxyz"
# The play alphabet of each language, in the order its tiles are listed.
ALPHABETS: Mapping[str, str] = MappingProxyType({
    "en": LATIN,
    "fr": LATIN,
    "de": LATIN + "äöü",
    "es": "abcdefghijklmnñopqrstuvwxyz",
})
MAX_LETTERS = 45  # as the word-list reader: a longer "word" is not one
_MAX_TEXT = 4 * MAX_LETTERS  # characters read at all (combining accents take one each)
_LIGATURES = {"œ": "oe", "æ": "ae"}
_SHARP_S = {"de": "ss"}  # ß is a letter only in German, played as ss


def alphabet(language: str) -> str:
    """The letters ``language``'s words are played with."""
    try:
        return ALPHABETS[language]
    except KeyError:
        raise ValueError(f"no such language: {language!r} (one of {', '.join(LANGUAGES)})") from None


def fold(word: str, language: str) -> str | None:
    """``word`` as it is played in ``language``: lowercase, in the language's alphabet, accents
    folded as the module docstring says; None when it is not a word of the language's lists."""
    letters = alphabet(language)
    text = word.strip()
    if not text or len(text) > _MAX_TEXT:
        return None
    out = []
    for cluster in _clusters(unicodedata.normalize("NFKC", text).lower()):  # full-width letters; ẞ → ß
        char = unicodedata.normalize("NFC", cluster)
        if char in letters:
            out.append(char)
        elif char in _LIGATURES:
            out.append(_LIGATURES[char])
        elif char == "ß":
            if language not in _SHARP_S:
                return None
            out.append(_SHARP_S[language])
        elif cluster[0] in LATIN and len(cluster) > 1:
            out.append(cluster[0])  # an accent the language folds: é → e
        else:
            return None
    played = "".join(out)
    return played if len(played) <= MAX_LETTERS else None


def fold_letters(text: str, language: str) -> str:
    """What a player typed around letters (a rack with ``?`` blanks, a pattern with ``*``), each
    letter folded as ``fold`` folds a word (``ÉLÈVE?`` → ``eleve?``); a letter the language does
    not play, and every other character, is left as it is, for the command's own check to name."""
    out = []
    for cluster in _clusters(unicodedata.normalize("NFKC", text[: 4 * _MAX_TEXT])):
        char = unicodedata.normalize("NFC", cluster)
        folded = fold(char, language) if char.isalpha() else None
        out.append(folded if folded else char)
    return "".join(out)


def _clusters(text: str) -> list[str]:
    """``text`` decomposed (NFD), each character with the combining accents that follow it; a
    combining accent with no character before it is a cluster of its own."""
    clusters: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.category(char) == "Mn" and clusters:
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


@dataclass(frozen=True, slots=True)
class Bag:
    """A Scrabble set: each tile (a letter, or a Spanish digraph such as ``ch``) and how many
    there are, and the blanks."""

    tiles: Mapping[str, int]
    blanks: int

    @property
    def total(self) -> int:
        """Every tile, blanks included."""
        return sum(self.tiles.values()) + self.blanks


def _bag(blanks: int, **tiles: int) -> Bag:
    return Bag(MappingProxyType(dict(tiles)), blanks)


# As published for each language's Scrabble (Mattel's sets outside North America).
BAGS: Mapping[str, Bag] = MappingProxyType({
    "en": _bag(2, a=9, b=2, c=2, d=4, e=12, f=2, g=3, h=2, i=9, j=1, k=1, l=4, m=2, n=6, o=8, p=2, q=1, r=6,
               s=4, t=6, u=4, v=2, w=2, x=1, y=2, z=1),
    "fr": _bag(2, a=9, b=2, c=2, d=3, e=15, f=2, g=2, h=2, i=8, j=1, k=1, l=5, m=3, n=6, o=6, p=2, q=1, r=6,
               s=6, t=6, u=6, v=2, w=1, x=1, y=1, z=1),
    "de": _bag(2, a=5, b=2, c=2, d=4, e=15, f=2, g=3, h=4, i=6, j=1, k=2, l=3, m=4, n=9, o=3, p=1, q=1, r=6,
               s=7, t=6, u=6, v=1, w=1, x=1, y=1, z=1, ä=1, ö=1, ü=1),
    "es": _bag(2, a=12, b=2, c=4, ch=1, d=5, e=12, f=1, g=2, h=2, i=6, j=1, l=4, ll=1, m=2, n=5, ñ=1, o=9,
               p=2, q=1, r=5, rr=1, s=6, t=4, u=5, v=1, x=1, y=1, z=1),
})


def bag(language: str) -> Bag:
    """``language``'s published Scrabble set."""
    alphabet(language)
    return BAGS[language]


def letter_counts(language: str) -> dict[str, int]:
    """How many of each letter of the alphabet ``language``'s bag holds, for the probability
    order: a digraph tile counts as its two letters (Spanish CH: one c and one h); a letter with
    no tile (Spanish k, w) counts 0. Blanks are :attr:`Bag.blanks`."""
    counts = dict.fromkeys(alphabet(language), 0)
    for tile, count in bag(language).tiles.items():
        for letter in tile:
            counts[letter] += count
    return counts
