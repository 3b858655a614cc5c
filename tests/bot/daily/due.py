"""What the daily poster's timers would post now, across a calendar's schedules: the calendar's
own rule (``DailyCalendar.todays_post``) asked of every schedule this process posts for."""

import datetime as dt

from bot.daily.calendar import DailyCalendar
from bot.daily.schedule import Schedule


async def due_posts(calendar: DailyCalendar) -> list[tuple[Schedule, dt.date]]:
    """The schedules whose post of their local today is due and not made, with that day."""
    now, due = calendar.clock(), []
    for schedule in await calendar.posting_schedules():
        post = await calendar.todays_post(schedule, now)
        if post is not None and post[1] <= now:
            due.append((schedule, post[0]))
    return due
