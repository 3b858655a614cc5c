"""What the framework, the boards and both front doors know of each daily game."""

from __future__ import annotations

from dataclasses import dataclass

from bot.icons import GENIUS, QUEEN_BEE, Icon


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A daily game's names. ``top_percent`` of a day's maximum makes a top day (the bee's
    Genius); every point makes a perfect day (Queen Bee). ``highlight`` names what the
    boards count beside words (pangrams). ``top_icon`` and ``perfect_icon`` mark those days
    in text and pictures alike (``bot.icons``)."""

    key: str  # 'bee': the key in daily_schedules, daily_posts and player_days
    title: str  # 'Spelling Bee'
    command: str  # 'bee': /bee setup, /bee play ...
    thing: str  # 'hive': what a day's post shows ("that hive was for ...")
    highlight: str  # 'pangram': counted on the boards beside words
    top_name: str  # 'Genius'
    perfect_name: str  # 'Queen Bee'
    top_percent: int  # 70
    emoji: str = "📅"  # the game itself, in its daily post and setup replies
    top_icon: Icon = GENIUS
    perfect_icon: Icon = QUEEN_BEE

    @property
    def top_badge(self) -> str:
        return self.top_icon.emoji

    @property
    def perfect_badge(self) -> str:
        return self.perfect_icon.emoji


TERMINAL_GUILD_ID = 0
"""The terminal player's "server" (``wordbot bee play``): its days follow this machine's local time."""
TERMINAL_USER_ID = 0
"""The terminal player's user id."""
TERMINAL_NAME = "you (terminal)"
