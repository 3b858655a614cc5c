"""The terminal player's place in the daily games (what a daily game is: ``bot.plugins.GameInfo``)."""

from __future__ import annotations

TERMINAL_GUILD_ID = 0
"""The terminal player's "server" (``wordbot bee play``): its days follow this machine's local time."""
TERMINAL_USER_ID = 0
"""The terminal player's user id."""
TERMINAL_NAME = "you (terminal)"
