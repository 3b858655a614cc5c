"""A word list someone uploads: bytes in (plain text or gzip), words out, or one clear line why not.

Its words are read as every word list is (:mod:`solvers.word_lines`: each line's first column,
case-folded, when it is letters a-z; other lines counted as skipped), within the same limits
(:mod:`solvers.word_file`), and the upload's own size limit before that. Words are deduplicated
and sorted; offensive words are decided as for the bundled lists (``solvers.offensive.classify``):
slurs are removed, vulgar and offensive words kept and flagged.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from . import screen
from .lexicon import BUNDLED, Lexicon, is_bundled
from .offensive import classify
from .word_file import MAX_WORDS, WordFileError, WordLines, mb, read_bytes  # noqa: F401  (MAX_WORDS: the list limit, for replies)

MAX_UPLOAD_BYTES = 8 * 2**20
SAMPLE_SIZE = 8
NAME = re.compile(r"[a-z0-9-]{1,20}")
RESERVED_NAMES = BUNDLED
NAME_NOT_SHOWN = "A list's name may not spell a slur or a vulgar or offensive word: choose another name."


class ListError(ValueError):
    """An upload that cannot be a word list; the message (one line) says what to fix."""


@dataclass(frozen=True, slots=True)
class WordList:
    """An upload's words, sorted (slurs removed), and what was set aside on the way."""

    words: tuple[str, ...]
    flagged: frozenset[str]  # vulgar or offensive words: kept, and flagged
    skipped: int  # lines that are not words (blank lines are not counted)
    removed: int  # slurs removed

    def by_length(self) -> tuple[tuple[int, int], ...]:
        """(length, how many words of it), shortest first."""
        return tuple(sorted(Counter(map(len, self.words)).items()))

    def sample(self, size: int = SAMPLE_SIZE) -> tuple[str, ...]:
        """Up to ``size`` words spread evenly through the list, none of them flagged."""
        plain = [w for w in self.words if w not in self.flagged]
        if len(plain) <= size:
            return tuple(plain)
        return tuple(plain[i * len(plain) // size] for i in range(size))


def name_shown(name: str) -> bool:
    """Whether a list's name may be shown: it spells no slur and no flagged word, read as
    ``solvers.screen`` reads typed text (``n-i-g-g-e-r``, digits for letters, full-width)."""
    return screen.verdict(name) is None


def check_name(name: str) -> str:
    """A list's name as given, or ListError: 1-20 of a-z, 0-9 and '-', not a bundled list's, and
    no slur or flagged word (a name shows in choices and in public replies). A name
    refused for what it spells is not repeated in the refusal."""
    if not name_shown(name):
        raise ListError(NAME_NOT_SHOWN)
    if not NAME.fullmatch(name):
        raise ListError(f"A list's name is 1 to 20 of the letters a-z, digits and '-'; {name[:40]!r} is not.")
    if name in RESERVED_NAMES:
        raise ListError(f"{name!r} is the name of a bundled list: choose another name.")
    return name


def parse_upload(data: bytes) -> WordList:
    """The word list in ``data`` (plain text or gzip), or ListError saying what is wrong with it."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ListError(f"The file is {mb(len(data))}; a word list may be at most {mb(MAX_UPLOAD_BYTES)}.")
    try:
        lines = read_bytes(data)
    except WordFileError as error:
        raise ListError(str(error)) from None
    return word_list(lines)


def word_list(lines: WordLines) -> WordList:
    """A file's words as a server's list: slurs removed, vulgar words flagged."""
    offensive = classify(lines.words)
    words = tuple(word for word in lines.words if word not in offensive.removed)  # sorted
    if not words:
        raise ListError("No words are left once slurs are removed: upload a list of words.")
    return WordList(words, offensive.flagged, lines.skipped, len(offensive.removed.intersection(lines.words)))


# ------------------------------------------------------------------ stored form

def pack(words: tuple[str, ...] | list[str]) -> bytes:
    """The stored form of sorted words: zlib of the newline-joined words."""
    return zlib.compress("\n".join(words).encode("ascii"), 6)


def unpack(blob: bytes) -> list[str]:
    return zlib.decompress(blob).decode("ascii").split("\n") if blob else []


def digest(blob: bytes) -> str:
    """A stored list's content hash: names its words file in a cache, and tells a changed list."""
    return hashlib.sha256(blob).hexdigest()[:32]


def build_lexicon(name: str, words: list[str] | tuple[str, ...]) -> Lexicon:
    """An uploaded list as the solvers use it: offensive words decided as for every list (slurs
    dropped, in case the reviewed files have grown since the upload; vulgar words flagged).
    It has no commonness figures: every ``zipf`` is 0."""
    offensive = classify(words)
    kept = [w for w in words if w not in offensive.removed] if offensive.removed else words
    return Lexicon(name, kept, vulgar=offensive.flagged)


def load_source(source: str, name: str) -> Lexicon:
    """In a worker job: a bundled list by name, or a server's list from its words file
    (``GuildLists.source`` says which), called ``name``."""
    return Lexicon.load(source) if is_bundled(source) else load_lexicon(source, name)


def load_lexicon(path: Path | str, name: str) -> Lexicon:
    """A cached words file (``GuildLists.path``) as a lexicon called ``name``: for worker jobs."""
    lexicon = Lexicon.load(path, drop_slurs=True)
    lexicon.name = name
    return lexicon
