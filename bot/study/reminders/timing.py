"""When a player's study reminder comes, and its timer (``bot.timers``, kind ``study-reminder``,
keyed by the player): kept by whoever changes the player's settings, the bot or the terminal, so
that the running bot finds it."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from zoneinfo import ZoneInfo

from bot.timers.store import TimerStore

STUDY_REMINDER = "study-reminder"


def next_time(times: Iterable[tuple[dt.time, str]], now: dt.datetime) -> dt.datetime | None:
    """The first moment after ``now`` at which one of ``times`` (a time of day in a zone) comes."""
    best = None
    for at, zone_name in times:
        try:
            zone = ZoneInfo(zone_name)
        except (KeyError, ValueError):
            zone = ZoneInfo("UTC")
        local = now.astimezone(zone).date()
        for day in (local, local + dt.timedelta(days=1), local + dt.timedelta(days=2)):
            moment = dt.datetime.combine(day, at, tzinfo=zone).astimezone(dt.UTC)
            if moment > now:
                best = moment if best is None or moment < best else best
                break
    return best


async def follow(timers: TimerStore, user_id: int, time: tuple[dt.time, str] | None, now: dt.datetime) -> None:
    """The player's reminder timer set to their next reminder (``time``: its local time and zone),
    or gone (None: no reminder)."""
    if time is None:
        await timers.cancel(STUDY_REMINDER, str(user_id))
    else:
        await timers.set(STUDY_REMINDER, str(user_id), next_time([time], now) or now, now=now)
