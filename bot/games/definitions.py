"""The Definitions button of a daily game's private views: the player's own words of a day, each
with a one-line definition, privately and in pages.

The button's custom id holds the game, the day and whose words they are (each game's own
button, ``bee:defs:<date>:<owner>``, ``box:defs:<date>:<owner>``), and the pages are
``bot.views`` pages whose state is the day: nothing is kept in memory, so both work after a
restart. The words are read afresh at every click.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Awaitable, Callable

import discord

from bot.glosses import LONG, Gloss, Glosses, page_lines
from bot.text import long_date, plural
from bot.views import Page, send_notice, send_pages

PER_PAGE = 15
WordsOf = Callable[[int, int, dt.date], Awaitable[tuple[str, ...]]]
"""A game's words of a player on a day: (guild id, user id, date) -> words, in the order shown."""


def gloss_line(gloss: Gloss) -> str:
    """``**geese** · noun · plural of goose: web-footed…``; a word without a definition: ``**xyzzy** · —``."""
    if not gloss.defined:
        return f"**{gloss.word}** · —"
    return f"**{gloss.word}** · {gloss.pos} · {discord.utils.escape_markdown(gloss.text)}"


def spoiled_gloss(word: str, gloss: Gloss | None) -> str:
    """``word — its gloss`` for a line behind spoiler bars (the word as given, e.g. in bold)."""
    if gloss is None or not gloss.defined:
        return word
    return f"{word} — {discord.utils.escape_markdown(gloss.text)}"


class FoundDefinitions:
    """A game's Definitions button handler and page source (``bot.views.PageSource``)."""

    def __init__(self, kind: str, command: str, colour: discord.Colour, words: WordsOf, start_hint: str) -> None:
        self.kind = kind  # the pages' kind, registered in the bot's page sources
        self.command = command  # the command that shows the player's words, for messages
        self.colour = colour
        self.words = words
        self.start_hint = start_hint  # what to do to have words, for the player who has none

    async def show(self, interaction: discord.Interaction, owner: int, date: dt.date) -> None:
        """Answer a click, privately: the clicker's own words with definitions, or one line why not."""
        if interaction.user.id != owner:
            await send_notice(interaction, f"These are <@{owner}>'s words. Use `/{self.command}` to see yours.",
                              allowed_mentions=discord.AllowedMentions.none())
            return
        pages = await self.pages(interaction.guild_id or 0, owner, date)
        if pages is None:
            await send_notice(interaction, f"You have no words on {long_date(date)} to define yet. {self.start_hint}")
            return
        await send_pages(interaction, self.kind, date.isoformat(), Page(pages[0], 0, len(pages)), ephemeral=True)

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        pages = await self.pages(interaction.guild_id or 0, interaction.user.id, dt.date.fromisoformat(state))
        if pages is None:
            raise ValueError("no words any more")
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))

    async def pages(self, guild_id: int, user_id: int, date: dt.date) -> list[discord.Embed] | None:
        """The embeds of the player's words with definitions; None when the player has no words."""
        words = await self.words(guild_id, user_id, date)
        if not words:
            return None
        glosses = await asyncio.to_thread(Glosses.load)  # loaded once; later calls return at once
        lines = [gloss_line(gloss) for gloss in glosses.glosses(words, LONG)]
        title = f"Your words · {long_date(date)} · {plural(len(words), 'word')}"
        return [discord.Embed(title=title, colour=self.colour, description="\n".join(page))
                for page in page_lines(lines, PER_PAGE)]
