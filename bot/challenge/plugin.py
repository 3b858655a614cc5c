"""The daily challenges' plug-in (``bot.plugins``): no daily post of their own, but days the boards rank."""

from __future__ import annotations

from bot.challenge.info import CHALLENGE
from bot.plugins import Plugin

PLUGIN = Plugin(boards=(CHALLENGE,), order=30)
