"""The daily Letter Boxed as a game with state: the day's box, each player's chain, solves, the post.

Knows nothing of Discord: ids and strings in, plain results out. The box of a date is the same
for every guild (``solvers.letterbox.generate``), stored the first time it is needed.

Scoring (``points``): a solve at par earns 12 points; each word under par earns more, evenly,
up to 24 for a two-word solve (par 4: 12/18/24, par 5: 12/16/20/24, par 6: 12/15/18/21/24);
each word over par costs 3 (at least 1 point). A day at or under par (12 or more) is the game's
milestone ("At par": par words or fewer); a two-word solve is perfect. A player may restart
after solving and try for fewer words: the best solve of the day counts. The channel hears of
the first solve, and of a better one only when it reaches a milestone not reached before
(``PlayResult.announced``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.chat.words import played_word, typed_words
from bot.daily.calendar import DailyCalendar
from bot.daily.languages import LanguageLists
from bot.daily.play import DailyPlay, Day, Refusal, Via
from bot.days.store import BoardsStore, Standing
from bot.db import Database
from bot.games.letterbox.hints import Hint, letters_left, make_hint
from bot.games.letterbox.plugin import (
    LETTERBOX as LETTERBOX,  # the box's own, as the modules here read it
    LETTERBOXES,
    MAX_POINTS,
    PAR_POINTS,
)
from bot.games.letterbox.store import BestFound, Chain, LetterBoxedStore, Solve
from bot.glosses import LONG, Gloss, Glosses
from solvers import letterbox
from solvers.letterbox import DailyBox, Verdict
from solvers.lexicon import Lexicon

MAX_CHAIN = 20  # words in a chain
MAX_PLAY_CHARS = 400


def milestone(word_count: int, par: int) -> int:
    """How far a solve in ``word_count`` words goes: 0 solved, 1 at par (par words or fewer:
    ``LETTERBOX.top_name``), 2 two words (``LETTERBOX.perfect_name``)."""
    return 2 if word_count <= 2 else 1 if word_count <= par else 0


def points(word_count: int, par: int) -> int:
    """Points for a solve in ``word_count`` words on a box of ``par``."""
    if word_count <= 2:
        return MAX_POINTS
    if word_count <= par:
        return PAR_POINTS + (MAX_POINTS - PAR_POINTS) * (par - word_count) // (par - 2)
    return max(1, PAR_POINTS - 3 * (word_count - par))


class Ruling(enum.Enum):
    """How the box ruled on a move (``PlayResult.outcome``); what it did for the chat router is
    the platform's ``bot.chat.outcome.Outcome`` (``bot.games.letterbox.rooms.chat_outcome``)."""

    PLAYED = "played"  # every word accepted; not solved yet
    REFUSED = "refused"  # a word was refused (the words before it, if any, were played)
    SOLVED = "solved"
    ALREADY_SOLVED = "already solved"  # the chain is solved: restart to play again
    CHAIN_FULL = "chain full"
    EMPTY = "empty"


@dataclass(frozen=True, slots=True)
class PlayResult:
    outcome: Ruling
    puzzle: DailyBox
    played: tuple[str, ...]  # the words this play added
    refused: Verdict | None
    chain: tuple[str, ...]  # the chain after the play
    letters_left: str
    best: Solve | None  # the best solve of the day after the play
    previous_best: Solve | None  # before the play
    unplayed: tuple[str, ...] = ()  # words after a refused word or after the solve, not judged

    @property
    def new_best(self) -> bool:
        """This play solved the box in fewer words than ever today (or for the first time)."""
        return self.outcome is Ruling.SOLVED and self.best != self.previous_best

    @property
    def announced(self) -> bool:
        """The channel hears of this play: the day's first solve, or a better one that reaches a
        milestone (``milestone``: at par, two words) the best solve before it had not."""
        if not self.new_best:
            return False
        par = self.puzzle.par
        return self.previous_best is None or milestone(self.best.word_count, par) > milestone(
            self.previous_best.word_count, par)


@dataclass(frozen=True, slots=True)
class Played:
    """What one move did (``LetterBoxedGame.take``): the day, and the play on the player's chain."""

    day: Day
    player_id: int
    result: PlayResult


