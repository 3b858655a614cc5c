"""/leaderboard and /stats."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot import board_messages as messages
from bot.games.leaderboard import GAMES, PERIODS, Leaderboards
from bot.views import Paginator

GAME_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in GAMES.items()]
PERIOD_CHOICES = [app_commands.Choice(name=messages.PERIOD_NAMES[p], value=p) for p in PERIODS]


class Boards(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.boards = Leaderboards(bot.store, clock=discord.utils.utcnow)

    @app_commands.command(name="leaderboard", description="Who scored most today, this week, this month or ever")
    @app_commands.describe(game="Which game (default: Spelling Bee)", period="today, this week (default), this month, all time")
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        board = await self.boards.board(game.value if game else "bee", interaction.guild_id,
                                        period.value if period else "week", interaction.user.id)
        pages = messages.board_pages(board)
        if len(pages) == 1:
            await interaction.response.send_message(embed=pages[0], allowed_mentions=discord.AllowedMentions.none())
            return
        view = Paginator(pages, interaction.user.id, command="leaderboard")
        await interaction.response.send_message(embed=pages[0], view=view, allowed_mentions=discord.AllowedMentions.none())
        view.message = await interaction.original_response()

    @app_commands.command(name="stats", description="Days played, points, streaks and the last week of a player")
    @app_commands.describe(user="Whose stats (default: yours)", game="Which game (default: Spelling Bee)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: app_commands.Choice[str] | None = None) -> None:
        target = user or interaction.user
        stats = await self.boards.stats(game.value if game else "bee", interaction.guild_id, target.id)
        await interaction.response.send_message(embed=messages.stats_embed(stats), allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Boards(bot))
