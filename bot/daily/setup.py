"""What every daily game's cog shares: /<game> setup and stop, the play style (setup's ``play:``
and /settings), the time-zone autocomplete, a refusal shown (``bot.daily.play``), and channel
announcements."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Sequence

import discord
from discord import app_commands

from bot.daily import zone_choice
from bot.daily.calendar import DailyCalendar, NoSchedule
from bot.daily.play import DailyPlay, Day, Refusal, Via
from bot.daily.posts import DailyPoster
from bot.daily.schedule import Play, Schedule, SetupError, parse_post_time, parse_timezone
from bot.daily.zones import Unreadable, matching_zones, read_zone, shown_zone
from bot.observe import metrics_bot
from bot.plugins import DAILY_GAMES, GameInfo, daily_plugin
from bot.text import permission_name
from bot.views import send_notice

log = logging.getLogger(__name__)

POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
"""What playing together needs besides posting: without them the day is played in the channel itself."""
PLAY_CHOICES = [app_commands.Choice(name="solo: each player alone, privately (the default)", value=Play.SOLO.value),
                app_commands.Choice(name="together: the server plays one game in a thread of each day's post",
                                    value=Play.TOGETHER.value)]
"""The ``play:`` option of /<game> setup and /settings."""
QUIET = discord.AllowedMentions.none()


def solo_only(game: GameInfo, play: str | Play | None) -> str | None:
    """A game without together days (``GameInfo.together`` is None) is played alone: asking to
    play it together is refused in one line; None otherwise."""
    if game.together is None and play is not None and Play(play) is Play.TOGETHER:
        return f"The {game.title} is played alone, each player privately: it has no together play yet."
    return None


async def setup_game(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo,
                     channel: discord.TextChannel, time: str, timezone: str, play: str | None = None,
                     role: discord.Role | None = None) -> None:
    """/<game> setup: check the bot can post there, store the schedule (and its play style:
    None keeps the one set before, solo for a new game; and the role its posts ping: None keeps
    the one set before), say when the first post comes and what the style changes. A setup that
    would move the other games' time zone asks first (``bot.daily.zone_choice``)."""
    if missing := lacking(channel, POST_PERMISSIONS):
        await send_notice(interaction, f"I can't post in {channel.mention}: give me {missing} there, then try again.")
        return
    if role is not None and (refused := role_refusal(role)):
        await send_notice(interaction, refused)
        return
    if (refused := solo_only(game, play)) is not None:
        await send_notice(interaction, refused)
        return
    if (refused := await channel_taken(daily.calendar, interaction.guild_id, game, channel)) is not None:
        await send_notice(interaction, refused)
        return
    try:
        request = zone_choice.Request(game.key, channel.id, parse_post_time(time), play, role.id if role else None,
                                      parse_timezone(timezone))
    except SetupError as error:
        await send_notice(interaction, str(error))
        return
    others = [s for s in await daily.calendar.store.guild_schedules(interaction.guild_id)
              if s.game != game.key and s.active and s.timezone != request.zone]
    if others:
        text = "\n".join(filter(None, (zone_read_as(timezone), zone_choice.question(game, request, others))))
        await interaction.response.send_message(text, view=zone_choice.view(request, others[0].timezone),
                                                ephemeral=True)
        return
    await finish_setup(interaction, daily, game, channel, request, read_as=zone_read_as(timezone))


async def channel_taken(calendar: DailyCalendar, guild_id: int, game: GameInfo,
                        channel: discord.TextChannel) -> str | None:
    """One channel, one daily game of a kind: a channel that runs the game in another language
    (the French bee in #abeille) is refused to this one in a line saying what to do; None otherwise.
    (A slash command in a channel plays the language that channel runs.)"""
    kind = daily_plugin(game.key)
    kin = {game_info.key for game_info in (kind.daily, *kind.variants) if game_info is not None} - {game.key}
    for schedule in await calendar.store.guild_schedules(guild_id):
        if schedule.game in kin and schedule.active and schedule.channel_id == channel.id:
            return (f"{channel.mention} already runs the {DAILY_GAMES[schedule.game].title}, and a channel runs "
                    f"one language's: pick another channel for the {game.title}.")
    return None


