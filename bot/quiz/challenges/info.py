"""What the boards know of the daily challenges: a game of their own on /stats, its calendar
and /leaderboard, read from the finished challenge plays (``bot.days.store``), not from a
daily post. A player's challenge day counts the challenges they finished that day: its points
are the words found (and its maximum the words of those challenges), three quarters of them
make a top day (🌖) and every one an every-word day (💯); the medals won that day are counted
beside the words, as the bee counts pangrams."""

from __future__ import annotations

from bot.icons import EVERY_WORD, THREE_QUARTERS
from bot.plugins import GameInfo
from bot.quiz.store import CHALLENGE_DAYS

CHALLENGE = GameInfo(key="challenge", title="Daily Challenges", command="challenge", thing="challenge",
                     highlight="medal", top_name="Three quarters", perfect_name="Every word", top_percent=75,
                     emoji="⏱️", top_icon=THREE_QUARTERS, perfect_icon=EVERY_WORD, days=CHALLENGE_DAYS)
