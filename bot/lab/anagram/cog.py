"""/anagram: every word a Scrabble rack makes."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.lab.anagram.embeds import anagram_pages
from bot.views import Paginator
from solvers.anagram import Query, RackError, anagram, parse_query
from solvers.lexicon import Lexicon

MODE_CHOICES = [
    app_commands.Choice(name="exact: use every tile", value="exact"),
    app_commands.Choice(name="sub: shorter words too", value="sub"),
]
LEXICON_CHOICES = [
    app_commands.Choice(name="full: ~243k words, close to a Scrabble list", value="full"),
    app_commands.Choice(name="common: ~61k everyday words", value="common"),
]


def solve_pages(lexicon: Lexicon, query: Query) -> list[discord.Embed]:
    """Solve and lay out the pages (CPU work: run off the event loop)."""
    return anagram_pages(query, anagram(lexicon, query), lexicon.name)


class Anagram(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="anagram", description="Every word a Scrabble rack makes (? is a blank)")
    @app_commands.describe(
        rack="Your tiles, e.g. AALNST? (up to 15 tiles; ? is a blank, at most 3)",
        board="Letters on the board to play through, e.g. I",
        mode="exact: words using every tile (default); sub: shorter words too",
        lexicon="Word list: full (default) or common",
    )
    @app_commands.choices(mode=MODE_CHOICES, lexicon=LEXICON_CHOICES)
    async def anagram(
        self,
        interaction: discord.Interaction,
        rack: str,
        board: str | None = None,
        mode: app_commands.Choice[str] | None = None,
        lexicon: app_commands.Choice[str] | None = None,
    ) -> None:
        try:
            query = parse_query(rack, board or "", mode.value if mode else "exact")
        except RackError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        name = lexicon.value if lexicon else await self._guild_lexicon(interaction.guild_id)
        pages = await asyncio.to_thread(solve_pages, self.bot.lexicons[name], query)
        await Paginator.start(interaction, pages, command="anagram")

    async def _guild_lexicon(self, guild_id: int | None) -> str:
        if guild_id is None:
            return "full"
        return (await self.bot.db.guild_settings(guild_id)).anagram_lexicon


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Anagram(bot))