async def finish_setup(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo,
                       channel: discord.TextChannel,
                       request: zone_choice.Request, read_as: str | None = None, edit: bool = False) -> None:
    """Store a setup and answer it (``edit``: in place of the time-zone question it answers)."""
    calendar = daily.calendar
    every = await calendar.store.guild_schedules(interaction.guild_id)  # each holds the server's zone
    others = [s for s in every if s.game != game.key and s.active]
    zone = request.zone or next((s.timezone for s in every), "UTC")
    before = await calendar.store.schedule(game.key, interaction.guild_id)
    try:
        schedule = await calendar.setup(game, interaction.guild_id, channel.id, f"{request.post_time:%H:%M}", zone,
                                        interaction.user.id, Play(request.play) if request.play else None,
                                        request.role_id)
    except SetupError as error:
        await send_notice(interaction, str(error))
        return
    next_post, posting_now = await calendar.first_post(schedule)
    moved = [s for s in others if s.timezone != schedule.timezone]  # the time zone is the server's, for every game
    lines = [setup_reply(game, schedule, next_post, posting_now, moved), read_as or ""]
    lines += ping_lines(channel, schedule)
    lines += await play_lines(calendar, game, schedule, before.play if before else Play.SOLO, channel)
    text = "\n".join(line for line in lines if line)
    if edit:
        await interaction.response.edit_message(content=text, view=None)
    else:
        await interaction.response.send_message(text, ephemeral=True)
    await daily.changed(interaction.guild_id)


def role_refusal(role: discord.Role) -> str | None:
    """Why a role cannot be the one a game's posts ping, or None."""
    if role.is_default():
        return "Pick a role that players take to be pinged, not @everyone: the bot never pings the whole server."
    if role.managed:
        return f"{role.mention} belongs to a bot or an integration: pick a role that players take to be pinged."
    return None


def ping_lines(channel: discord.TextChannel, schedule: Schedule) -> list[str]:
    """What the post pings, and what keeps the ping from reaching anyone."""
    if schedule.ping_role is None:
        return []
    role = channel.guild.get_role(schedule.ping_role)
    if role is None:
        return ["The role the posts pinged is gone: `/settings stop_pinging:` clears it, or name "
                "a new one with `role:`."]
    lines = [f"Each post pings {role.mention}, the only ping I ever send. `/settings stop_pinging:` stops it."]
    if not role.mentionable and not channel.permissions_for(channel.guild.me).mention_everyone:
        lines.append(f"To reach {role.mention}, turn on \"Allow anyone to @mention this role\" in its settings, "
                     f"or give me {permission_name('mention_everyone')} in <#{schedule.channel_id}>.")
    return lines


def zone_read_as(typed: str) -> str | None:
    """How a time zone typed at setup was read, when it was not a zone's own name."""
    try:
        return read_zone(typed).read_as
    except Unreadable:
        return None


async def switch_play(interaction: discord.Interaction, calendar: DailyCalendar, game: GameInfo, play: Play) -> str:
    """/settings play: switch the style of the game's next posts; the reply."""
    if (refused := solo_only(game, play)) is not None:
        metrics_bot.note_refused(interaction)  # said as the reply
        return refused
    before = await calendar.store.schedule(game.key, interaction.guild_id)
    try:
        schedule = await calendar.set_play(game, interaction.guild_id, play, interaction.user.id)
    except NoSchedule as error:
        metrics_bot.note_refused(interaction)  # said among the reply's lines
        return str(error)
    channel = interaction.guild.get_channel(schedule.channel_id) if interaction.guild else None
    lines = await play_lines(calendar, game, schedule, before.play, channel)
    if not lines:
        lines = [f"The server already plays the {game.title} "
                 f"{'alone, each player privately' if play is Play.SOLO else 'together'}."]
    if not schedule.active:
        lines.append(f"The {game.title} is stopped in this server: /{game.command} setup starts it again.")
    return "\n".join(lines)


