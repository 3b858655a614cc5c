"""What the boards know of the daily challenges: a game of their own on /stats, its calendar
and /leaderboard, read from the finished challenge plays (``bot.days.store``), not from a
daily post. A player's challenge day counts the challenges they finished that day: its points
are the words found (and its maximum the words of those challenges), three quarters of them
make a top day (🌖) and every one an every-word day (💯); the medals won that day are counted
beside the words, as the bee counts pangrams. Each language's challenges are a game of their
own on the boards (``challenge-fr``: 'Daily Challenges (French)'), read from that language's
plays alone, as each language's bee is."""

from __future__ import annotations

from dataclasses import replace

from bot.icons import EVERY_WORD, THREE_QUARTERS
from bot.plugins import GameInfo
from bot.quiz.days_store import challenge_days
from solvers.list_names import LANGUAGE_NAMES

CHALLENGE = GameInfo(key="challenge", title="Daily Challenges", command="challenge", thing="challenge",
                     highlight="medal", top_name="Three quarters", perfect_name="Every word", top_percent=75,
                     emoji="⏱️", top_icon=THREE_QUARTERS, perfect_icon=EVERY_WORD,
                     days=challenge_days("challenge", "en"))
CHALLENGES = (CHALLENGE, *(replace(CHALLENGE, key=f"challenge-{code}", title=f"Daily Challenges ({name})",
                                   days=challenge_days(f"challenge-{code}", code))
                           for code, name in LANGUAGE_NAMES.items()))
"""The challenges' boards, English's first, then each other language's."""
