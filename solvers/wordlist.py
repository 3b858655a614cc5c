"""A word list someone uploads: bytes in (plain text or gzip), words out, or one clear line why not.

The rule in a sentence: each line's first column (what comes before the first space or tab), in
lower case, is a word when it is the letters a-z only and at most MAX_WORD_LENGTH long; blank
lines are passed over, every other line is counted as skipped. Words are deduplicated and sorted;
offensive words are decided as for the bundled lists (``solvers.offensive.classify``): slurs are
removed, vulgar and offensive words kept and flagged.

Limits hold before work is spent: the upload's size, the inflated size of a ``.gz`` (inflated in
chunks, so a bomb stops at the cap), the number of lines, the number of words.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .lexicon import BUNDLED, MAX_WORD_LENGTH, Lexicon
from . import screen
from .offensive import classify

MAX_UPLOAD_BYTES = 8 * 2**20
MAX_INFLATED_BYTES = 64 * 2**20
MAX_LINES = 2_000_000
MAX_WORDS = 500_000
SAMPLE_SIZE = 8
NAME = re.compile(r"[a-z0-9-]{1,20}")
RESERVED_NAMES = BUNDLED
NAME_NOT_SHOWN = "A list's name may not spell a slur or a vulgar or offensive word: choose another name."

_GZIP_MAGIC = b"\x1f\x8b"
_CHUNK = 1 << 20
_WORD = re.compile(rf"[a-z]{{1,{MAX_WORD_LENGTH}}}")
_FIRST_COLUMN = re.compile(r"^[^\S\n]*(\S*)", re.M)


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
        raise ListError(f"The file is {_mb(len(data))}; a word list may be at most {_mb(MAX_UPLOAD_BYTES)}.")
    if data.startswith(_GZIP_MAGIC):
        data = inflate(data)
    return parse_text(decode(data))


def inflate(data: bytes, limit: int = MAX_INFLATED_BYTES) -> bytes:
    """A gzip file's contents (every member), refused as soon as they pass ``limit`` bytes."""
    out: list[bytes] = []
    size = 0
    rest = data
    try:
        while rest.startswith(_GZIP_MAGIC):
            inflater = zlib.decompressobj(wbits=31)
            chunk = inflater.decompress(rest, _CHUNK)
            while True:
                size += len(chunk)
                if size > limit:
                    raise ListError(f"The .gz file unpacks to more than {_mb(limit)}; a word list may be at most that.")
                out.append(chunk)
                if inflater.eof or not inflater.unconsumed_tail:
                    break
                chunk = inflater.decompress(inflater.unconsumed_tail, _CHUNK)
            if not inflater.eof:
                raise ListError("The .gz file is cut short: upload the whole file again.")
            rest = inflater.unused_data
    except zlib.error:
        raise ListError("The .gz file is damaged: it cannot be unpacked. Upload it again, or upload the plain text.") from None
    return b"".join(out)


def decode(data: bytes) -> str:
    """The text of an upload: UTF-8 (a byte-order mark is dropped); UTF-16 and binary files refused."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or _looks_utf16(data):
        raise ListError("The file is UTF-16 text: save it as UTF-8 and upload it again.")
    if b"\x00" in data:
        raise ListError("The file is not text (it holds binary data): upload a plain text file, one word per line.")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise ListError(f"The file is not UTF-8 text (line {line:,}): save it as UTF-8 and upload it again.") from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ListError("The file is empty: upload a text file with one word per line.")
    return text


def parse_text(text: str) -> WordList:
    """The words of a text, by the rule above, checked against the limits."""
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise ListError(f"The file has {lines:,} lines; a word list may have at most {MAX_LINES:,}.")
    firsts = _FIRST_COLUMN.findall(text.lower())  # one per line: "" for a blank line
    matching = list(filter(_WORD.fullmatch, firsts))
    skipped = len(firsts) - firsts.count("") - len(matching)
    found = set(matching)
    if not found:
        raise ListError(f"No words found in {lines:,} lines: upload a text file with one word per line (letters a-z).")
    if len(found) > MAX_WORDS:
        raise ListError(f"The list has {len(found):,} words; a server's list may have at most {MAX_WORDS:,}.")
    offensive = classify(found)
    words = tuple(sorted(found - offensive.removed))
    if not words:
        raise ListError("No words are left once slurs are removed: upload a list of words.")
    return WordList(words, offensive.flagged, skipped, len(offensive.removed & found))


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a byte-order mark: ASCII text whose every other byte is a NUL."""
    head = data[:4096]
    if len(head) < 4:
        return False
    evens, odds = head[0::2], head[1::2]
    return any(half.count(0) >= len(half) * 0.9 for half in (evens, odds)) and head.count(0) < len(head) * 0.6


def _mb(size: int) -> str:
    return f"{size / 2**20:.1f} MB".replace(".0 MB", " MB")


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
    return Lexicon.load(source) if source in BUNDLED else load_lexicon(source, name)


def load_lexicon(path: Path | str, name: str) -> Lexicon:
    """A cached words file (``GuildLists.path``) as a lexicon called ``name``: for worker jobs."""
    lexicon = Lexicon.load(path, drop_slurs=True)
    lexicon.name = name
    return lexicon
