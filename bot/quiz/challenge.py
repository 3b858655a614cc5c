"""A player's play of a day's challenge, over the store (no Discord: both front doors use it).

Each date has fixed challenges, the same in every server (``solvers.quiz.challenges``), and a
server's Week's Toughies, its players' most-missed sevens and eights of the seven days before
the date (fixed for the day: misses of the day itself do not move it). A player plays each
challenge once per server: the clock starts at ``start`` and runs for the challenge's time
limit; words answered after it do not count; ``finish`` (pressed, every word found, or the
time gone, whichever comes first) stops it once and keeps the alphagrams missed. The board
ranks the finished plays by words, then time: gold, silver and bronze for the top three, and a
mark for every play that found every word.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.icons import EVERY_WORD, MEDALS as MEDAL_ICONS
from bot.quiz.store import ChallengePlay, QuizStore
from solvers.alphabets import LANGUAGES
from solvers.lexicon import Lexicon
from solvers.list_names import LANGUAGE_NAMES
from solvers.quiz.answers import fold
from solvers.quiz.challenges import (
    BINGO_LENGTHS,
    KEYS,
    TITLES,
    TOUGHIES_KEY,
    TOUGHIES_TITLE,
    Challenge,
    challenge,
    challenge_lexicon,
    common_lexicon,
    key_language,
    language_key,
    list_of,
    toughies_challenge,
)
from solvers.quiz.sets import QuizError

WEEK = dt.timedelta(days=7)
MEDALS = tuple(icon.emoji for icon in MEDAL_ICONS)
PERFECT = EVERY_WORD.emoji


@dataclass(frozen=True, slots=True)
class Answered:
    """What a player's typed words did: the new words, how many were found before, how many are
    no answer, and whether they came after the time limit (then nothing counted)."""

    new: tuple[str, ...]
    already: int
    wrong: int
    late: bool
    found: int
    total: int


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    words: int
    total: int
    seconds: float
    medal: str  # 🥇 🥈 🥉, or ""
    perfect: bool


class Challenges:
    """The challenges of any date, and each player's play of them."""

    def __init__(self, store: QuizStore, lexicon: Callable[[], Lexicon] = challenge_lexicon,
                 common: Callable[[], Lexicon] = common_lexicon) -> None:
        self.store, self._lexicon, self._common = store, lexicon, common
        self._made: dict[tuple[dt.date, str, int], Challenge] = {}
        self._answering: weakref.WeakValueDictionary[tuple, asyncio.Lock] = weakref.WeakValueDictionary()

    def titles(self, language: str = "en") -> dict[str, str]:
        """Every challenge's key and title in ``language``, the Week's Toughies last."""
        return {language_key(key, language): titled(title, language)
                for key, title in {**TITLES, TOUGHIES_KEY: TOUGHIES_TITLE}.items()}

    def _lists(self, language: str) -> tuple[Callable[[], Lexicon], Callable[[], Lexicon]]:
        if language == "en":
            return self._lexicon, self._common
        return (lambda: challenge_lexicon(language)), (lambda: common_lexicon(language))

    async def get(self, date: dt.date, key: str, guild_id: int) -> Challenge:
        """A date's challenge by its key in a language (``7s``, ``7s-fr``; the Toughies: the
        server's, from its misses in that language). Build it off the event loop the first time
        (``solvers.quiz`` takes tens of milliseconds); kept for the dates asked lately."""
        base, language = key_language(key)
        if base not in KEYS and base != TOUGHIES_KEY:
            raise QuizError(f"A challenge is one of {', '.join(self.titles())}.")
        slot = (date, key, guild_id if base == TOUGHIES_KEY else 0)
        if slot not in self._made:
            lexicon, common = self._lists(language)
            if base == TOUGHIES_KEY:
                start = dt.datetime.combine(date, dt.time(), tzinfo=dt.UTC)
                misses = await self.store.most_missed(guild_id, start - WEEK, BINGO_LENGTHS, until=start,
                                                      language=language)
                made = await asyncio.to_thread(lambda: toughies_challenge(misses, lexicon()))
            else:
                made = await asyncio.to_thread(lambda: challenge(date, base, lexicon(), common()))
            while len(self._made) >= 64:
                del self._made[next(iter(self._made))]
            self._made[slot] = dataclasses.replace(made, key=key, title=titled(made.title, language))
        return self._made[slot]

    async def start(self, date: dt.date, key: str, guild_id: int, user_id: int, now: dt.datetime) -> ChallengePlay:
        """The player's play: started now, or the one started before (a challenge is played once)."""
        made = await self.get(date, key, guild_id)
        total = sum(len(q.answers) for q in made.questions)
        return await self.store.start_challenge(date, key, guild_id, user_id, now, total)

    async def answer(self, play: ChallengePlay, typed: Sequence[str], now: dt.datetime) -> Answered:
        """Count the player's typed words, if their clock still runs. A player's answers are taken
        one at a time (their server's interactions all reach this process), so each word is new
        in exactly one of them."""
        key = (play.day, play.challenge, play.guild_id, play.user_id)
        lock = self._answering.get(key)
        if lock is None:
            lock = self._answering[key] = asyncio.Lock()
        async with lock:
            return await self._answer(play, typed, now)

    async def _answer(self, play: ChallengePlay, typed: Sequence[str], now: dt.datetime) -> Answered:
        made = await self.get(play.day, play.challenge, play.guild_id)
        answers = {word for q in made.questions for word in q.answers}
        before = await self.store.challenge_words(play.day, play.challenge, play.guild_id, play.user_id)
        language = key_language(play.challenge)[1]
        words = list(dict.fromkeys(word for t in typed if (word := fold(t, language))))
        if play.finished_at is not None or now > deadline(play, made):
            return Answered((), 0, 0, True, len(before), play.words_total)
        fresh = [w for w in words if w in answers and w not in before]
        added = await self.store.add_challenge_words(play, fresh, now) if fresh else 0
        new = tuple(fresh) if added == len(fresh) else ()  # only another process could take them between
        return Answered(new, sum(w in before for w in words), sum(w not in answers for w in words), False,
                        len(before) + len(new), play.words_total)

    async def finish(self, play: ChallengePlay, now: dt.datetime) -> ChallengePlay:
        """Stop the player's clock (once), keeping the alphagrams they missed; the play as it ends.
        The time used is at most the limit."""
        made = await self.get(play.day, play.challenge, play.guild_id)
        found = await self.store.challenge_words(play.day, play.challenge, play.guild_id, play.user_id)
        missed = [q.alphagram for q in made.questions if not set(q.answers) <= found]
        used = min(float(made.seconds), max(0.0, (now - play.started_at).total_seconds()))
        await self.store.finish_challenge(play, min(now, deadline(play, made)), used, missed, list_of(play.challenge))
        ended = await self.store.challenge_play(play.day, play.challenge, play.guild_id, play.user_id)
        assert ended is not None
        return ended

    async def board(self, date: dt.date, key: str, guild_id: int) -> list[Standing]:
        """A challenge's board in a server: words, then time; medals to the top three places
        (plays equal in words and time share a place)."""
        standings: list[Standing] = []
        for play in await self.store.challenge_board(date, key, guild_id):
            seconds = float(play.seconds_used or 0.0)
            previous = standings[-1] if standings else None
            same = previous is not None and (previous.words, previous.seconds) == (play.words_found, seconds)
            rank = previous.rank if same and previous else len(standings) + 1
            standings.append(Standing(rank, play.user_id, play.words_found, play.words_total, seconds,
                                      MEDALS[rank - 1] if rank <= len(MEDALS) else "",
                                      play.words_found == play.words_total))
        return standings


def deadline(play: ChallengePlay, made: Challenge) -> dt.datetime:
    """When the player's clock runs out."""
    return play.started_at + dt.timedelta(seconds=made.seconds)


def challenge_keys(language: str = "en") -> tuple[str, ...]:
    """The day's challenges' keys in ``language`` (``7s-fr``...)."""
    return tuple(language_key(key, language) for key in (*KEYS, TOUGHIES_KEY))


def every_key() -> frozenset[str]:
    """Every challenge's key in every language."""
    return frozenset(key for language in LANGUAGES for key in challenge_keys(language))


def titled(title: str, language: str) -> str:
    """A challenge's title, saying its language when it is not English's: ``Today's 7s (French)``."""
    return title if language == "en" else f"{title} ({LANGUAGE_NAMES[language]})"
