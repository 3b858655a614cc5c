"""The look of /word, /define, /judge and /pattern in Discord."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.lab.words import text
from bot.lexicons.notes import NO_COMMONNESS
from bot.text import grouped_pages, markdown_bold
from solvers.definitions import Sense
from solvers.pattern import PatternResult
from solvers.wordcard import WordFacts

COLOUR = discord.Colour.from_rgb(46, 139, 87)
WORDNET = "Definitions: WordNet 3.0, Princeton University"


def card_embed(facts: WordFacts, senses: Sequence[Sense], lexicon: str, show_vulgar: bool,
               written: str | None = None) -> discord.Embed:
    embed = discord.Embed(title=text.card_title(facts, written), colour=COLOUR,
                          description="\n".join(text.card_lines(facts, senses, lexicon, markdown_bold, show_vulgar)))
    embed.set_footer(text=f"lexicon: {lexicon} · {WORDNET}")
    return embed


def define_embed(word: str, senses: Sequence[Sense], show_vulgar: bool) -> discord.Embed:
    lines = text.sense_lines(word, senses, text.DEFINE_SENSES, markdown_bold, show_vulgar) or [
        "WordNet has no definition of it."]
    embed = discord.Embed(title=text.define_title(word, senses), colour=COLOUR, description="\n".join(lines))
    embed.set_footer(text=WORDNET)
    return embed


def pattern_pages(result: PatternResult, lexicon: str, sort: str, show_vulgar: bool,
                  commonness: bool = True) -> list[discord.Embed]:
    """The words shown, grouped by length, on pages; the footer says the options and the page
    (and, for a list that knows no commonness, that "most common first" is A to Z there)."""
    title = text.pattern_title(result.pattern.text, result, show_vulgar)
    options = text.pattern_options(result, lexicon, sort if commonness else "alpha", show_vulgar)
    if not commonness and sort == "common":
        options += f" · {NO_COMMONNESS}"
    if not result.words:
        embed = discord.Embed(title=title, colour=COLOUR, description="No word of the list fits it.")
        embed.set_footer(text=options)
        return [embed]
    bodies = grouped_pages(text.length_groups(result))
    if result.capped:
        bodies[0] = f"{text.CAPPED_HINT}\n{bodies[0]}"
    pages = []
    for number, body in enumerate(bodies, start=1):
        embed = discord.Embed(title=title, colour=COLOUR, description=body)
        embed.set_footer(text=options + (f" · page {number}/{len(bodies)}" if len(bodies) > 1 else ""))
        pages.append(embed)
    return pages
