"""How /fivewords looks in Discord: the running search, then the sets page by page, grouped by
the letters they leave out."""

from __future__ import annotations

from collections import Counter

import discord

from bot.lab.fivewords import text
from bot.text import plural
from solvers.fivewords import FiveWords

COLOUR = discord.Colour.dark_gold()
SETS_PER_PAGE = 15


def progress_embed(asked: str, done: int, total: int, found: int, elapsed: float) -> discord.Embed:
    embed = discord.Embed(title=f"Five words · {asked}"[:256], colour=COLOUR)
    embed.description = text.progress(done, total, found, elapsed)
    embed.set_footer(text="Only the person who asked can cancel.")
    return embed


def stopped_embed(asked: str, found: int, elapsed: float, why: str) -> discord.Embed:
    """A search that did not finish: what it had counted."""
    embed = discord.Embed(title=f"Five words · {asked}"[:256], colour=COLOUR)
    embed.description = f"{why} after {elapsed:.0f} s, with at least {plural(found, 'set')} found (not listed)."
    return embed


def pages(asked: str, result: FiveWords, note: str = "") -> list[discord.Embed]:
    """The sets, SETS_PER_PAGE a page, under a heading for each run of the same missing letters
    (repeated, marked 'continued', at the top of a page a run spills onto)."""
    title = f"{text.counts(result)} · {asked}"[:256]
    per_missing = Counter(s.missing for s in result.sets)
    chunks = [result.sets[i:i + SETS_PER_PAGE] for i in range(0, len(result.sets), SETS_PER_PAGE)] or [()]
    unlisted = text.unlisted(result)
    out = []
    for number, chunk in enumerate(chunks, start=1):
        lines = [note] if note and number == 1 else []
        previous = result.sets[(number - 1) * SETS_PER_PAGE - 1].missing if number > 1 else None
        for missing, sets in text.by_missing(chunk):
            more = " (continued)" if missing == previous else ""
            lines.append(f"**{text.missing_heading(missing)}** · {plural(per_missing[missing], 'set')}{more}")
            lines.extend(f"`{text.set_line(s)}`" for s in sets)
        if not result.sets:
            lines.append("No set of words fits." if result.complete else "No set was found before the search stopped.")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines)[:4096])
        footer = f"page {number}/{len(chunks)} · {text.ORDER} · anagrams shown as a/b"
        if unlisted > 0:
            footer += f" · {len(result.sets):,} listed of {result.count:,}"
        if not result.complete:
            footer += " · the search stopped at its time limit: counts are at least"
        embed.set_footer(text=footer)
        out.append(embed)
    return out
