"""Offensive words, decided once: which words of a list are slurs (removed) and which are flagged.

The reviewed files in ``solvers/data`` say it (see their headers):

- ``slurs.txt``: tier 1, removed from every list;
- ``vulgar.txt``: tier 2, flagged;
- ``offensive-sense.txt``: tier 3, words offensive in one sense and innocent in another, each
  either flagged (``flag``) or left a plain word (``keep``);
- ``stems.txt``: substring stems that never occur innocently, each with its tier;
- ``irregular-forms.txt``: the irregular forms of those entries (from WordNet's exception lists,
  written by the build script).

An entry names a word and its forms: every regular inflection (-s -es -ed -ing -er -ers -y
-ier -iest -ies, with a doubled consonant, a dropped e or y to i, and a -z plural), twice over
(slut, slutty, sluttier), or only its noun (``/n``), verb (``/v``) or adjective (``/a``) forms,
or itself alone (``=word``). :func:`classify` applies them to a vocabulary: the words are only
ever looked up in it, so a rule can never invent a word.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

KINDS = "nva"
VOWELS = "aeiouy"
SLUR, VULGAR, OFFENSIVE, KEEP = "slur", "vulgar", "offensive", "keep"
TIER_FILES = ("slurs.txt", "vulgar.txt", "offensive-sense.txt", "stems.txt", "irregular-forms.txt")
"""The reviewed files the tiers are read from (in ``data_folder()``)."""
FLAGGED_TIERS = (VULGAR, OFFENSIVE)


@dataclass(frozen=True, slots=True)
class Entry:
    """A reviewed word and which of its forms it stands for: ``kinds`` is a subset of "nva"
    (noun, verb, adjective; every kind and the derived -er and -y forms when empty);
    ``alone``: the word itself only."""

    word: str
    kinds: str = ""
    alone: bool = False

    @classmethod
    def parse(cls, text: str) -> Entry:
        text = text.strip().lower()
        if text.startswith("="):
            word, _, kinds = text[1:].partition("/")
            return cls(word, kinds, alone=True)
        word, _, kinds = text.partition("/")
        if not word.isalpha() or not set(kinds) <= set(KINDS):
            raise ValueError(f"not an entry: {text!r}")
        return cls(word, kinds)


@dataclass(frozen=True, slots=True)
class Stem:
    """Every word containing ``text`` (starting with it, when ``anchored``), but ``innocent``."""

    text: str
    tier: str
    anchored: bool = False
    innocent: frozenset[str] = frozenset()

    def catches(self, word: str) -> bool:
        found = word.startswith(self.text) if self.anchored else self.text in word
        return found and word not in self.innocent

    def __str__(self) -> str:
        return ("^" if self.anchored else "") + self.text


def _suffixed(word: str, endings: Iterable[str]) -> set[str]:
    """word + each ending, spelled as English inflects: -s or -es (after s, x, z, ch, sh, o),
    y to i before e (-ies -ied -ier -iest), a final e dropped before a vowel, a final consonant
    after one vowel doubled (slutty, spazzes); -d -r -st -rs only after e, -z only after a vowel."""
    found = set()
    sibilant = word.endswith(("s", "x", "z", "ch", "sh"))
    consonant_y = len(word) > 1 and word[-1] == "y" and word[-2] not in VOWELS
    for ending in endings:
        if ending in ("d", "r", "st", "rs"):
            if word.endswith("e"):
                found.add(word + ending)
        elif ending == "s":
            if not sibilant and not consonant_y:
                found.add(word + "s")
        elif ending == "z":
            if word[-1] in VOWELS:
                found.add(word + "z")
        else:
            if consonant_y and ending.startswith("e"):
                found.add(word[:-1] + "i" + ending)
                continue
            if ending == "es" and not (sibilant or word.endswith("o")):
                continue
            found.add(word + ending)
            if word.endswith("e") and ending[0] in VOWELS:
                found.add(word[:-1] + ending)
            if _doubles(word) and ending[0] in "aeiouy":
                found.add(word + word[-1] + ending)
    return found


def _doubles(word: str) -> bool:
    """Whether the last consonant doubles before a vowel: one vowel before it (slut, spaz, gyp)."""
    return (len(word) >= 3 and word[-1] not in VOWELS + "wx" and word[-2] in VOWELS
            and word[-3] not in VOWELS)


ENDINGS = {
    "n": ("s", "es", "z"),
    "v": ("s", "es", "ed", "d", "ing"),
    "a": ("er", "est", "r", "st"),
    "": ("er", "ers", "r", "rs", "y"),  # derived forms, with every kind
}


@functools.cache  # each call of classify asks again for every entry's forms, whatever its vocabulary
def regular_forms(word: str, kinds: str = "") -> frozenset[str]:
    """Every string a regular inflection of ``word`` could be (not all of them words): its
    ``kinds`` of forms, or every kind and the derived -er and -y forms, twice over."""
    endings = [e for kind in (kinds or KINDS) for e in ENDINGS[kind]] + (list(ENDINGS[""]) if not kinds else [])
    once = _suffixed(word, endings)
    if kinds:
        return frozenset(once)
    return frozenset(once | {twice for form in once for twice in _suffixed(form, endings)})


def forms(entry: Entry, vocabulary: set[str] | frozenset[str],
          irregular: Mapping[str, tuple[tuple[str, str], ...]] | None = None) -> set[str]:
    """The words of ``vocabulary`` that ``entry`` stands for: regular forms, and the irregular
    ones (form, kind) of ``irregular[entry.word]`` of the entry's kinds."""
    found = {entry.word}
    if not entry.alone:
        found |= regular_forms(entry.word, entry.kinds)
        found |= {form for form, kind in (irregular or {}).get(entry.word, ())
                  if not entry.kinds or kind in entry.kinds}
    return found & vocabulary


