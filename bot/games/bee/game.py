"""The daily Spelling Bee as a game with state: today's puzzle, guesses, progress, the day's post.

Knows nothing of Discord: it takes ids and strings and returns plain results. A guild's day
is its local date (the guild's time zone); the puzzle of a date is the same for every guild
(``solvers.bee.generate``), stored the first time it is needed.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.chat.words import MAX_WORD_CHARS, typed_words
from bot.daily.calendar import DailyCalendar
from bot.daily.play import DailyPlay, Day, Refusal, Via
from bot.days.store import BoardsStore, Standing
from bot.db import Database
from bot.games.bee.plugin import BEE, BEES
from bot.games.bee.store import BeeStore, StoredPuzzle
from bot.glosses import Gloss, Glosses
from solvers import bee
from solvers.alphabets import alphabet, fold
from solvers.bee import Puzzle, Rank
from solvers.lexicon import ALPHABET, Lexicon
from solvers.typed import bad_characters, plain_letters
from solvers.wordcard import commonness_band

ANNOUNCED_RANKS = (BEE.top_name, BEE.perfect_name)
MAX_GUESS_CHARS = MAX_WORD_CHARS


class Verdict(enum.Enum):
    ACCEPTED = "accepted"
    NOT_LETTERS = "not letters"
    TOO_SHORT = "too short"
    BAD_LETTER = "letter not in the hive"
    MISSING_CENTER = "missing the centre letter"
    NOT_IN_LIST = "not in the word list"
    ALREADY_FOUND = "already found"


@dataclass(frozen=True, slots=True)
class GuessResult:
    verdict: Verdict
    word: str
    puzzle: Puzzle
    detail: str = ""  # the offending letter, for BAD_LETTER
    points: int = 0
    total: int = 0
    rank: Rank | None = None
    pangram: bool = False
    reached: str | None = None  # "Genius" or "Queen Bee" when this guess reached it

    @property
    def accepted(self) -> bool:
        return self.verdict is Verdict.ACCEPTED


@dataclass(frozen=True, slots=True)
class Guesses:
    """What one move did (``BeeGame.take``): each word's result in the order typed, and how
    many words past the limit were not read."""

    day: Day
    player_id: int
    results: tuple[GuessResult, ...]
    unread: int = 0

    @property
    def accepted(self) -> tuple[GuessResult, ...]:
        return tuple(result for result in self.results if result.accepted)

    @property
    def already_found(self) -> tuple[GuessResult, ...]:
        return tuple(result for result in self.results if result.verdict is Verdict.ALREADY_FOUND)

    @property
    def pangrams(self) -> tuple[str, ...]:
        """The pangrams this move found (new ones only)."""
        return tuple(result.word for result in self.accepted if result.pangram)

    @property
    def reached(self) -> tuple[str, ...]:
        """The announced ranks this move reached, in order (Genius, then Queen Bee)."""
        return tuple(result.reached for result in self.results if result.reached)

    @property
    def standing(self) -> GuessResult | None:
        """The last result that knows the player's total and rank (a word found, new or not)."""
        return next((r for r in reversed(self.results) if r.rank is not None), None)


@dataclass(frozen=True, slots=True)
class Progress:
    puzzle: Puzzle
    found: tuple[str, ...]
    points: int
    rank: Rank


@dataclass(frozen=True, slots=True)
class DailyPost:
    puzzle: Puzzle
    yesterday: Puzzle | None  # only when the guild had a post yesterday
    pangram_finders: dict[str, int]  # yesterday's pangrams -> how many players found each
    top_players: list[Standing]  # yesterday's best three (ties share a rank)
    definitions: tuple[Gloss, ...] = ()  # yesterday's words worth defining (see BeeGame.worth_defining)


def judge(puzzle: Puzzle, word: str, letters: str = ALPHABET) -> tuple[Verdict, str]:
    """Why a word is or is not an answer, checked in the order players expect (``letters``: the
    language's alphabet)."""
    bad = bad_characters(word, letters)
    if bad:
        return Verdict.NOT_LETTERS, bad
    if len(word) < bee.MIN_WORD:
        return Verdict.TOO_SHORT, ""
    stray = next((ch for ch in word if ch not in puzzle.letters), None)
    if stray is not None:
        return Verdict.BAD_LETTER, stray
    if puzzle.center not in word:
        return Verdict.MISSING_CENTER, puzzle.center
    if word not in puzzle.answers:
        return Verdict.NOT_IN_LIST, ""
    return Verdict.ACCEPTED, ""


def played_word(text: str, language: str) -> str:
    """A typed guess as the hive plays it: English's plain letters; another language's folded
    (``élève`` and ``eleve`` alike), or its plain letters when it is no word of the language."""
    word = plain_letters(str(text)[: MAX_GUESS_CHARS * 4])[:MAX_GUESS_CHARS]
    if language == "en":
        return word
    return (fold(str(text)[: MAX_GUESS_CHARS * 4], language) or word)[:MAX_GUESS_CHARS]