async def play_lines(calendar: DailyCalendar, game: GameInfo, schedule: Schedule, before: Play,
                     channel: discord.abc.GuildChannel | None) -> list[str]:
    """What a schedule's play style means, said when it is together or was just switched: from
    when it applies (the day being played keeps its own), and the thread permissions it lacks."""
    lines, where = [], f"<#{schedule.channel_id}>"
    if schedule.play is Play.TOGETHER:
        lines.append(f"From the next post, the server plays one {game.title} together in a thread of each day's post."
                     if before is not Play.TOGETHER else
                     f"The server plays the {game.title} together, in a thread of each day's post.")
        if channel is not None and (missing := lacking(channel, THREAD_PERMISSIONS)):
            lines.append(f"I can't open threads in {where}: give me {missing} there. "
                         f"Until then the server plays together in {where} itself.")
    elif before is Play.TOGETHER:
        lines.append(f"From the next post, each player plays the {game.title} alone again, privately.")
    if before is not schedule.play and \
            (kept := await _todays_style(calendar, game, schedule)) not in (None, schedule.play):
        lines.append(f"Today's {game.thing} stays {kept.value}.")
    return lines


def lacking(channel: discord.abc.GuildChannel, permissions: Sequence[str]) -> str:
    """The permissions the bot lacks in ``channel``, as Discord names them (empty: none)."""
    mine = channel.permissions_for(channel.guild.me)
    return ", ".join(permission_name(p) for p in permissions if not getattr(mine, p))


async def _todays_style(calendar: DailyCalendar, game: GameInfo, schedule: Schedule) -> Play | None:
    """The style of the day being played when its post is made (None before the first post)."""
    try:
        _, date = await calendar.today(game, schedule.guild_id)
    except NoSchedule:
        return None
    return await calendar.store.post_play(game.key, schedule.guild_id, date)


async def stop_game(interaction: discord.Interaction, daily: DailyPoster, game: GameInfo) -> None:
    stopped = await daily.calendar.stop(game, interaction.guild_id, interaction.user.id)
    if stopped:
        await interaction.response.send_message(f"The daily {game.title} is stopped. `/{game.command} "
                                                "setup` starts it again.",
                                                ephemeral=True)
    else:
        await send_notice(interaction, f"There is no {game.title} running in this server.")
    await daily.changed(interaction.guild_id)


def setup_reply(game: GameInfo, schedule: Schedule, next_post: dt.datetime, posting_now: bool,
                moved: Sequence[Schedule] = ()) -> str:
    """The reply to /<game> setup; ``moved``: the other games' schedules as they were, whose time
    zone this setup changed (the server has one time zone)."""
    when = f"<t:{int(next_post.timestamp())}:F>"
    first = f"Today's {game.thing} is being posted now." if posting_now else f"The first {game.thing} arrives {when}."
    lines = [f"{game.emoji} The {game.title} will be posted in <#{schedule.channel_id}> every day at "
             f"{schedule.post_time:%H:%M} ({shown_zone(schedule.timezone)}). {first}"]
    for other in moved:
        title = DAILY_GAMES[other.game].title if other.game in DAILY_GAMES else other.game
        lines.append(f"The server has one time zone, so the {title} moves too: it now posts at "
                     f"{other.post_time:%H:%M} {shown_zone(schedule.timezone)} "
                     f"(was {other.post_time:%H:%M} {shown_zone(other.timezone)}).")
    return "\n".join(lines)


async def timezone_choices(current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=shown, value=zone) for shown, zone in matching_zones(current)]


async def todays_game(interaction: discord.Interaction, days: DailyPlay,
                      post_date: dt.date | None = None) -> Day | None:
    """The day a player looks at (hints, found, today) or a post's button acts on (``post_date``:
    the post's day), or None after showing why not (``bot.daily.play``'s refusal)."""
    day = await days.day(interaction.guild_id, interaction.channel_id, post_date=post_date,
                         via=Via.LOOK if post_date is None else Via.POST)
    if isinstance(day, Refusal):
        await send_notice(interaction, day.message)
        return None
    return day


async def announce(client: discord.Client, schedule: Schedule, text: str) -> None:
    """Say something in the game's channel, pinging nobody."""
    channel = client.get_channel(schedule.channel_id)
    try:
        if channel is not None:
            await channel.send(text, allowed_mentions=QUIET)
    except discord.HTTPException:
        log.warning("Could not announce in channel %s of guild %s", schedule.channel_id, schedule.guild_id,
                    exc_info=True)
