"""/anagram: every word a Scrabble rack makes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.jobs import Busy, JobError
from bot.lab.anagram.pages import AnagramPages, Request
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import UnknownList
from bot.lexicons.notes import REMOVED_MEANWHILE
from bot.views import Page, job_failure, page_sources, send_notice, send_pages
from solvers.alphabets import fold_letters
from solvers.anagram import RackError, parse_query

if TYPE_CHECKING:
    from bot.host import Host

MODE_CHOICES = [
    app_commands.Choice(name="exact: use every tile", value="exact"),
    app_commands.Choice(name="sub: shorter words too", value="sub"),
]
LEXICON_CHOICES = [
    app_commands.Choice(name="full: ~243k words, close to a Scrabble list", value="full"),
    app_commands.Choice(name="common: ~61k everyday words", value="common"),
    app_commands.Choice(name="huge: ~425k words, every word we know", value="huge"),
]
SORT_CHOICES = [
    app_commands.Choice(name="A to Z within each length", value="alpha"),
    app_commands.Choice(name="most common first within each length", value="common"),
]


class Anagram(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.pages = AnagramPages(self.bot.jobs, self.bot.guild_lists)
        page_sources(self.bot)["anagram"] = self.pages

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("anagram", None)

    @app_commands.command(name="anagram", description="Every word a Scrabble rack makes (? is a blank)")
    @app_commands.describe(
        rack="Your tiles, e.g. AALNST? (up to 15 tiles; ? is a blank, at most 3)",
        board="Letters on the board to play through, e.g. I",
        mode="exact: words using every tile (default); sub: shorter words too",
        lexicon=lexicon_option.DESCRIPTION,
        sort="A to Z (default) or most common first, within each length",
        language=language_option.DESCRIPTION,
    )
    @app_commands.choices(mode=MODE_CHOICES, sort=SORT_CHOICES, language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def anagram(
        self,
        interaction: discord.Interaction,
        rack: str,
        board: str | None = None,
        mode: app_commands.Choice[str] | None = None,
        lexicon: str | None = None,
        sort: app_commands.Choice[str] | None = None,
        language: str | None = None,
    ) -> None:
        if (chosen := await lexicon_option.chosen(interaction, lexicon, language)) is None:
            return
        name, words, show_vulgar = chosen
        try:  # read in the list's letters: ÉLÈVE is ELEVE in French, Ä a letter of its own in German
            query = parse_query(*(fold_letters(typed or "", words.language) for typed in (rack, board)),
                                mode.value if mode else "exact", words.alphabet)
        except RackError as error:
            await send_notice(interaction, str(error))
            return
        request = Request(name, query, sort.value if sort else "alpha", show_vulgar)
        job = None
        # seconds of work: a worker process, the reply deferred
        if self.pages.is_heavy(interaction.guild_id, request, words):
            try:
                job = self.bot.jobs.reserve(interaction.user.id, "anagram")
            except Busy as busy:
                await send_notice(interaction, str(busy))
                return
            await interaction.response.defer(thinking=True)
        try:
            pages = await self.pages.laid_out(interaction.guild_id, request, words, job)
        except JobError as error:
            await send_notice(interaction, job_failure(error, "/anagram"))
            return
        except UnknownList:  # removed between reading it and handing it to the worker
            await send_notice(interaction, REMOVED_MEANWHILE)
            return
        await send_pages(interaction, "anagram", request.state, Page(pages[0], 0, len(pages)))


async def setup(bot: Host) -> None:
    await bot.add_cog(Anagram(bot))
