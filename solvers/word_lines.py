"""The words of a word list's text, by one rule for every door (an upload, a list given by path).

The rule in a sentence: a line ends at LF, CRLF or a lone CR (old Macs); its first column (what
comes before the first space, tab, comma or semicolon, without a pair of double quotes around
it), case-folded, is a word when it is 1 to MAX_WORD_LENGTH of the letters a-z. Blank lines are
passed over; every other line is counted as skipped. A list read in another language
(``WordReader(language="fr")``) keeps a first column its language's letter rule reads as a word
(:func:`solvers.alphabets.fold`: French ``Élève``, German ``Straße``, Spanish ``Año``), as the
language writes it (lowercase, NFC), and skips any other: ASCII text reads the same in every
language. The text is UTF-8 (a byte-order mark is
dropped), or UTF-16 with a byte-order mark (what Windows Notepad saves as "Unicode").

The text is given a piece at a time (:class:`WordReader`), so memory follows the words kept, not
the lines read. The limits hold as it is read: past MAX_LINES only lines are counted (a refusal
says how many there are), and past MAX_WORDS different words reading stops ("at least").

A piece is read whole, with no loop over its lines in Python: most lists are letters and line
breaks only, which one ``bytes.translate`` shows; their lines are then ``str.splitlines``, each
a word (a line too long to be one is counted and left out). Any other piece (columns, quotes,
digits) is read by one regular expression over the whole piece. The different words are kept
in order while they ascend, as in most lists (one comparison a word, nothing hashed or sorted),
else in a set (:class:`_Distinct`).
"""

from __future__ import annotations

import codecs
import itertools
import operator
import re
import unicodedata
from dataclasses import dataclass

from .alphabets import fold
from .letters import code_letters, letters_named

MAX_LINES = 2_000_000
MAX_WORDS = 500_000
MAX_WORD_LENGTH = 45
"""Lines longer than this are no word of any dictionary, and are skipped."""
UPLOAD = "The file"
"""How messages name an upload; a list given by path is named by its path."""

_SHAPES = bytes(ord("a") if chr(b).islower() else ord("A") if chr(b).isupper() else ord("\n") if b in b"\r\n"
                else ord("#") for b in range(128)) + b"#" * 128
"""A table for ``bytes.translate``: an ASCII text's shape, every lower-case letter ``a``, every
capital ``A``, every line break ``\\n``, anything else ``#``."""
_TOO_LONG = b"a" * (MAX_WORD_LENGTH + 1)
_LETTERS = rf"[a-z]{{1,{MAX_WORD_LENGTH}}}"
_FIRST_WORD = re.compile(rf'^[^\S\n]*("{_LETTERS}"|{_LETTERS})(?=[^\S\n]|[,;\n])', re.M)
_BLANK = re.compile(r"^[^\S\n]*\n", re.M)
_COLUMN = re.compile(r"\s*([^\s,;]*)")
_LONG_TAIL = 4096


class WordFileError(ValueError):
    """A file that cannot be a word list; the message (one line) says what to fix."""


@dataclass(frozen=True, slots=True)
class WordLines:
    """What a word list's text holds: its different words (sorted; a list, not to be changed: a
    tuple would be a copy), its lines, and the lines that are not words (blank lines are not
    counted)."""

    words: list[str]
    lines: int
    skipped: int