@dataclass(frozen=True, slots=True)
class ChainState:
    puzzle: DailyBox
    chain: tuple[str, ...]
    letters_left: str
    best: Solve | None

    @property
    def solved(self) -> bool:
        return bool(self.chain) and not self.letters_left


@dataclass(frozen=True, slots=True)
class DailyPost:
    puzzle: DailyBox
    yesterday: DailyBox | None  # only when the guild had a post yesterday
    best_found: list[BestFound]  # yesterday's shortest solves in the guild
    solvers: int  # players who solved yesterday's box
    top_players: list[Standing]
    solution_glosses: tuple[Gloss, ...] = ()  # yesterday's published pair, each word with its definition


class LetterBoxedGame(LanguageLists):
    """Letter Boxed play over the database; days and schedules come from the daily calendar. A
    language's box (``language``: its own daily game, ``LETTERBOXES``) plays its own boxes, made
    from that language's lists (``everyday`` and ``accepted``: the lists, or what loads them when
    first needed: ``LanguageLists``); a word is typed with or without accents."""

    def __init__(self, db: Database, everyday: Lexicon | Callable[[], Lexicon],
                 accepted: Lexicon | Callable[[], Lexicon], calendar: DailyCalendar, *,
                 salt: str = "", language: str = "en") -> None:
        self.language = language
        self.info = LETTERBOXES[language]
        self.store = LetterBoxedStore(db, language)
        self.boards = BoardsStore(db)
        self.calendar = calendar
        self._lists = (everyday, accepted)
        self.salt = salt
        self.days = DailyPlay(calendar, self.info)
        self._cache: dict[dt.date, DailyBox] = {}
        self._words: dict[dt.date, letterbox.Words] = {}  # the playable words of a day's box, for hints

    async def puzzle(self, date: dt.date) -> DailyBox:
        """The box of ``date``: as stored, or generated (off the event loop) and stored."""
        if date in self._cache:
            return self._cache[date]
        stored = await self.store.get_puzzle(date)
        if stored is None:
            made = await asyncio.to_thread(lambda: letterbox.generate(date, self.everyday, self.accepted, self.salt))
            stored = await self.store.save_puzzle(made)
        self._cache[date] = stored
        return stored

    async def daily_post(self, guild_id: int, date: dt.date) -> DailyPost:
        yesterday = date - dt.timedelta(days=1)
        had_post = await self.calendar.store.has_post(self.info.key, guild_id, yesterday)
        previous = await self.puzzle(yesterday) if had_post else None
        best, solvers, top, glosses = [], 0, [], ()
        if previous is not None:
            best = await self.store.best_found(guild_id, yesterday)
            solvers = await self.store.solvers_count(guild_id, yesterday)
            top = (await self.boards.standings(self.info.key, guild_id, yesterday, yesterday,
                                               self.info.top_percent))[:3]
            glosses = await self.solution_glosses(previous)
        return DailyPost(await self.puzzle(date), previous, best, solvers, top, glosses)

    async def solution_glosses(self, puzzle: DailyBox) -> tuple[Gloss, ...]:
        """The published solution's words, each with its definition (English's: WordNet is English)."""
        if self.language != "en":
            return ()
        return tuple((await asyncio.to_thread(Glosses.load)).glosses(puzzle.solution, LONG))

    async def players_words(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str, ...]:
        """The player's words of a day: the chain's, then those of the best solve, each once."""
        chain = await self.store.chain(guild_id, date, user_id)
        return tuple(dict.fromkeys(chain.words + (chain.best.words if chain.best else ())))

    async def state(self, guild_id: int, user_id: int, date: dt.date) -> ChainState:
        puzzle = await self.puzzle(date)
        chain = await self.store.chain(guild_id, date, user_id)
        return ChainState(puzzle, chain.words, letters_left(puzzle.box, chain.words), chain.best)

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None,
                   via: Via = Via.COMMAND) -> Played | Refusal:
        """A player's move: the day (``bot.daily.play``: refused when there is no game, a post's
        form is of another day, or the move comes from a place the day is not played in), then
        the words played after the player's chain (``play``). ``name``: the display name."""
        day = await self.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        return Played(day, player_id, await self.play(guild_id, player_id, day.date, words, name))

    async def play(self, guild_id: int, user_id: int, date: dt.date, typed: str | Sequence[str],
                   name: str | None = None) -> PlayResult:
        """Judge a word or a chain (as typed: ``gelatin``, ``gelatin nimbus``, ``GELATIN-NIMBUS``,
        ``a, b``; read by ``bot.chat.words``), word by word, after the player's chain; keep the
        words accepted before any refusal; record a solve. ``name``: the player's display name."""
        puzzle = await self.puzzle(date)
        await self.boards.remember_player_name(guild_id, user_id, name)
        words = [played_word(word, self.language)  # one past a full chain: its refusal
                 for word in typed_words(typed, MAX_CHAIN + 1).words]

        def change(chain: Chain) -> tuple[Chain, PlayResult]:
            result = self.judge_chain(puzzle, chain, words)
            return Chain(result.chain, result.best), result

        return await self.store.change_chain(guild_id, date, user_id, change, self.calendar.clock())

    def judge_chain(self, puzzle: DailyBox, chain: Chain, words: list[str]) -> PlayResult:
        """Judge words one by one after a chain (a player's, or a team's): what they add, up to a
        refusal or the solve."""
        box, current = puzzle.box, list(chain.words)

        def result(outcome: Ruling, judged: int, refused: Verdict | None = None,
                   best: Solve | None = chain.best) -> PlayResult:
            return PlayResult(outcome, puzzle, tuple(current[len(chain.words):]), refused, tuple(current),
                              letters_left(box, tuple(current)), best, chain.best, tuple(words[judged:]))

        if not words:
            return result(Ruling.EMPTY, 0)
        if current and not letters_left(box, chain.words):
            return result(Ruling.ALREADY_SOLVED, 0)
        for judged, word in enumerate(words):
            if len(current) >= MAX_CHAIN:
                return result(Ruling.CHAIN_FULL, judged)
            verdict = letterbox.check_word(self.accepted, box, word, current[-1] if current else None)
            if not verdict.ok:
                return result(Ruling.REFUSED, judged + 1, verdict)
            current.append(verdict.word)
            if not letters_left(box, tuple(current)):
                solve = Solve(tuple(current), points(len(current), puzzle.par))
                better = chain.best is None or solve.word_count < chain.best.word_count
                return result(Ruling.SOLVED, judged + 1, best=solve if better else chain.best)
        return result(Ruling.PLAYED, len(words))

    async def undo(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str | None, ChainState]:
        """Take back the chain's last word (None when the chain is empty)."""
        puzzle = await self.puzzle(date)

        def change(chain: Chain) -> tuple[Chain, str | None]:
            return Chain(chain.words[:-1], chain.best), (chain.words[-1] if chain.words else None)

        removed = await self.store.change_chain(guild_id, date, user_id, change, self.calendar.clock())
        return removed, await self.state(guild_id, user_id, puzzle.date)

    async def restart(self, guild_id: int, user_id: int, date: dt.date) -> tuple[int, ChainState]:
        """Clear the chain (the best solve stays); returns how many words were cleared."""

        def change(chain: Chain) -> tuple[Chain, int]:
            return Chain((), chain.best), len(chain.words)

        cleared = await self.store.change_chain(guild_id, date, user_id, change, self.calendar.clock())
        return cleared, await self.state(guild_id, user_id, date)

    async def hint(self, date: dt.date, chain: tuple[str, ...], team: bool = False) -> Hint:
        """The hint for a chain (a player's, or with ``team`` the team's) on the box of ``date``."""
        puzzle = await self.puzzle(date)
        words = self._words.get(date)
        if words is None:
            words = self._words[date] = await asyncio.to_thread(letterbox.Words.of, self.accepted, puzzle.box)
            while len(self._words) > 3:  # the days some time zone may be playing: yesterday, today, tomorrow
                del self._words[min(self._words)]
        return await asyncio.to_thread(make_hint, puzzle, chain, words, self.accepted, self.everyday, team)
