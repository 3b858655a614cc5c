"""What every daily game's cog shares: /<game> setup and stop, the time-zone autocomplete,
"play in the game's channel", "that post was for another day", and channel announcements."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

import discord
from discord import app_commands

from bot.daily.calendar import NoSchedule
from bot.daily.info import GameInfo
from bot.daily.posts import DailyPoster
from bot.daily.schedule import Schedule, SetupError, matching_timezones
from bot.games import GAMES
from bot.text import long_date, permission_name

log = logging.getLogger(__name__)

POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")
QUIET = discord.AllowedMentions.none()


async def setup_game(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo,
                     channel: discord.TextChannel, time: str, timezone: str) -> None:
    """/<game> setup: check the bot can post there, store the schedule, say when the first post comes."""
    missing = [p for p in POST_PERMISSIONS if not getattr(channel.permissions_for(channel.guild.me), p)]
    if missing:
        needed = ", ".join(permission_name(p) for p in missing)
        await interaction.response.send_message(f"I can't post in {channel.mention}: give me {needed} there, then try again.", ephemeral=True)
        return
    others = [s for s in await daily.calendar.store.guild_schedules(interaction.guild_id) if s.game != game.key and s.active]
    try:
        schedule = await daily.calendar.setup(game, interaction.guild_id, channel.id, time, timezone, interaction.user.id)
    except SetupError as error:
        await interaction.response.send_message(str(error), ephemeral=True)
        return
    next_post, posting_now = await daily.calendar.first_post(schedule)
    moved = [s for s in others if s.timezone != schedule.timezone]  # the time zone is the server's, for every game
    await interaction.response.send_message(setup_reply(game, schedule, next_post, posting_now, moved), ephemeral=True)
    daily.restart()


async def stop_game(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo) -> None:
    stopped = await daily.calendar.stop(game, interaction.guild_id, interaction.user.id)
    text = (f"The daily {game.title} is stopped. `/{game.command} setup` starts it again." if stopped
            else f"There is no {game.title} running in this server.")
    await interaction.response.send_message(text, ephemeral=True)
    daily.restart()


def setup_reply(game: GameInfo, schedule: Schedule, next_post: dt.datetime, posting_now: bool,
                moved: Sequence[Schedule] = ()) -> str:
    """The reply to /<game> setup; ``moved``: the other games' schedules as they were, whose time
    zone this setup changed (the server has one time zone)."""
    when = f"<t:{int(next_post.timestamp())}:F>"
    first = f"Today's {game.thing} is being posted now." if posting_now else f"The first {game.thing} arrives {when}."
    lines = [f"{game.emoji} The {game.title} will be posted in <#{schedule.channel_id}> every day at "
             f"{schedule.post_time:%H:%M} ({schedule.timezone}). {first}"]
    for other in moved:
        title = GAMES[other.game].title if other.game in GAMES else other.game
        lines.append(f"The server has one time zone, so the {title} moves too: it now posts at "
                     f"{other.post_time:%H:%M} {schedule.timezone} (was {other.post_time:%H:%M} {other.timezone}).")
    return "\n".join(lines)


async def timezone_choices(current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=zone, value=zone) for zone in matching_timezones(current)]


async def todays_game(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo,
                      post_date: dt.date | None = None) -> tuple[Schedule, dt.date] | None:
    """The guild's schedule and local date, or None after telling the user why not (no game
    here, or a button of an older post)."""
    try:
        schedule, date = await daily.calendar.today(game, interaction.guild_id)
    except NoSchedule as error:
        await interaction.response.send_message(str(error), ephemeral=True)
        return None
    if post_date is not None and post_date != date:
        await interaction.response.send_message(
            f"That {game.thing} was for {long_date(post_date)}. Today's {game.thing} is in the newest post in "
            f"<#{schedule.channel_id}>.", ephemeral=True)
        return None
    return schedule, date


async def in_game_channel(interaction: discord.Interaction, game: GameInfo, schedule: Schedule) -> bool:
    """True in the game's channel; elsewhere, tells the player where to play."""
    if interaction.channel_id == schedule.channel_id:
        return True
    await interaction.response.send_message(f"Play the {game.title} in <#{schedule.channel_id}>.", ephemeral=True)
    return False


async def announce(client: discord.Client, schedule: Schedule, text: str) -> None:
    """Say something in the game's channel, pinging nobody."""
    channel = client.get_channel(schedule.channel_id)
    try:
        if channel is not None:
            await channel.send(text, allowed_mentions=QUIET)
    except discord.HTTPException:
        log.warning("Could not announce in channel %s of guild %s", schedule.channel_id, schedule.guild_id, exc_info=True)