@dataclass(frozen=True, slots=True)
class Tiers:
    """The reviewed entries of every tier."""

    slurs: tuple[Entry, ...]
    vulgar: tuple[Entry, ...]
    offensive: tuple[Entry, ...]  # tier 3, flagged
    kept: tuple[Entry, ...]  # tier 3, left plain words
    stems: tuple[Stem, ...]
    irregular: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # base: (form, kind)

    @classmethod
    def read(cls, folder: Path | None = None) -> Tiers:
        folder = folder or data_folder()
        senses = {"flag": [], "keep": []}
        for line in _lines(folder / "offensive-sense.txt"):
            verdict, entry = line.split()
            senses[verdict].append(Entry.parse(entry))
        irregular: dict[str, list[tuple[str, str]]] = {}
        for line in _lines(folder / "irregular-forms.txt"):
            form, base, kind = line.split()
            irregular.setdefault(base, []).append((form, kind))
        return cls(tuple(map(Entry.parse, _lines(folder / "slurs.txt"))),
                   tuple(map(Entry.parse, _lines(folder / "vulgar.txt"))),
                   tuple(senses["flag"]), tuple(senses["keep"]),
                   tuple(map(_parse_stem, _lines(folder / "stems.txt"))),
                   {base: tuple(found) for base, found in irregular.items()})

    def entries(self) -> Iterable[tuple[str, Entry]]:
        """Every entry with its tier."""
        for tier, entries in ((SLUR, self.slurs), (VULGAR, self.vulgar), (OFFENSIVE, self.offensive),
                              (KEEP, self.kept)):
            for entry in entries:
                yield tier, entry


@dataclass(frozen=True, slots=True)
class Classified:
    """A vocabulary's offensive words: ``removed`` (slurs) and ``flagged`` (vulgar or offensive
    in a common sense, never slurs); ``tiers`` maps each of those words to its tier, and
    ``stem_words`` each stem to the words it catches."""

    removed: frozenset[str]
    flagged: frozenset[str]
    tiers: Mapping[str, str]
    stem_words: Mapping[str, tuple[str, ...]]


def classify(vocabulary: Iterable[str], tiers: Tiers | None = None) -> Classified:
    """Which words of ``vocabulary`` are slurs and which are flagged. A slur outranks a flag;
    a word only a stem catches is still a plain word when tier 3 keeps it."""
    words = frozenset(vocabulary)
    tiers = tiers or default_tiers()
    tier_of: dict[str, str] = {}
    rank = {SLUR: 0, VULGAR: 1, OFFENSIVE: 2, KEEP: 3}
    kept = set()
    for tier, entry in tiers.entries():
        for word in forms(entry, words, tiers.irregular):
            if tier == KEEP:
                kept.add(word)
            elif rank[tier] < rank[tier_of.get(word, KEEP)]:
                tier_of[word] = tier
    stem_words = {}
    lines = "\n".join(words)  # one C-speed search a stem
    for stem in tiers.stems:
        found = {_line_at(lines, match.start()) for match in re.finditer(stem.text, lines)}
        caught = tuple(sorted(w for w in found if stem.catches(w)))
        stem_words[str(stem)] = caught
        for word in caught:
            if rank[stem.tier] < rank[tier_of.get(word, KEEP)] and not (word in kept and stem.tier != SLUR):
                tier_of[word] = stem.tier
    removed = frozenset(w for w, tier in tier_of.items() if tier == SLUR)
    flagged = frozenset(w for w, tier in tier_of.items() if tier in FLAGGED_TIERS)
    return Classified(removed, flagged, tier_of, stem_words)


def _line_at(text: str, position: int) -> str:
    """The line of ``text`` around ``position``."""
    end = text.find("\n", position)
    return text[text.rfind("\n", 0, position) + 1 : end if end >= 0 else len(text)]


def data_folder() -> Path:
    """The bundled data's folder (beside the code: importlib.resources would say the same, and
    costs a few milliseconds of imports)."""
    return Path(__file__).resolve().parent / "data"


@functools.cache
def default_tiers() -> Tiers:
    return Tiers.read()


def _parse_stem(line: str) -> Stem:
    text, tier, *innocent = line.split()
    if tier not in (SLUR, VULGAR, OFFENSIVE) or not all(w.startswith("-") for w in innocent):
        raise ValueError(f"not a stem line: {line!r}")
    return Stem(text.lstrip("^"), tier, text.startswith("^"), frozenset(w[1:] for w in innocent))


def read_words(path: Path) -> list[str]:
    """The words of a reviewed word file (several a line allowed, # comments); none when it is missing."""
    return [word for line in _lines(path) for word in line.split()]


def _lines(path: Path) -> list[str]:
    """A reviewed file's lines, without comments (after #) and blank lines; none when it is missing."""
    if not path.is_file():
        return []
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]
