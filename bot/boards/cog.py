"""/leaderboard and /stats, for every daily game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.boards import embeds
from bot.boards.boards import PERIODS, Leaderboards
from bot.boards.text import PERIOD_NAMES
from bot.games import GAMES
from bot.views import Page, page_sources, send_pages

GAME_CHOICES = [app_commands.Choice(name=info.title, value=key) for key, info in GAMES.items()]
PERIOD_CHOICES = [app_commands.Choice(name=PERIOD_NAMES[p], value=p) for p in PERIODS]
DEFAULT_GAME = next(iter(GAMES))
QUIET = discord.AllowedMentions.none()


class BoardPages:
    """Leaderboard pages rebuilt on demand from ``game:period`` (the guild and caller come with the click)."""

    command = "leaderboard"

    def __init__(self, boards: Leaderboards) -> None:
        self.boards = boards

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        game, period = state.split(":")
        pages = embeds.board_pages(await self.boards.board(game, interaction.guild_id, period, interaction.user.id))
        number = min(number, len(pages) - 1)
        return Page(pages[number], number, len(pages))


class Boards(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.boards = Leaderboards(bot.db, clock=discord.utils.utcnow)
        self.pages = BoardPages(self.boards)

    async def cog_load(self) -> None:
        page_sources(self.bot)["board"] = self.pages

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("board", None)

    @app_commands.command(name="leaderboard", description="Who scored most today, this week, this month or ever")
    @app_commands.describe(game="Which game (default: Spelling Bee)", period="today, this week (default), this month, all time")
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        state = f"{game.value if game else DEFAULT_GAME}:{period.value if period else 'week'}"
        await send_pages(interaction, "board", state, await self.pages.page(interaction, state, 0), allowed_mentions=QUIET)

    @app_commands.command(name="stats", description="Days played, points, streaks and the last week of a player")
    @app_commands.describe(user="Whose stats (default: yours)", game="Which game (default: Spelling Bee)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        target = user or interaction.user
        stats = await self.boards.stats(game.value if game else DEFAULT_GAME, interaction.guild_id, target.id)
        await interaction.response.send_message(embed=embeds.stats_embed(stats), allowed_mentions=QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Boards(bot))
