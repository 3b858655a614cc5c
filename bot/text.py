"""Wording helpers both front doors share (no discord import, so the terminal stays light)."""

from __future__ import annotations

import datetime as dt

from solvers.wording import counted as counted, plural as plural

ALT_LIMIT = 1024  # Discord's longest attachment description (a picture's alt text)


def fit_alt(text: str) -> str:
    """Alt text within Discord's limit (a very long one is cut, with an ellipsis)."""
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"


def skipped_lines(count: int, letters: str = "a-z") -> str:
    """What reading a word list passed over, and why: ``3 lines skipped: not a-z words.``; a list
    read in another language names its letters (``not words in A–Z, Ä, Ö, Ü``)."""
    if not count:
        return "No lines skipped."
    return f"{plural(count, 'line')} skipped: " + ("not a-z words." if letters == "a-z" else f"not words in {letters}.")


def long_date(date: dt.date) -> str:
    """``Saturday 21 November 2026``."""
    return f"{date:%A} {date.day} {date:%B %Y}"


def short_date(date: dt.date) -> str:
    """``Sat 21 Nov``."""
    return f"{date:%a} {date.day} {date:%b}"


def permission_name(permission: str) -> str:
    """A permission as Discord's own settings screens name it: manage_guild is "Manage Server",
    send_messages_in_threads "Send Messages in Threads"."""
    return permission.replace("guild", "server").replace("_", " ").title().replace(" In ", " in ")


def columns(words: list[str], width: int = 78, indent: str = "  ") -> str:
    """Words laid out in aligned columns for a terminal ``width`` characters wide."""
    if not words:
        return ""
    cell = max(map(len, words)) + 2
    per_row = max(1, (width - len(indent)) // cell)
    rows = [indent + "".join(w.ljust(cell) for w in words[i : i + per_row]).rstrip()
            for i in range(0, len(words), per_row)]
    return "\n".join(rows)


def plain(text: str) -> str:
    """No emphasis: the terminal's ``bold``."""
    return text


def markdown_bold(text: str) -> str:
    """Discord's bold: the embeds' ``bold``."""
    return f"**{text}**"


def grouped_pages(groups: list[tuple[int, list[str]]], page_chars: int = 1800, line_chars: int = 60) -> list[str]:
    """Words grouped by length, laid out as page texts of at most ``page_chars`` characters, each
    group under a heading (``**5 letters** (12)``) and its words in rows of about ``line_chars``.
    A group that runs onto the next page repeats its heading there, marked "continued"."""
    pages: list[str] = []
    lines: list[str] = []
    for length, words in groups:
        heading: str | None = f"**{plural(length, 'letter')}** ({len(words):,})"
        for row in _rows(words, line_chars):
            if lines and sum(map(len, lines)) + len(lines) + len(row) + len(heading or "") + 2 > page_chars:
                pages.append("\n".join(lines))
                lines = []
                heading = heading or f"**{plural(length, 'letter')}** (continued)"
            if heading:
                lines.append(heading)
                heading = None
            lines.append(row)
    if lines:
        pages.append("\n".join(lines))
    return pages


def _rows(words: list[str], line_chars: int, separator: str = " · ") -> list[str]:
    """Words joined into rows of about ``line_chars`` characters."""
    rows: list[str] = []
    for word in words:
        if rows and len(rows[-1]) + len(separator) + len(word) <= line_chars:
            rows[-1] += separator + word
        else:
            rows.append(word)
    return rows
