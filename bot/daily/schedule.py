"""When a daily game posts: a guild's local day, the post instant, daylight saving, set-up values.

Pure date arithmetic, shared by every daily game; no database and no Discord.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.daily.zones import Unreadable, matching_zones, read_time, read_zone
from solvers.screen import quoted


class SetupError(ValueError):
    """A schedule that cannot be used; the message says what to fix."""


class Play(enum.StrEnum):
    """How a server plays a daily game. A schedule holds the style of its next posts; a day keeps
    the style it was posted with (``DailyCalendar.play_style``)."""

    SOLO = "solo"  # each player alone, privately: the game as it always was
    TOGETHER = "together"  # the server plays one game of the day, in a thread of the day's post


@dataclass(frozen=True, slots=True)
class Schedule:
    """Where and when a guild gets a game's daily post. ``timezone`` is the guild's."""

    game: str
    guild_id: int
    channel_id: int
    post_time: dt.time
    timezone: str
    active: bool = True
    play: Play = Play.SOLO
    ping_role: int | None = None  # the role each post pings (the only ping the bot sends); None: nobody

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def local_date(self, now: dt.datetime) -> dt.date:
        return now.astimezone(self.zone).date()

    def post_instant(self, date: dt.date) -> dt.datetime:
        """When the post of ``date`` is due, in UTC. A local time that a daylight-saving jump
        skips is read with the offset before the jump (02:30 on a spring-forward night posts
        at 03:30); a time that occurs twice posts at its first occurrence."""
        return dt.datetime.combine(date, self.post_time, tzinfo=self.zone).astimezone(dt.UTC)

    def next_post(self, now: dt.datetime) -> dt.datetime:
        """The first post instant after ``now``."""
        date = self.local_date(now)
        instant = self.post_instant(date)
        return instant if instant > now else self.post_instant(date + dt.timedelta(days=1))

    def is_due(self, now: dt.datetime) -> bool:
        """Whether the post of the local today is due (made or not)."""
        return now >= self.post_instant(self.local_date(now))


def parse_post_time(text: str) -> dt.time:
    """A time of day as an admin types it (``bot.daily.zones.read_time``), or SetupError saying how."""
    try:
        return read_time(text)
    except Unreadable as error:
        raise SetupError(f"{error} Not {quoted(repr(str(text)[:20]), 'that')}.") from None


def parse_timezone(name: str) -> str:
    """A zone of the tz database from what an admin types (``bot.daily.zones.read_zone``), or SetupError."""
    try:
        zone = read_zone(name).name
    except Unreadable as error:
        raise SetupError(f"{quoted(repr(str(name).strip()[:40]), 'That')} is not a time zone I know. {error}") from None
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise SetupError(f"Time zone {zone!r} has no data on this machine.") from None
    return zone


def matching_timezones(text: str, limit: int = 25) -> list[str]:
    """Time zones for the autocomplete, best first (``bot.daily.zones.matching_zones``)."""
    return [zone for _, zone in matching_zones(text, limit)]


def local_today(timezone: str | None, now: dt.datetime) -> dt.date:
    """A guild's (or a player's) date: in its time zone, or UTC's for one never set or not known."""
    try:
        return now.astimezone(ZoneInfo(timezone) if timezone else dt.UTC).date()
    except (KeyError, ValueError):
        return now.astimezone(dt.UTC).date()
