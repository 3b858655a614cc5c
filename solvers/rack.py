"""A rack, board letters and a mode as a player types them, read into a ``Query`` for
``solvers.anagram`` (``RackError`` says what to fix)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from solvers.wording import plural

from .alphabets import LATIN
from .letters import letters_named
from .typed import bad_characters, plain_letters

if TYPE_CHECKING:
    from .anagram import Anagram

BLANK = "?"
MAX_TILES = 15
MAX_BLANKS = 3
MAX_BOARD = 15
MODES = ("exact", "sub")


class RackError(ValueError):
    """Input that is not a valid rack, board or mode; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Rack:
    """A parsed rack: its real letters (lowercase, sorted), how many blanks, and the tiles
    in the order the player typed them (upper case), for display."""

    letters: str
    blanks: int
    typed: str = ""

    @property
    def tiles(self) -> int:
        return len(self.letters) + self.blanks

    def __str__(self) -> str:
        return self.typed or self.letters.upper() + BLANK * self.blanks


def parse_rack(text: str, letters: str = LATIN) -> Rack:
    """Read a rack like ``AALNST?``: 1-15 tiles, letters (of ``letters``, a lexicon's alphabet:
    A-Z in English) and at most 3 ``?`` blanks.

    Case and spaces are ignored. Raises :class:`RackError` saying what to fix.
    """
    tiles = plain_letters(text)
    named = letters_named(letters)
    if not tiles:
        raise RackError(f"Type a rack of 1–{MAX_TILES} tiles: letters {named} and {BLANK} for a blank, e.g. AALNST?.")
    bad = bad_characters(tiles, allowed=letters + BLANK)
    if bad:
        hint = f" (type {BLANK} for a blank)" if any(ch in tiles for ch in "*_.") else ""
        raise RackError(f"A rack holds only letters {named} and {BLANK} for a blank; remove {bad}{hint}.")
    if len(tiles) > MAX_TILES:
        raise RackError(f"A rack holds at most {plural(MAX_TILES, 'tile')}; yours has {len(tiles)}.")
    blanks = tiles.count(BLANK)
    if blanks > MAX_BLANKS:
        raise RackError(f"A rack holds at most {plural(MAX_BLANKS, 'blank')} ({BLANK}); yours has {blanks}.")
    return Rack("".join(sorted(tiles.replace(BLANK, ""))), blanks, tiles.upper())


def parse_board(text: str, letters: str = LATIN) -> str:
    """Read board letters like ``I`` or ``IE`` (of ``letters``): the distinct letters, sorted, lowercase."""
    board = plain_letters(text or "")
    if len(board) > MAX_BOARD:
        raise RackError(f"Give at most {plural(MAX_BOARD, 'board letter')}; you gave {len(board)}.")
    bad = bad_characters(board, allowed=letters)
    if bad:
        raise RackError(f"Board letters are letters {letters_named(letters)} already on the board (no blanks); "
                        f"remove {bad}.")
    return "".join(sorted(set(board)))


def parse_mode(mode: str) -> str:
    if mode not in MODES:
        raise RackError(f"Mode is 'exact' (use every tile) or 'sub' (any shorter word too), not {str(mode)[:20]!r}.")
    return mode


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed request: the rack, the distinct board letters (sorted, lowercase), the mode."""

    rack: Rack
    board: str = ""
    mode: str = "exact"

    def to_json(self, lexicon_name: str, results: list[Anagram]) -> dict:
        return {
            "rack": str(self.rack).lower(),
            "board": self.board,
            "mode": self.mode,
            "lexicon": lexicon_name,
            "results": [{"word": r.word, "blanks": r.blanks, "board_letter": r.board_letter} for r in results],
        }


def parse_query(rack: str, board: str = "", mode: str = "exact", letters: str = LATIN) -> Query:
    """Read a rack, board letters and a mode at once, in ``letters`` (a lexicon's alphabet); raises
    :class:`RackError` saying what to fix."""
    return Query(parse_rack(rack, letters), parse_board(board, letters), parse_mode(mode))