class WordReader:
    """Reads a text's bytes a piece at a time (``feed``), then its words (``finish``); ``what``
    names the file in messages (:data:`UPLOAD` for an upload)."""

    def __init__(self, what: str = UPLOAD, language: str = "en") -> None:
        self.what, self.language = what, language
        self._words = _Distinct()
        self.lines = self.skipped = 0
        self._head = b""  # the first bytes, until a byte-order mark can be seen
        self._decoder: codecs.IncrementalDecoder | None = None
        self._encoding = "UTF-8"
        self._tail = ""  # the unfinished last line

    @property
    def full(self) -> bool:
        """More different words than a list may hold: reading may stop."""
        return len(self._words) > MAX_WORDS

    def feed(self, data: bytes) -> None:
        if self._decoder is None:
            self._head += data
            if len(self._head) < 4:
                return
            data, self._head = self._head, b""
            self._start(data)
        self._take(self._decode(data), final=False)

    def finish(self, *, complete: bool = True) -> WordLines:
        """The words read; WordFileError past a limit, or when there are none. ``complete``:
        the whole text was given (else a count of words is "at least")."""
        if self._decoder is None:
            self._start(self._head)
            self._take(self._decode(self._head), final=False)
        self._take(self._decode(b"", final=True), final=True)
        what = self.what
        if self.lines > MAX_LINES:
            raise WordFileError(f"{what} has {self.lines:,} lines; a word list may have at most {MAX_LINES:,}.")
        if self.full:
            raise WordFileError(f"{what} has {'' if complete else 'at least '}{len(self._words):,} different words; "
                                f"a word list may have at most {MAX_WORDS:,}.")
        if not self._words:
            if not self.skipped:
                raise WordFileError(f"{what} is empty: use a text file with one word per line.")
            lines = f"{self.lines:,} line{'' if self.lines == 1 else 's'}"
            letters = "a-z" if self.language == "en" else letters_named(code_letters(self.language))
            raise WordFileError(f"{what} holds no word in {lines}: use a text file with one word "
                                f"per line (letters {letters}).")
        return WordLines(self._words.sorted(), self.lines, self.skipped)

    def _start(self, head: bytes) -> None:
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            self._encoding = "UTF-16"
        elif _looks_utf16(head):
            raise WordFileError(f"{self.what} is UTF-16 text without a byte-order mark: save it as UTF-8.")
        self._decoder = codecs.getincrementaldecoder("utf-16" if self._encoding == "UTF-16" else "utf-8-sig")()

    def _decode(self, data: bytes, final: bool = False) -> str:
        assert self._decoder is not None
        try:
            text = self._decoder.decode(data, final)
        except UnicodeDecodeError as error:
            if self._encoding == "UTF-8" and b"\0" in data:
                raise WordFileError(self._binary()) from None
            before = self._tail + bytes(data[:max(error.start, 0)]).decode(self._encoding, "replace")
            line = self.lines + _breaks(before) + 1
            raise WordFileError(f"{self.what} is not {self._encoding} text (line {line:,}): save "
                                "it as UTF-8.") from None
        if "\0" in text:
            raise WordFileError(self._binary())
        return text

    def _binary(self) -> str:
        return f"{self.what} is not text (it holds binary data): use a plain text file, one word per line."

    def _take(self, text: str, final: bool) -> None:
        """Read the lines ``text`` ends (all of them when ``final``), keeping the rest for later."""
        text = self._tail + text if self._tail else text
        if final:
            self._tail = ""
            if text and not text.endswith(("\n", "\r")):
                text += "\n"
        else:
            end = len(text) - text.endswith("\r")  # a CR at the end may be the first half of a CRLF
            cut = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
            text, self._tail = text[:cut], _shortened(text[cut:])
        if self.lines > MAX_LINES or not text:  # past the limit: only lines are counted
            self.lines += _breaks(text)
            return
        shape = text.encode("ascii").translate(_SHAPES) if text.isascii() else b"#"
        if self.language != "en" and shape == b"#":
            self._take_written(text)
        elif b"#" in shape:
            self._take_columns(text)
        else:
            self._take_plain(text, shape)

    def _take_plain(self, text: str, shape: bytes) -> None:
        """Whole lines of letters a-z and A-Z only: each line not too long is a word."""
        if b"A" in shape:
            text, shape = text.lower(), shape.replace(b"A", b"a")
        lines = text.splitlines()
        self.lines += len(lines)
        if _TOO_LONG in shape:  # a line of more letters than a word has
            kept = [line for line in lines if len(line) <= MAX_WORD_LENGTH]
            self.skipped += len(lines) - len(kept)
            lines = kept
        self._words.add(lines)

    def _take_columns(self, text: str) -> None:
        """Whole lines of any other shape: the first column of each, by one regular expression."""
        count = _breaks(text)
        self.lines += count
        text = text.lower() if text.isascii() else text.casefold()
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        found = _FIRST_WORD.findall(text)
        self.skipped += count - len(_BLANK.findall(text)) - len(found)
        self._words.add([word.strip('"') for word in found])

    def _take_written(self, text: str) -> None:
        """Whole lines, not all ASCII, of a list in another language: each line's first column
        that the language reads as a word (:func:`written`)."""
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[:-1]  # text ends at a break
        self.lines += len(lines)
        found = [written(line, self.language) for line in lines]
        self.skipped += sum(word is None for word in found)
        self._words.add([word for word in found if word])


