"""One icon a meaning, the same in text, cards and calendars.

Text shows an icon's ``emoji``; the pictures (the leaderboard card, the stats calendar) draw its
``mark``, a shape of the same look in the icon's ``colour`` (our picture font has no emoji:
``bot/pictures/marks.py`` draws the shapes). Legends and alt texts name an icon by its ``name``
and count the days it marks with ``days``, so "⭐ Genius" in a footer, the star on a card and
the star on a calendar day all mean a Genius day, and nothing else.

No icon has two meanings: every message takes its icons from here (``tests/bot/test_icons.py``
reads the source for emoji written anywhere else).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.text import counted

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Icon:
    name: str  # what it means, as a legend names it: "Genius"
    emoji: str  # what text shows: "⭐"
    mark: str | None = None  # the shape the pictures draw (bot/pictures/marks.py); None: text only
    colour: RGB | None = None  # the mark's colour
    day: str = ""  # a day it marks, for counts: "Genius day"
    days_plural: str = ""  # its plural, when not day + "s": "days at or under par"

    def days(self, count: int) -> str:
        """The noun of ``count`` days it marks, without the number: "Genius day", "Genius days"."""
        return counted(count, self.day, self.days_plural or None)

    def counted(self, count: int) -> str:
        """``1 Genius day``, ``3 Genius days``."""
        return f"{count:,} {self.days(count)}"

    def label(self) -> str:
        """``⭐ Genius``: the icon and its meaning, as text legends write them."""
        return f"{self.emoji} {self.name}"


# The days the boards count (a game's top day and perfect day: GameInfo.top_icon, perfect_icon).
GENIUS = Icon("Genius", "⭐", "star", (230, 140, 10), "Genius day")
QUEEN_BEE = Icon("Queen Bee", "👑", "crown", (124, 58, 237), "Queen Bee day")
AT_PAR = Icon("at or under par", "🎯", "target", (214, 48, 49), "at-par day")
TWO_WORDS = Icon("two words", "💎", "diamond", (30, 120, 214), "two-word day")
# The daily challenges' days (bot/quiz/challenges/info.py): three quarters of the words of the day's
# challenges found, and every word; a challenge play with every word carries EVERY_WORD too.
THREE_QUARTERS = Icon("three quarters", "🌖", "pie", (56, 132, 160), "three-quarter day")
EVERY_WORD = Icon("every word", "💯", "tick", (200, 30, 60), "every-word day")
# The word ladder's days (bot/games/ladder/plugin.py): solved one rung over par, and at par.
NEAR_PAR = Icon("one rung over par", "🔼", "triangle", (46, 139, 87), "day one rung over par",
                "days one rung over par")
LADDER_AT_PAR = Icon("ladder at par", "🏁", "flag", (20, 82, 48), "ladder-at-par day")

# The top three places of a board (a leaderboard's, a challenge's).
GOLD = Icon("first place", "🥇")
SILVER = Icon("second place", "🥈")
BRONZE = Icon("third place", "🥉")
MEDALS = (GOLD, SILVER, BRONZE)

# What a move did (replies, and the reactions to words typed in chat).
ACCEPTED = Icon("accepted", "✅")
ALREADY_FOUND = Icon("already found", "⚠️")
REFUSED = Icon("not accepted", "❌")
WAITING = Icon("waiting for another player", "⏳")
PANGRAM = Icon("pangram", "✨")
SOLVED = Icon("solved", "🎉")
TIME_UP = Icon("time up", "⏰")

ICONS = (GENIUS, QUEEN_BEE, AT_PAR, TWO_WORDS, THREE_QUARTERS, EVERY_WORD, NEAR_PAR, LADDER_AT_PAR, *MEDALS,
         ACCEPTED, ALREADY_FOUND, REFUSED, PANGRAM, SOLVED, TIME_UP)
MARKED = tuple(icon for icon in ICONS if icon.mark)  # the icons the pictures draw
