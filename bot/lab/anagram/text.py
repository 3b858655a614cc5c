"""Words of /anagram and ``wordbot anagram`` (no discord import)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import groupby

from bot.text import plural
from solvers.anagram import Anagram, Query
from solvers.screen import quoted

BLANK_LEGEND = "lowercase letters are blanks"
YOUR_RACK = "Your rack"  # a rack (or board) that may not be written back is named so


def describe_query(query: Query) -> str:
    """``AALNST?``, ``AALNST? through I``, ``AELRST? (any length)``."""
    text = str(query.rack)
    if query.board:
        text += " through " + " or ".join(query.board.upper())
    if query.mode == "sub":
        text += " (any length)"
    return text


BINGO_LEGEND = "a bingo uses all 7 tiles"


def is_bingo(query: Query) -> bool:
    """Whether the words found are bingos: every tile of a 7-tile rack, no board letter."""
    return query.mode == "exact" and not query.board and query.rack.tiles == 7


def count_phrase(count: int, query: Query) -> str:
    """``9 bingos``, ``1 word``, ``no words``."""
    if count == 0:
        return "no words"
    return plural(count, "bingo" if is_bingo(query) else "word")


def legend(query: Query) -> str:
    """What the words' look means: ``a bingo uses all 7 tiles · lowercase letters are blanks``."""
    return f"{BINGO_LEGEND} · {BLANK_LEGEND}" if is_bingo(query) else BLANK_LEGEND


def title(query: Query, count: int, show_vulgar: bool) -> str:
    """``AALNST?: 9 bingos``; ``Your rack: no words`` for a rack that may not be written back."""
    return f"{quoted(describe_query(query), YOUR_RACK, show_vulgar)}: {count_phrase(count, query)}"


def display_word(result: Anagram, show_board: bool) -> str:
    """The word in capitals, blanks in lower case, and the board letter used when asked."""
    text = result.marked()
    if show_board and result.board_letter:
        text += f"({result.board_letter.upper()})"
    return text


def length_groups(results: list[Anagram], query: Query,
                  written: Mapping[str, str] | None = None) -> list[tuple[int, list[str]]]:
    """Results grouped by word length, longest first, each as display words (with the board
    letter when there were several to choose from, and how the word is written where its
    language writes it otherwise: ``ELEVE (élevé)``)."""
    show_board = len(query.board) > 1
    written = written or {}

    def shown(result: Anagram) -> str:
        word = display_word(result, show_board)
        spelled = written.get(result.word, result.word)
        return word if spelled == result.word else f"{word} ({spelled})"

    return [(length, [shown(r) for r in group]) for length, group in groupby(results, key=lambda r: len(r.word))]


def no_words_hint(query: Query) -> str:
    if query.mode == "exact":
        board = " plus a board letter" if query.board else ""
        return f"No word uses every tile{board}. Try `mode: sub` for shorter words."
    return "No word of two or more letters can be made from these tiles."