def written(line: str, language: str) -> str | None:
    """A line's first column as ``language`` writes the word (lowercase, NFC: ``élève``); ""
    for a blank line, None for a line that is no word of the language."""
    column = _COLUMN.match(line)[1]  # type: ignore[index]  # always matches
    if len(column) >= 2 and column[0] == column[-1] == '"':
        column = column[1:-1]
    if not column:
        return "" if not line.strip() else None
    if column.isascii():
        return column.lower() if column.isalpha() and len(column) <= MAX_WORD_LENGTH else None
    word = unicodedata.normalize("NFC", unicodedata.normalize("NFKC", column).lower())
    return word if fold(word, language) else None


class _Distinct:
    """The different words of a text given a piece at a time. While every piece's words ascend,
    each after the last kept (most lists are sorted), they are kept as they come: no word is
    hashed and none sorted. Otherwise they go in a set, sorted once at the end."""

    def __init__(self) -> None:
        self._ascending: list[str] = []
        self._set: set[str] | None = None

    def __len__(self) -> int:
        return len(self._ascending if self._set is None else self._set)

    def add(self, words: list[str]) -> None:
        """A piece's words, in the order of its lines; "" (a blank line's) is passed over."""
        if self._set is None:
            start, stop = 0, len(words)
            while start < stop and not words[start]:  # blank lines before the first word
                start += 1
            while stop > start and not words[stop - 1]:  # and after the last
                stop -= 1
            if start or stop < len(words):
                words = words[start:stop]
            if _ascending(words) and not (words and self._ascending and words[0] <= self._ascending[-1]):
                if self._ascending:
                    self._ascending += words
                else:
                    self._ascending = words
                return
            self._set, self._ascending = set(self._ascending), []
        self._set.update(words)
        self._set.discard("")  # a blank line's

    def sorted(self) -> list[str]:
        return self._ascending if self._set is None else sorted(self._set)


def _ascending(words: list[str]) -> bool:
    """Each word after the one before it (so no word twice)."""
    return all(map(operator.lt, words, itertools.islice(words, 1, None)))


def _shortened(tail: str) -> str:
    """An unfinished line that grows long, cut to what decides its first column: a line of
    megabytes without a break is held in a few dozen characters."""
    if len(tail) <= _LONG_TAIL:
        return tail
    end = "\r" if tail.endswith("\r") else ""
    return tail[: len(tail) - len(end)].lstrip()[: MAX_WORD_LENGTH + 3] + end


def _breaks(text: str) -> int:
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _looks_utf16(data: bytes) -> bool:
    """UTF-16 without a byte-order mark: ASCII text whose every other byte is a NUL."""
    head = data[:4096]
    if len(head) < 4:
        return False
    evens, odds = head[0::2], head[1::2]
    return any(half.count(0) >= len(half) * 0.9 for half in (evens, odds)) and head.count(0) < len(head) * 0.6
