"""Plain-text presentation shared by the CLI and the Discord embeds."""

from __future__ import annotations

from itertools import groupby

from solvers.anagram import Anagram, Rack

BLANK_LEGEND = "lowercase letters are blanks"


def describe_query(rack: Rack, board: str, mode: str) -> str:
    """``AALNST?``, ``AALNST? through I``, ``AELRST? (any length)``."""
    text = str(rack)
    if board:
        text += " through " + " or ".join(board.upper())
    if mode == "sub":
        text += " (any length)"
    return text


def count_phrase(count: int, rack: Rack, board: str, mode: str) -> str:
    """``9 bingos``, ``1 word``, ``no words``."""
    if count == 0:
        return "no words"
    noun = "bingo" if mode == "exact" and not board and rack.tiles == 7 else "word"
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def display_word(result: Anagram, show_board: bool) -> str:
    """The word in capitals, blanks in lower case, and the board letter used when asked."""
    text = result.marked()
    if show_board and result.board_letter:
        text += f"({result.board_letter.upper()})"
    return text


def length_groups(results: list[Anagram], show_board: bool) -> list[tuple[int, list[str]]]:
    """Results grouped by word length, longest first, each as display words."""
    return [
        (length, [display_word(r, show_board) for r in group])
        for length, group in groupby(results, key=lambda r: len(r.word))
    ]
