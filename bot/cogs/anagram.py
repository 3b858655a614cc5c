"""/anagram: every word a Scrabble rack makes."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot import formatting
from bot.views import Paginator
from solvers.anagram import RackError, anagram, parse_board, parse_mode, parse_rack
from solvers.lexicon import Lexicon

PAGE_CHARS = 1800
LINE_CHARS = 60
COLOUR = discord.Colour.from_rgb(88, 101, 242)

MODE_CHOICES = [
    app_commands.Choice(name="exact: use every tile", value="exact"),
    app_commands.Choice(name="sub: shorter words too", value="sub"),
]
LEXICON_CHOICES = [
    app_commands.Choice(name="full: ~243k words, close to a Scrabble list", value="full"),
    app_commands.Choice(name="common: ~61k everyday words", value="common"),
]


def anagram_pages(lexicon: Lexicon, rack: str, board: str, mode: str) -> list[discord.Embed]:
    """Solve, then lay the words out as embeds grouped by length (CPU work: run off the loop)."""
    results = anagram(lexicon, rack, board, mode)
    tiles, through = parse_rack(rack), parse_board(board)
    title = f"{formatting.describe_query(tiles, through, mode)}: {formatting.count_phrase(len(results), tiles, through, mode)}"
    if not results:
        return [discord.Embed(title=title, colour=COLOUR, description=_no_words_hint(mode, through))]
    bodies = _page_bodies(formatting.length_groups(results, show_board=len(through) > 1))
    pages = []
    for number, body in enumerate(bodies, start=1):
        embed = discord.Embed(title=title, colour=COLOUR, description=body)
        footer = f"{formatting.BLANK_LEGEND} · lexicon: {lexicon.name}"
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


def _no_words_hint(mode: str, board: str) -> str:
    if mode == "exact":
        return "No word uses every tile" + (" plus a board letter" if board else "") + ". Try `mode: sub` for shorter words."
    return "No word of two or more letters can be made from these tiles."


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
        mode_name = mode.value if mode else "exact"
        try:
            parse_rack(rack), parse_board(board or ""), parse_mode(mode_name)
        except RackError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        name = lexicon.value if lexicon else await self._guild_lexicon(interaction.guild_id)
        pages = await asyncio.to_thread(anagram_pages, self.bot.lexicons[name], rack, board or "", mode_name)
        if len(pages) == 1:
            await interaction.response.send_message(embed=pages[0])
            return
        view = Paginator(pages, interaction.user.id, command="anagram")
        await interaction.response.send_message(embed=pages[0], view=view)
        view.message = await interaction.original_response()

    async def _guild_lexicon(self, guild_id: int | None) -> str:
        if guild_id is None:
            return "full"
        return (await self.bot.store.guild_settings(guild_id)).anagram_lexicon


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Anagram(bot))
