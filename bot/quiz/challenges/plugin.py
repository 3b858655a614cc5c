"""The daily challenges' plug-in (``bot.plugins``): no daily post of their own, but days the boards rank."""

from __future__ import annotations

from bot.plugins import Plugin
from bot.quiz.challenges.info import CHALLENGE

PLUGIN = Plugin(boards=(CHALLENGE,), order=30)
