"""/anagram's look: the words grouped by length, laid out on pages of embeds."""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.lab.anagram import text
from bot.text import grouped_pages
from solvers.anagram import Query, Solution

COLOUR = discord.Colour.from_rgb(88, 101, 242)


def anagram_pages(query: Query, solution: Solution, lexicon_name: str, show_vulgar: bool,
                  note: str = "", written: Callable[[str], str] | None = None) -> list[discord.Embed]:
    """The results as embeds grouped by length (a solution cut short says how much it shows;
    ``note``, if any, goes in the footer too); ``written``: how a word is written, where its
    language writes it otherwise (a list's ``display``: ``ELEVE (élève)``)."""
    title = text.title(query, solution.total, show_vulgar)
    if not solution.results:
        return [discord.Embed(title=title, colour=COLOUR, description=text.no_words_hint(query))]
    spelled = {r.word: written(r.word) for r in solution.results} if written else None
    bodies = grouped_pages(text.length_groups(solution.results, query, spelled))
    shown = "" if solution.complete else f"showing the first {len(solution.results):,} of {solution.total:,} · "
    pages = []
    for number, body in enumerate(bodies, start=1):
        embed = discord.Embed(title=title, colour=COLOUR, description=body)
        footer = f"{shown}{text.legend(query)}{f' · {note}' if note else ''} · lexicon: {lexicon_name}"
        embed.set_footer(text=footer + (f" · page {number}/{len(bodies)}" if len(bodies) > 1 else ""))
        pages.append(embed)
    return pages
