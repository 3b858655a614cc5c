"""Plain-text presentation shared by the CLI and the Discord embeds."""

from __future__ import annotations

from itertools import groupby

from solvers.anagram import Anagram, Rack
from solvers.bee import Hints

BLANK_LEGEND = "lowercase letters are blanks"


def permission_name(permission: str) -> str:
    """A permission as Discord's own settings screens name it: manage_guild is "Manage Server"."""
    return permission.replace("guild", "server").replace("_", " ").title()


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


def hints_grid(hints: Hints) -> list[str]:
    """The words left as a grid: a row per first letter, a column per length, with totals."""
    rows = ["   " + "".join(f"{n:>4}" for n in hints.lengths) + "   Σ"]
    for letter, row in hints.grid.items():
        cells = "".join(f"{row.get(n, '-'):>4}" for n in hints.lengths)
        rows.append(f"{letter.upper()}: {cells}{sum(row.values()):>4}")
    totals = "".join(f"{sum(r.get(n, 0) for r in hints.grid.values()):>4}" for n in hints.lengths)
    rows.append(f"Σ: {totals}{hints.words_left:>4}")
    return rows


def two_letter_starts(hints: Hints) -> str:
    return " ".join(f"{pair.upper()}-{count}" for pair, count in hints.two_letter.items())
