"""SimCord's real-time fallbacks of the bot's cancelled timers are cancelled with them
(tests/simcord_timers.py): days of daily posts leave the event loop as few timers as one day."""

import asyncio

from bot.plugins import DAILY_GAMES
from tests.bot.daily.test_daily_posts import HOUR, Channel


def fallbacks_on_the_loop() -> int:
    loop = asyncio.get_running_loop()
    return sum(1 for handle in loop._scheduled  # what SimCord scans for every parked task at every settle
               if not handle.cancelled() and "run_real" in getattr(handle._callback, "__qualname__", ""))


async def test_days_of_posts_leave_no_more_timers_than_one_day(simcord_env):
    club = Channel(simcord_env, DAILY_GAMES["bee"])
    await club.setup(time="09:00", timezone="UTC")
    await simcord_env.advance_time(24 * HOUR)
    after_one_day = fallbacks_on_the_loop()
    for _ in range(6):
        await simcord_env.advance_time(24 * HOUR)
    assert len(club.posts()) == 7
    assert fallbacks_on_the_loop() == after_one_day  # SimCord alone: two more a day, for every day to come
