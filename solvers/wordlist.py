"""A word list someone uploads: bytes in (plain text or gzip), words out, or one clear line why not.

Its words are read as every word list is (:mod:`solvers.word_lines`: each line's first column,
case-folded, when it is letters a-z; other lines counted as skipped), within the same limits
(:mod:`solvers.word_file`), and the upload's own size limit before that. A list in another
language is read by that language's letters: each word kept as the language writes it and
played folded (:mod:`solvers.list_language`); a line outside its alphabet is skipped. Words are
deduplicated and sorted; offensive words are decided as for the bundled lists of the list's
language (``solvers.list_language.screened``): slurs are removed, vulgar and offensive words kept
and flagged.

The stored form is the words as written, one a line (UTF-8), so a list's language is what
reads it back: ``build_lexicon("fr/club", words)`` folds each word and shows it as written.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import screen
from .lexicon import BUNDLED, Lexicon, is_bundled, language_of
from .list_language import played_forms, screened
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
    """An upload's words as played, sorted (slurs removed), and what was set aside on the way;
    in another language, how each is written where that differs (``written``)."""

    words: tuple[str, ...]
    flagged: frozenset[str]  # vulgar or offensive words: kept, and flagged
    skipped: int  # lines that are not words (blank lines are not counted)
    removed: int  # slurs removed
    language: str = "en"
    written: Mapping[str, str] = field(default_factory=dict)  # played form: written form, where they differ

    def stored(self) -> list[str]:
        """The words as written, for ``pack``."""
        return [self.written.get(word, word) for word in self.words]

    def by_length(self) -> tuple[tuple[int, int], ...]:
        """(length, how many words of it), shortest first."""
        return tuple(sorted(Counter(map(len, self.words)).items()))

    def sample(self, size: int = SAMPLE_SIZE) -> tuple[str, ...]:
        """Up to ``size`` words spread evenly through the list, none of them flagged."""
        plain = [self.written.get(w, w) for w in self.words if w not in self.flagged]
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


def parse_upload(data: bytes, language: str = "en") -> WordList:
    """The word list in ``data`` (plain text or gzip) read by ``language``'s letters, or ListError
    saying what is wrong with it."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ListError(f"The file is {mb(len(data))}; a word list may be at most {mb(MAX_UPLOAD_BYTES)}.")
    try:
        lines = read_bytes(data, language=language)
    except WordFileError as error:
        raise ListError(str(error)) from None
    return word_list(lines, language)


def word_list(lines: WordLines, language: str = "en") -> WordList:
    """A file's words as a server's list in ``language``: slurs removed, vulgar words flagged."""
    forms = _forms(lines.words, language)
    slurs, flagged = screened(forms, language)
    words = tuple(sorted(word for word in forms if word not in slurs))
    if not words:
        raise ListError("No words are left once slurs are removed: upload a list of words.")
    written = {played: shown for played, shown in forms.items() if played != shown and played not in slurs}
    return WordList(words, flagged, lines.skipped, len(slurs), language, written)


def _forms(written: Iterable[str], language: str) -> dict[str, str]:
    """Each played form and its written form (English's are the same: no word folds)."""
    return {word: word for word in written} if language == "en" else played_forms(written, language)


# ------------------------------------------------------------------ stored form

def pack(words: tuple[str, ...] | list[str]) -> bytes:
    """The stored form of sorted words: zlib of the newline-joined words."""
    return zlib.compress("\n".join(words).encode("utf-8"), 6)


def unpack(blob: bytes) -> list[str]:
    return zlib.decompress(blob).decode("utf-8").split("\n") if blob else []


def digest(blob: bytes) -> str:
    """A stored list's content hash: names its words file in a cache, and tells a changed list."""
    return hashlib.sha256(blob).hexdigest()[:32]


def build_lexicon(name: str, words: list[str] | tuple[str, ...]) -> Lexicon:
    """An uploaded list (its words as stored: as written) as the solvers use it, in the language
    its name says (``fr/club``: :func:`solvers.list_names.split_name`), played folded and shown as
    written: offensive words decided as for every list (slurs dropped, in case the reviewed files
    have grown since the upload; vulgar words flagged). It has no commonness figures: every
    ``zipf`` is 0."""
    language = language_of(name)
    forms = _forms(words, language)
    slurs, flagged = screened(forms, language)
    kept = [w for w in forms if w not in slurs] if slurs else list(forms)
    written = {played: shown for played, shown in forms.items() if played != shown}
    return Lexicon(name, kept, vulgar=flagged, written=written or None)


def load_source(source: str, name: str) -> Lexicon:
    """In a worker job: a bundled list by name, or a server's list from its words file
    (``GuildLists.source`` says which), called ``name``."""
    return Lexicon.load(source) if is_bundled(source) else load_lexicon(source, name)


def load_lexicon(path: Path | str, name: str) -> Lexicon:
    """A cached words file (``GuildLists.path``) as a lexicon called ``name``: for worker jobs. A
    list in another language (``fr/club``) is read as written, one word a line, and folded."""
    if language_of(name) != "en":
        return build_lexicon(name, Path(path).read_text(encoding="utf-8").split())
    lexicon = Lexicon.load(path, drop_slurs=True)
    lexicon.name = name
    return lexicon
