"""The words of a streak reminder and of /remind (no discord import)."""

from __future__ import annotations

import datetime as dt

from bot.plugins import GameInfo
from bot.reminders.store import STREAK_DAYS
from bot.text import plural


def reminder_text(game: GameInfo, streak: int, server: str, channel_id: int, ends: dt.datetime,
                  together: bool = False) -> str:
    """The private reminder: which streak (the player's together streak on a day the server plays
    together), where, and when the day ends (in the reader's own clock)."""
    kind = "together streak" if together else "streak"
    waiting = "the team is playing today's" if together else "today's"
    return (f"🔥 Your {game.title} {kind} of {plural(streak, 'day')} in {server} ends "
            f"<t:{int(ends.timestamp())}:R>: {waiting} {game.thing} in <#{channel_id}>.\n"
            f"-# You asked for this reminder; `/remind streak:False` in that server stops it.")


def asked_text(now_on: bool, changed: bool) -> str:
    """The reply to /remind."""
    if now_on:
        head = "Streak reminders are on." if changed else "Streak reminders were already on."
        return (f"{head} When your streak of a daily game here reaches {plural(STREAK_DAYS, 'day')} and you have not "
                "played today, I send you one direct message a few hours before the day ends. On a day the server "
                "plays together, your together streak counts: a day you found a word for the team. Keep direct "
                "messages from this server open to get it.")
    return "Streak reminders are off." if changed else "Streak reminders were already off."
