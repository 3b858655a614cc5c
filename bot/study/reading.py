"""The lines of a file to import into a study deck (``wordbot study import FILE``), read within
bounds: at most ``MAX_IMPORT_BYTES`` bytes, a piece at a time, and at most
``MAX_IMPORT_LINES`` lines kept (those past them are counted, not kept), so a huge file costs a
bounded time and memory, and a binary one is refused in one line. The text is UTF-8 (a byte-order
mark is dropped; a byte that is not UTF-8 reads as U+FFFD), or UTF-16 with a byte-order mark."""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import BinaryIO

from bot.study.model import MAX_IMPORT_LINES, StudyError

MAX_IMPORT_BYTES = 16 << 20
PIECE = 1 << 20
MAX_LINE = 200  # characters kept of a line: no alphagram, word or export row is longer


@dataclass(frozen=True, slots=True)
class ImportText:
    """``lines``: the first ``MAX_IMPORT_LINES`` lines; ``unread``: the lines past them (in the
    bytes read); ``stopped``: reading stopped at ``MAX_IMPORT_BYTES``, before the end."""

    lines: list[str]
    unread: int = 0
    stopped: bool = False


def read_import(file: BinaryIO, what: str, limit: int | None = None) -> ImportText:
    """The lines of an open file (see the module), at most ``limit`` bytes (MAX_IMPORT_BYTES);
    StudyError when it is not text."""
    limit = MAX_IMPORT_BYTES if limit is None else limit
    lines: list[str] = []
    unread, size, tail, decoder = 0, 0, "", None
    while size < limit and (piece := file.read(min(PIECE, limit - size))):
        size += len(piece)
        if decoder is None:
            utf16 = piece[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
            if not utf16 and b"\0" in piece[:8192]:
                raise StudyError(f"{what} is not a text file: give one alphagram or word a line (or a CSV export).")
            decoder = codecs.getincrementaldecoder("utf-16" if utf16 else "utf-8-sig")(errors="replace")
        rows = (tail + decoder.decode(piece)).splitlines(keepends=True)
        tail = rows.pop()[: MAX_LINE * 4] if rows and rows[-1] == rows[-1].rstrip("\r\n") else ""
        room = MAX_IMPORT_LINES - len(lines)
        lines += (row.rstrip("\r\n")[:MAX_LINE] for row in rows[:room])
        unread += max(0, len(rows) - room)
    stopped = size >= limit and bool(file.read(1))
    if decoder is not None and not stopped:
        tail += decoder.decode(b"", final=True)
    if tail.strip():
        if stopped or len(lines) >= MAX_IMPORT_LINES:
            unread += 1  # a line past the most kept, or cut at the limit
        else:
            lines.append(tail.rstrip("\r\n")[:MAX_LINE])
    return ImportText(lines, unread, stopped)
