"""Short definitions of words, from WordNet 3.0: what a word means, part of speech first.

``Definitions.load()`` reads the bundled ``solvers/data/definitions.txt.gz`` (built by
``scripts/build_definitions.py``; its format is described there) once per process.
``lookup(word)`` gives the word's senses, most used part of speech first: its own senses when
it is a WordNet lemma, and the senses of the lemmas it is an inflected form of, each sense
naming its lemma (geese gives goose's senses with ``lemma="goose"``). A word without an entry
gives ``()``.

WordNet 3.0 Copyright 2006 by Princeton University, used under its licence
(``solvers/data/WORDNET-LICENSE``).
"""

from __future__ import annotations

import functools
import gzip
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

PARTS_OF_SPEECH = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
BUNDLED_FILE = "definitions.txt.gz"
FLAGGED = "!"  # the mark of a gloss that writes a flagged word (scripts/build_definitions.py)
_GROUP = re.compile(r"([nvar])(?:>([a-z]+))?(?::([0-9,]+))?")


class DefinitionsError(ValueError):
    """A definitions file that cannot be read; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Sense:
    pos: str  # noun, verb, adjective or adverb
    gloss: str  # the definition, without WordNet's examples
    lemma: str  # whose sense it is: the word itself, or the lemma it is a form of (goose for geese)
    flagged: bool = False  # the gloss writes a flagged (vulgar) word: shown only where those are

    def to_json(self) -> dict[str, str]:
        return {"pos": self.pos, "gloss": self.gloss, "lemma": self.lemma}


class Definitions:
    """The senses of every defined word; lines are parsed on first lookup of each word."""

    __slots__ = ("glosses", "_lines")

    def __init__(self, glosses: list[str], lines: dict[str, str]) -> None:
        self.glosses = glosses
        self._lines = lines

    @classmethod
    def load(cls, path: str | Path | None = None) -> Definitions:
        """The bundled definitions (loaded once per process and shared), or a file of the same format."""
        if path is None:
            return _load_bundled()
        return cls.parse(_read(Path(path)))

    @classmethod
    def parse(cls, text: str) -> Definitions:
        """The definitions of a file's text: a header line, glosses, a blank line, word lines."""
        head, separator, body = text.partition("\n\n")
        if not separator or not head.startswith("#"):
            raise DefinitionsError("Not a definitions file: rebuild it with scripts/build_definitions.py.")
        glosses = head.split("\n")[1:]
        fields = body.replace("\n", "\t").split("\t")  # word, groups, word, groups, ..., ""
        if len(fields) % 2 == 0:
            raise DefinitionsError("A definitions file line has no tab: rebuild it with scripts/build_definitions.py.")
        return cls(glosses, dict(zip(fields[0:-1:2], fields[1::2], strict=True)))

    def __len__(self) -> int:
        return len(self._lines)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.strip().lower() in self._lines

    def words(self) -> list[str]:
        """Every defined word, sorted."""
        return list(self._lines)

    def lookup(self, word: str) -> tuple[Sense, ...]:
        """The senses of ``word`` (any case), most used part of speech first; () when it has none."""
        key = word.strip().lower()
        line = self._lines.get(key)
        if line is None:
            return ()
        senses: list[Sense] = []
        for pos, lemma, numbers in _GROUP.findall(line):
            if numbers:
                senses += self._senses(pos, lemma or key, numbers)
            else:
                senses += self._own(lemma, pos)
        return tuple(senses)

    def _own(self, lemma: str, pos: str) -> list[Sense]:
        """The senses ``lemma``'s own line gives it as ``pos``."""
        for group_pos, other, numbers in _GROUP.findall(self._lines.get(lemma, "")):
            if group_pos == pos and not other and numbers:
                return self._senses(pos, lemma, numbers)
        return []

    def _senses(self, pos: str, lemma: str, numbers: str) -> list[Sense]:
        name = PARTS_OF_SPEECH[pos]
        return [_sense(name, self.glosses[int(n)], lemma) for n in numbers.split(",")]


def _sense(pos: str, gloss: str, lemma: str) -> Sense:
    flagged = gloss.startswith(FLAGGED)
    return Sense(pos, gloss[len(FLAGGED):] if flagged else gloss, lemma, flagged)


def lookup(word: str) -> tuple[Sense, ...]:
    """The senses of ``word`` in the bundled definitions."""
    return Definitions.load().lookup(word)


def form_of(word: str, sense: Sense) -> str:
    """What ``word`` is of the lemma of ``sense``, as a card says it: "plural of goose",
    "past of walk", "-ing form of run", "comparative of good", "form of go"; "" for the
    word's own sense. Named from the part of speech and the word's ending only."""
    word = word.strip().lower()
    if sense.lemma == word:
        return ""
    if sense.pos == "noun":
        kind = "plural"
    elif sense.pos == "verb":
        kind = next((name for end, name in _VERB_FORMS if word.endswith(end)), "form")
    else:
        kind = "comparative" if word.endswith("er") else "superlative" if word.endswith("est") else "form"
    return f"{kind} of {sense.lemma}"


_VERB_FORMS = (("ing", "-ing form"), ("ed", "past"), ("s", "-s form"))


def public_form(word: str, sense: Sense) -> str:
    """:func:`form_of`, or "" when it would name a lemma the word lists flag (*nipped* is a plain
    word, but "past of nip" would write a flagged one): what a public reply may say."""
    from solvers.lexicon import Lexicon  # the lists' own flags (solvers.offensive), loaded once

    form = form_of(word, sense)
    return "" if form and Lexicon.load("huge").is_vulgar(sense.lemma) else form


def _read(path: Path) -> str:
    try:
        data = path.read_bytes()
        return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError, gzip.BadGzipFile) as error:
        raise DefinitionsError(f"Cannot read definitions file {path}: {error}") from None


@functools.cache
def _load_bundled() -> Definitions:
    return Definitions.parse(_read(Path(str(resources.files("solvers").joinpath("data", BUNDLED_FILE)))))
