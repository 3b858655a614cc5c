"""/anagram's look: the words grouped by length, laid out on pages of embeds."""

from __future__ import annotations

import discord

from bot.lab.anagram import text
from solvers.anagram import Query, Solution

PAGE_CHARS = 1800
LINE_CHARS = 60
COLOUR = discord.Colour.from_rgb(88, 101, 242)


def anagram_pages(query: Query, solution: Solution, lexicon_name: str) -> list[discord.Embed]:
    """The results as embeds grouped by length (a solution cut short says how much it shows)."""
    title = text.title(query, solution.total)
    if not solution.results:
        return [discord.Embed(title=title, colour=COLOUR, description=text.no_words_hint(query))]
    bodies = _page_bodies(text.length_groups(solution.results, query))
    shown = "" if solution.complete else f"showing the first {len(solution.results):,} of {solution.total:,} · "
    pages = []
    for number, body in enumerate(bodies, start=1):
        embed = discord.Embed(title=title, colour=COLOUR, description=body)
        footer = f"{shown}{text.BLANK_LEGEND} · lexicon: {lexicon_name}"
        embed.set_footer(text=footer + (f" · page {number}/{len(bodies)}" if len(bodies) > 1 else ""))
        pages.append(embed)
    return pages


def _page_bodies(groups: list[tuple[int, list[str]]]) -> list[str]:
    """Lay the length groups out as page texts of at most PAGE_CHARS characters each.

    A group that runs onto the next page repeats its heading there, marked "continued".
    """
    pages: list[str] = []
    lines: list[str] = []
    for length, words in groups:
        heading: str | None = f"**{length} letters** ({len(words):,})"
        for row in _rows(words):
            if lines and sum(map(len, lines)) + len(lines) + len(row) + len(heading or "") + 2 > PAGE_CHARS:
                pages.append("\n".join(lines))
                lines = []
                heading = heading or f"**{length} letters** (continued)"
            if heading:
                lines.append(heading)
                heading = None
            lines.append(row)
    if lines:
        pages.append("\n".join(lines))
    return pages


def _rows(words: list[str], separator: str = " · ") -> list[str]:
    """Words joined into rows of about LINE_CHARS characters."""
    rows: list[str] = []
    for word in words:
        if rows and len(rows[-1]) + len(separator) + len(word) <= LINE_CHARS:
            rows[-1] += separator + word
        else:
            rows.append(word)
    return rows
