"""/leaderboard and /stats, for every daily game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.boards import embeds
from bot.boards.boards import BOARD_GAMES, PERIODS, Board, Leaderboards
from bot.boards.card import render_leaderboard
from bot.boards.picture import render_stats
from bot.boards.teams import TEAM_CHOICES, TEAM_KEYS, team_view
from bot.boards.text import CARD_ROWS, PERIOD_NAMES, board_alt, boards_said, stats_alt
from bot.daily.schedule import Play
from bot.pictures import png
from bot.plugins import DAILY_GAMES
from bot.text import markdown_bold
from bot.views import Page, page_sources, send_pages

if TYPE_CHECKING:
    from bot.host import Host

GAME_CHOICES = ([app_commands.Choice(name=info.title, value=key) for key, info in BOARD_GAMES.items()]
                + [app_commands.Choice(name=name, value=value) for name, value in TEAM_CHOICES])
PERIOD_CHOICES = [app_commands.Choice(name=PERIOD_NAMES[p], value=p) for p in PERIODS]
DEFAULT_GAME = next(iter(DAILY_GAMES))
QUIET = discord.AllowedMentions.none()
# /stats answers privately unless asked to post: stats are looked up far more often than shown
# off, and each public answer is a picture in the channel everyone scrolls past.
STATS_PRIVATE = True
STATS_PRIVATE_HELP = "Only you see the answer (default: True); False posts it in the channel for everyone"


class BoardPages:
    """Leaderboard pages rebuilt on demand from ``game:period`` (the guild and caller come with the click)."""

    command = "leaderboard"

    def __init__(self, boards: Leaderboards) -> None:
        self.boards = boards

    async def board(self, interaction: discord.Interaction, state: str) -> Board:
        game, period = state.split(":")
        return await self.boards.board(game, interaction.guild_id, period, interaction.user.id)

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        """A page of the board. Every page of a board with players shows the card, drawn anew with
        the page (the same live standings), and attached again: an edit that changes only the embed
        of a message with an attachment makes Discord show the picture twice."""
        board = await self.board(interaction, state)
        pages = embeds.board_pages(board, card=bool(board.standings))
        number = min(number, len(pages) - 1)
        files = (await self.card(interaction, board),) if board.standings else ()
        return Page(pages[number], number, len(pages), files)

    async def card(self, interaction: discord.Interaction, board: Board) -> discord.File:
        shown = [s.user_id for s in board.standings[:CARD_ROWS]] + ([board.caller.user_id] if board.caller else [])
        names = await names_for(interaction, self.boards, shown)
        data = await png.drawn(render_leaderboard, board, names)
        return embeds.picture(data, embeds.CARD_FILE, board_alt(board, names))


async def names_for(interaction: discord.Interaction, boards: Leaderboards, user_ids: list[int]) -> dict[int, str]:
    """Names to draw: each member's display name in this server, else the name the players table
    last saw (a player who left); a player with neither is drawn as "player 1234"."""
    stored = await boards.store.player_names(interaction.guild_id) if interaction.guild_id is not None else {}
    names = {}
    for user_id in user_ids:
        member = interaction.guild.get_member(user_id) if interaction.guild is not None else None
        if member is None and user_id == interaction.user.id:
            member = interaction.user
        name = member.display_name if member is not None else stored.get(user_id)
        if name:
            names[user_id] = name
    return names


class Boards(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.boards = Leaderboards(bot.db, clock=discord.utils.utcnow)
        self.pages = BoardPages(self.boards)

    async def cog_load(self) -> None:
        page_sources(self.bot)["board"] = self.pages

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("board", None)

    @app_commands.command(name="leaderboard", description="Who scored most today, this week, this month or ever")
    @app_commands.describe(game="Which game (default: the games this server plays, as it plays them)",
                           period="today, this week (default), this month, all time")
    @app_commands.choices(game=GAME_CHOICES, period=PERIOD_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None,
                          period: app_commands.Choice[str] | None = None) -> None:
        span = period.value if period else "week"
        keys = [game.value] if game is not None else await self.default_boards(interaction.guild_id)
        said = {"content": boards_said(keys, TEAM_KEYS)} if game is None and keys else {}
        keys = keys or [DEFAULT_GAME]
        for key in keys:
            if key in TEAM_KEYS:
                await self.send_team(interaction, key, span, **said)
            else:
                state = f"{key}:{span}"
                await send_pages(interaction, "board", state, await self.pages.page(interaction, state, 0),
                                 allowed_mentions=QUIET, **said)
            said = {}

    async def default_boards(self, guild_id: int) -> list[str]:
        """What /leaderboard shows without a game: the board of each daily game the server posts, as
        it plays it (the team's board where it plays together), in the games' order (none: it posts
        none)."""
        order = list(DAILY_GAMES)
        schedules = sorted((s for s in await self.bot.daily.calendar.store.guild_schedules(guild_id)
                            if s.active and s.game in DAILY_GAMES), key=lambda s: order.index(s.game))
        keys = [DAILY_GAMES[s.game].together if s.play is Play.TOGETHER and DAILY_GAMES[s.game].together
                else s.game for s in schedules]
        return keys

    @app_commands.command(name="stats", description="A player's year as a calendar, days played, points and streaks")
    @app_commands.describe(user="Whose stats (default: yours)", game="Which game (default: Spelling Bee)",
                           private=STATS_PRIVATE_HELP)
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: app_commands.Choice[str] | None = None, private: bool = STATS_PRIVATE) -> None:
        target = user or interaction.user
        key = game.value if game else DEFAULT_GAME
        if key in TEAM_KEYS:  # the team's days, all time, with everyone's part in them
            await self.send_team(interaction, key, "all", private)
            return
        stats = await self.boards.stats(key, interaction.guild_id, target.id)
        year = await self.boards.year(key, interaction.guild_id, target.id, stats.today)
        if not (stats.days_played or year.levels):  # nothing to draw: the text says so
            await interaction.response.send_message(embed=embeds.stats_embed(stats), allowed_mentions=QUIET,
                                                    ephemeral=private)
            return
        data = await png.drawn(render_stats, stats, year, target.display_name)
        picture = embeds.picture(data, embeds.STATS_FILE, stats_alt(stats, year, target.display_name))
        await interaction.response.send_message(embed=embeds.stats_embed(stats, with_picture=True), file=picture,
                                                allowed_mentions=QUIET, ephemeral=private)

    async def send_team(self, interaction: discord.Interaction, key: str, period: str, private: bool = False,
                        **options) -> None:
        """A team view of the days the server played a game together (``bot.boards.teams``): the
        reply, or a follow-up of one."""
        view = await team_view(self.bot.db, key, interaction.guild_id, period,
                               await self.boards.today(interaction.guild_id))
        lines = view.lines(lambda user: f"<@{user}>", markdown_bold)  # sent with no allowed mentions: never a ping
        embed = discord.Embed(title=view.title, colour=embeds.COLOUR, description="\n".join(lines))
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, allowed_mentions=QUIET, ephemeral=private, **options)
        else:
            await interaction.response.send_message(embed=embed, allowed_mentions=QUIET, ephemeral=private, **options)


async def setup(bot: Host) -> None:
    await bot.add_cog(Boards(bot))
