"""The daily challenges as a server's players play them (no Discord): the day's list with each
player's state, a play started, answered and finished, its board tiles, and plays whose time
ran out finished at their deadline.

A play is finished when the player presses Finish, and otherwise at its deadline: lazily, by
whatever reads it next (the player's next press, the list, the board), and by the cog's timer
(``finish_expired``). ``Challenges.finish`` stops the clock at the deadline however late it is
called, so a lazy finish is the same as a timely one; boards count finished plays only.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.daily.schedule import local_today
from bot.db import Database
from bot.quiz.challenge import Answered, Challenges, Standing, challenge_keys, deadline, every_key
from bot.quiz.picture import Tile
from bot.quiz.store import ChallengePlay, QuizStore
from solvers.lexicon import Lexicon
from solvers.quiz.challenges import Challenge, challenge_lexicon


@dataclass(frozen=True, slots=True)
class Entry:
    """A challenge of a day and the player's play of it (None: not started)."""

    date: dt.date
    made: Challenge
    play: ChallengePlay | None

    @property
    def running(self) -> bool:
        return self.play is not None and self.play.finished_at is None

    @property
    def finished(self) -> bool:
        return self.play is not None and self.play.finished_at is not None


class Plays:
    def __init__(self, db: Database, lexicon: Callable[[], Lexicon] = challenge_lexicon) -> None:
        self.db = db
        self.challenges = Challenges(QuizStore(db), lexicon)
        self.store = self.challenges.store

    async def today(self, guild_id: int, now: dt.datetime) -> dt.date:
        """The server's local date."""
        return local_today((await self.db.guild_settings(guild_id)).timezone, now)

    def keys(self) -> frozenset[str]:
        """Every challenge's key, in every language (``7s``, ``7s-fr``)."""
        return every_key()

    def titles(self, language: str = "en") -> dict[str, str]:
        return self.challenges.titles(language)

    async def entry(self, date: dt.date, key: str, guild_id: int, user_id: int, now: dt.datetime,
                    settle: bool = True) -> Entry:
        """A challenge and the player's play of it, finished if its time is up (unless not ``settle``)."""
        made = await self.challenges.get(date, key, guild_id)
        play = await self.store.challenge_play(date, key, guild_id, user_id)
        return Entry(date, made, await self.settled(play, now) if play and settle else play)

    async def entries(self, date: dt.date, guild_id: int, user_id: int, now: dt.datetime,
                      language: str = "en") -> list[Entry]:
        """The day's challenges in ``language``, each with the player's play."""
        return [await self.entry(date, key, guild_id, user_id, now) for key in challenge_keys(language)]

    async def settled(self, play: ChallengePlay, now: dt.datetime) -> ChallengePlay:
        """The play, finished (at its deadline) when its time is up."""
        if play.finished_at is None and await self.expired(play, now):
            return await self.challenges.finish(play, now)
        return play

    async def expired(self, play: ChallengePlay, now: dt.datetime) -> bool:
        """Whether the play's time is up (answers now would not count)."""
        return now > await self.deadline(play)

    async def timed_out(self, play: ChallengePlay) -> bool:
        """Whether the play was finished by its time limit (not by the player)."""
        return play.finished_at is not None and play.finished_at >= await self.deadline(play)

    async def deadline(self, play: ChallengePlay) -> dt.datetime:
        return deadline(play, await self.challenges.get(play.day, play.challenge, play.guild_id))

    async def start(self, date: dt.date, key: str, guild_id: int, user_id: int, now: dt.datetime) -> Entry:
        """The player's play, started now or before (then as it is: running or finished)."""
        made = await self.challenges.get(date, key, guild_id)
        play = await self.challenges.start(date, key, guild_id, user_id, now)
        return Entry(date, made, await self.settled(play, now))

    async def answer(self, entry: Entry, typed: Sequence[str], now: dt.datetime) -> tuple[Answered, Entry]:
        """Count the words (none once the time is up); the play as it is after them, finished
        when every word is found or the time is up."""
        assert entry.play is not None
        outcome = await self.challenges.answer(entry.play, typed, now)
        play = await self.store.challenge_play(entry.play.day, entry.play.challenge, entry.play.guild_id,
                                               entry.play.user_id)
        assert play is not None
        if play.finished_at is None and (outcome.late or play.words_found >= play.words_total):
            play = await self.challenges.finish(play, now)
        return outcome, Entry(entry.date, entry.made, play)

    async def finish(self, entry: Entry, now: dt.datetime) -> Entry:
        assert entry.play is not None
        return Entry(entry.date, entry.made, await self.challenges.finish(entry.play, now))

    async def found(self, play: ChallengePlay) -> set[str]:
        return await self.store.challenge_words(play.day, play.challenge, play.guild_id, play.user_id)

    async def tiles(self, entry: Entry) -> list[Tile]:
        """The board's cells: each alphagram with the player's words; its missed words too once
        the play is finished (never before)."""
        found = await self.found(entry.play) if entry.play else set()
        return [Tile(q.alphagram, len(q.answers), tuple(w for w in q.answers if w in found),
                     tuple(w for w in q.answers if w not in found) if entry.finished else ())
                for q in entry.made.questions]

    async def board(self, date: dt.date, key: str, guild_id: int, now: dt.datetime) -> list[Standing]:
        """A challenge's board in the server, the plays whose time is up finished first."""
        await self.challenges.get(date, key, guild_id)  # an unknown key: QuizError
        await self.finish_expired(now, guild_id)
        return await self.challenges.board(date, key, guild_id)

    async def finish_expired(self, now: dt.datetime, guild_id: int | None = None) -> list[ChallengePlay]:
        """Finish every play (in one server, or everywhere) whose time is up; the ones still running."""
        running = []
        for play in await self.store.running_challenges(guild_id):
            if (await self.settled(play, now)).finished_at is None:
                running.append(play)
        return running


def parse_day(typed: str | None, today: dt.date | None) -> dt.date | None:
    """A day typed as ``2026-01-31``, ``today`` or ``yesterday`` (nothing: today); None when it
    is none of those (``today`` None: a date only)."""
    word = (typed or "today").strip().lower()
    if today is not None and word in ("today", "yesterday"):
        return today - dt.timedelta(days=word == "yesterday")
    try:
        return dt.date.fromisoformat(word) if len(word) == 10 else None
    except ValueError:
        return None