class BeeGame:
    """Spelling Bee play over the database; days and schedules come from the daily calendar. A
    language's bee (``language``: its own daily game, ``BEES``) plays its own puzzles, from its
    ``common`` list (``lexicon``: the list, or what loads it when first needed)."""

    def __init__(self, db: Database, lexicon: Lexicon | Callable[[], Lexicon], calendar: DailyCalendar, *,
                 salt: str = "", language: str = "en") -> None:
        self.language = language
        self.info = BEES[language]
        self.store = BeeStore(db, language)
        self.boards = BoardsStore(db)
        self.calendar = calendar
        self._lexicon = lexicon
        self.salt = salt
        self.days = DailyPlay(calendar, self.info)
        self._cache: dict[dt.date, Puzzle] = {}

    @property
    def lexicon(self) -> Lexicon:
        if not isinstance(self._lexicon, Lexicon):
            self._lexicon = self._lexicon()
        return self._lexicon

    async def puzzle(self, date: dt.date) -> Puzzle:
        """The puzzle of ``date``: as stored, or generated (off the event loop) and stored."""
        if date in self._cache:
            return self._cache[date]
        stored = await self.store.get_puzzle(date)
        if stored is None:
            made = await asyncio.to_thread(lambda: bee.generate(self.lexicon, date, self.salt))
            stored = await self.store.save_puzzle(StoredPuzzle(date, made.letters, made.center, made.answers,
                                                               made.max_score))
        puzzle = Puzzle.from_answers(stored.letters, stored.center, stored.answers, date)
        self._cache[date] = puzzle
        return puzzle

    async def daily_post(self, guild_id: int, date: dt.date) -> DailyPost:
        yesterday = date - dt.timedelta(days=1)
        had_post = await self.calendar.store.has_post(self.info.key, guild_id, yesterday)
        previous = await self.puzzle(yesterday) if had_post else None
        finders = await self.store.pangram_finders(guild_id, yesterday) if previous else {}
        top = (await self.boards.standings(self.info.key, guild_id, yesterday, yesterday,
                                           BEE.top_percent))[:3] if previous else []
        definitions = await self.worth_defining(previous) if previous else ()
        return DailyPost(await self.puzzle(date), previous, finders, top, definitions)

    async def worth_defining(self, puzzle: Puzzle) -> tuple[Gloss, ...]:
        """The glosses of the puzzle's pangrams and of its words that are not everyday ones
        (``solvers.wordcard.commonness_band``), those with a definition: pangrams first, then
        the rarest. The everyday words go without; another language's words have none (WordNet is
        English)."""
        if self.language != "en":
            return ()
        glosses = await asyncio.to_thread(Glosses.load)  # loaded once; later calls return at once
        chosen = [w for w in puzzle.answers
                  if w in puzzle.pangrams or commonness_band(self.lexicon.commonness(w)) != "everyday"]
        chosen.sort(key=lambda w: (w not in puzzle.pangrams, self.lexicon.commonness(w), w))
        return tuple(gloss for gloss in glosses.glosses(chosen) if gloss.defined)

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None,
                   via: Via = Via.COMMAND) -> Guesses | Refusal:
        """A player's move: the day (``bot.daily.play``: refused when there is no game, a post's
        button is of another day, or the move comes from a place the day is not played in),
        then each word (at most ``MAX_WORDS``: text is split at spaces) guessed in turn.
        ``name``: the player's display name, remembered for the boards."""
        day = await self.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        typed = typed_words(words)
        results = [await self.guess(guild_id, player_id, day.date, word, name) for word in typed.words]
        return Guesses(day, player_id, tuple(results), typed.unread)

    async def guess(self, guild_id: int, user_id: int, date: dt.date, text: str,
                    name: str | None = None) -> GuessResult:
        """Judge and, when accepted, store one guess (``text`` is one word: spaces are dropped;
        ``take`` splits a move into words). Already-found words score nothing. ``name`` is the
        player's display name, remembered for the command line's boards."""
        puzzle = await self.puzzle(date)
        await self.boards.remember_player_name(guild_id, user_id, name)
        word = played_word(text, self.language)
        verdict, detail = judge(puzzle, word, alphabet(self.language))
        if verdict is not Verdict.ACCEPTED:
            return GuessResult(verdict, word, puzzle, detail)
        points = bee.score(word, puzzle)
        pangram = word in puzzle.pangrams
        record = await self.store.add_guess(guild_id, date, user_id, word, points, pangram, self.calendar.clock())
        now_rank = bee.rank(record.points_after, puzzle.max_score)
        if not record.inserted:
            return GuessResult(Verdict.ALREADY_FOUND, word, puzzle, total=record.points_after, rank=now_rank)
        before = bee.rank(record.points_before, puzzle.max_score)
        reached = now_rank.name if now_rank.name != before.name and now_rank.name in ANNOUNCED_RANKS else None
        return GuessResult(Verdict.ACCEPTED, word, puzzle, "", points, record.points_after, now_rank, pangram, reached)

    async def progress(self, guild_id: int, user_id: int, date: dt.date) -> Progress:
        puzzle = await self.puzzle(date)
        found = await self.store.found_words(guild_id, date, user_id)
        points = sum(p for _, p in found)
        return Progress(puzzle, tuple(w for w, _ in found), points, bee.rank(points, puzzle.max_score))

    async def players_words(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str, ...]:
        """The player's words of a day, alphabetical."""
        return tuple(sorted(word for word, _ in await self.store.found_words(guild_id, date, user_id)))
