"""The word ladder's together days in Discord's private replies: the team's climb (/ladder today,
My ladder), Undo and Restart pressed on the post, the next day's post crediting the team. The
cog (``bot.games.ladder.cog``) sends them; typed play is the room's (``bot.games.ladder.rooms``)."""

from __future__ import annotations

import datetime as dt

import discord

from bot.daily.play import Refusal, Via
from bot.games.ladder import team_text
from bot.games.ladder.game import Played, Ruling
from bot.games.ladder.rooms import mention, news, progress_embed, spoiled
from bot.games.ladder.together import LadderTeam, TeamMoves, TeamPlay
from bot.games.together.chain import TeamCommand
from bot.games.together.rooms import Rooms
from bot.observe import metrics_bot
from bot.views import send_notice

QUIET = discord.AllowedMentions.none()
Move = Played | TeamPlay | TeamCommand


def took_nothing(move: Move) -> bool:
    """A move that changed nothing (its first rung refused, the ladder solved or full, nothing to
    undo, another's rung): counted refused in the metrics."""
    if isinstance(move, TeamCommand):
        return move.took_nothing
    return not move.result.played and move.result.outcome is not Ruling.PLAYED


def moves(interaction: discord.Interaction, team: LadderTeam) -> TeamMoves:
    """The team game as the post buttons' ``TakesMoves``, knowing whether the player is a moderator."""
    channel = interaction.channel
    moderator = bool(channel is not None and isinstance(interaction.user, discord.Member)
                     and channel.permissions_for(interaction.user).manage_messages)
    return TeamMoves(team, moderator)


async def team_command(interaction: discord.Interaction, team: LadderTeam, rooms: Rooms, action: str,
                       date: dt.date) -> None:
    """Undo or Restart pressed on a together day's post: the team's climb, as typed in its thread."""
    done = await moves(interaction, team).take(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                               action, post_date=date, via=Via.POST)
    if isinstance(done, Refusal):
        await send_notice(interaction, done.message)
        return
    if took_nothing(done):
        metrics_bot.note_refused(interaction)
    await rooms.heard(news(done))
    await interaction.response.send_message(team_text.command_line(done, mention), ephemeral=True,
                                            allowed_mentions=QUIET)


async def send_team_climb(interaction: discord.Interaction, team: LadderTeam, date: dt.date, share_view) -> None:
    """The team's climb of a together day, privately, with Share once it has a rung (``share_view``)."""
    progress = await team.progress(interaction.guild_id, date)
    shared = {"view": share_view} if progress.chain.words else {}
    await interaction.response.send_message(embed=progress_embed(progress), ephemeral=True, allowed_mentions=QUIET,
                                            **shared)


async def team_result(team: LadderTeam, guild_id: int, date: dt.date) -> str | None:
    """The team's result of ``date`` for the next day's post, when that day was played together."""
    if not await team.is_together(guild_id, date):
        return None
    return team_text.result_line(await team.progress(guild_id, date), mention, spoiled)
