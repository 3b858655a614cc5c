"""Streak reminders: a player who asked (``/remind streak:True``) gets one private message a few
hours before a daily game's day ends, when their streak of it is 3 days or more and they have
not played that day yet."""
