"""The words of a streak reminder and of /remind (no discord import)."""

from __future__ import annotations

import datetime as dt

from bot.plugins import GameInfo
from bot.reminders.store import STREAK_DAYS
from bot.text import plural


def reminder_text(game: GameInfo, streak: int, server: str, channel_id: int, ends: dt.datetime) -> str:
    """The private reminder: which streak, where, and when the day ends (in the reader's own clock)."""
    return (f"🔥 Your {game.title} streak of {plural(streak, 'day')} in {server} ends <t:{int(ends.timestamp())}:R>: "
            f"today's {game.thing} is waiting in <#{channel_id}>.\n"
            f"-# You asked for this reminder; `/remind streak:False` in that server stops it.")


def asked_text(now_on: bool, changed: bool) -> str:
    """The reply to /remind."""
    if now_on:
        head = "Streak reminders are on." if changed else "Streak reminders were already on."
        return (f"{head} When your streak of a daily game here reaches {plural(STREAK_DAYS, 'day')} and you have not "
                "played today, I send you one direct message a few hours before the day ends. Keep direct messages "
                "from this server open to get it.")
    return "Streak reminders are off." if changed else "Streak reminders were already off."
