"""How fast one player may guess in chat, so one spammer cannot stall a thread of 200 players.

Each player has a window of ``WINDOW`` seconds from their first guess message in it. In a window a
player may send ``MAX_MESSAGES`` guess messages holding ``MAX_WORDS_A_MINUTE`` words in all; past either,
their guesses are ignored until the window ends, and they get one private notice (``slow_down``)
for it. Private notices of any kind (a game's refusal, "only the first 20 words") are capped at
``MAX_NOTICES`` a window, so the bot never floods anyone's direct messages. Only guess messages
count: chat is never limited. Windows that ended are forgotten, oldest first, as new ones open,
so memory holds only the players of the last minute.
"""

from __future__ import annotations

import enum
from collections import OrderedDict
from dataclasses import dataclass

from bot.text import plural

WINDOW = 60.0  # seconds
MAX_MESSAGES = 20  # guess messages a player may send in a window
MAX_WORDS_A_MINUTE = 100  # words in those messages (one message holds at most bot.chat.words.MAX_WORDS)
MAX_NOTICES = 3  # private notices a player may get in a window, besides the one saying to slow down
LIMITS = f"at most {plural(MAX_MESSAGES, 'message')} or {plural(MAX_WORDS_A_MINUTE, 'word')} a minute"


def slow_down(seconds: int) -> str:
    """The one private notice of a player past the limits, with the seconds their guesses wait."""
    return (f"You're guessing faster than the game reads: {LIMITS}. Your guesses are skipped for "
            f"{plural(seconds, 'more second')}; then type away.")



class Verdict(enum.Enum):
    READ = "read"  # take the message
    SLOW_DOWN = "slow down"  # skip it, and tell the player (once a window)
    SKIP = "skip"  # skip it quietly: the player was told


@dataclass(slots=True)
class _Window:
    start: float
    messages: int = 0
    words: int = 0
    notices: int = 0
    limited: bool = False


class GuessLimits:
    def __init__(self) -> None:
        self._windows: OrderedDict[int, _Window] = OrderedDict()  # by the time each window opened

    def check(self, player_id: int, words: int, now: float) -> Verdict:
        """Count a guess message of ``words`` words from the player, at ``now`` (seconds)."""
        window = self._window(player_id, now)
        if window.limited:
            return Verdict.SKIP
        if window.messages + 1 > MAX_MESSAGES or window.words + words > MAX_WORDS_A_MINUTE:
            window.limited = True
            return Verdict.SLOW_DOWN
        window.messages += 1
        window.words += words
        return Verdict.READ

    def may_notify(self, player_id: int, now: float) -> bool:
        """Whether the player may get one more private notice in this window (and count it)."""
        window = self._window(player_id, now)
        window.notices += 1
        return window.notices <= MAX_NOTICES

    def seconds_left(self, player_id: int, now: float) -> int:
        """Whole seconds until the player's window ends (at least 1)."""
        window = self._windows.get(player_id)
        left = window.start + WINDOW - now if window is not None else 0.0
        return max(1, int(-(-left // 1)))

    def __len__(self) -> int:
        return len(self._windows)

    def _window(self, player_id: int, now: float) -> _Window:
        while self._windows:  # forget the windows that ended, oldest first
            oldest = next(iter(self._windows.values()))
            if oldest.start + WINDOW > now:
                break
            self._windows.popitem(last=False)
        window = self._windows.get(player_id)
        if window is None:
            window = self._windows[player_id] = _Window(now)
        return window
