"""When a daily game posts: a guild's local day, the post instant, daylight saving, set-up values.

Pure date arithmetic, shared by every daily game; no database and no Discord.
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import re
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from solvers.screen import quoted

_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


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
    match = _TIME.fullmatch(str(text).strip())
    if not match:
        raise SetupError(f"Give the time as HH:MM on a 24-hour clock, e.g. 09:00 or 18:30; not {quoted(repr(str(text)[:20]), 'that')}.")
    return dt.time(int(match[1]), int(match[2]))


def parse_timezone(name: str) -> str:
    name = str(name).strip()
    if name not in _zones():
        raise SetupError(
            f"{quoted(repr(name[:40]), 'That')} is not a time zone I know. Pick one from the list, e.g. Europe/London or America/New_York."
        )
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise SetupError(f"Time zone {name!r} has no data on this machine.")  # one of the known zones from None
    return name


def matching_timezones(text: str, limit: int = 25) -> list[str]:
    """Time zones containing ``text`` (case-insensitive), best matches first, for autocomplete."""
    needle = str(text).strip().lower().replace(" ", "_")
    zones = sorted(_zones())
    if not needle:
        return [z for z in zones if z.startswith(("America/", "Europe/", "Asia/", "Australia/"))][:limit]
    hits = [z for z in zones if needle in z.lower()]
    hits.sort(key=lambda z: (not z.lower().rsplit("/", 1)[-1].startswith(needle), not z.lower().startswith(needle), z))
    return hits[:limit]


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(z for z in available_timezones() if "/" in z or z == "UTC")


def local_today(timezone: str | None, now: dt.datetime) -> dt.date:
    """A guild's date: in its time zone, or UTC's for a guild that never set one."""
    return now.astimezone(ZoneInfo(timezone) if timezone else dt.UTC).date()
