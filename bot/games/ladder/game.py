"""The daily word ladder as a game with state: the day's ladder, each player's climb, solves, the post.

Knows nothing of Discord: ids and strings in, one result out. The ladder of a date is the same in
every guild (``solvers.ladder.generate``), stored the first time it is needed.

A climb is the rungs played after the start; it is solved when its last rung is the end. Scoring
(``points``): a solve at par earns 10 points (par is proven: none is shorter), each rung over par
costs 2 (at least 1 point). One rung over par is the game's top day (``LADDER.top_name``), at par
its perfect day. A player may undo a rung, or restart (the best solve stays) and try again for
fewer rungs; the best solve counts, with its time from the day's first rung.
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
from bot.games.ladder.hints import Hint, make_hint
from bot.games.ladder.plugin import LADDERS, MAX_POINTS
from bot.games.ladder.store import BestFound, Climb, LadderStore, Solve
from solvers import ladder
from solvers.ladder import DailyLadder, Rung
from solvers.lexicon import Lexicon

MAX_RUNGS = 30  # rungs in a climb
MAX_PLAY_CHARS = 400


def points(rungs: int, par: int) -> int:
    """Points for a solve in ``rungs`` rungs on a ladder of ``par``."""
    return max(1, MAX_POINTS - 2 * max(0, rungs - par))


class Ruling(enum.Enum):
    """How the ladder ruled on a move (``PlayResult.outcome``)."""

    PLAYED = "played"  # every rung accepted; not solved yet
    REFUSED = "refused"  # a rung was refused (the rungs before it, if any, were played)
    SOLVED = "solved"
    ALREADY_SOLVED = "already solved"  # the climb is solved: restart to climb again
    FULL = "full"
    EMPTY = "empty"


@dataclass(frozen=True, slots=True)
class PlayResult:
    outcome: Ruling
    puzzle: DailyLadder
    played: tuple[str, ...]  # the rungs this play added
    refused: Rung | None
    rungs: tuple[str, ...]  # the climb after the play
    best: Solve | None  # the best solve of the day after the play
    previous_best: Solve | None  # before the play
    unplayed: tuple[str, ...] = ()  # words after a refused rung or after the solve, not judged

    @property
    def new_best(self) -> bool:
        return self.outcome is Ruling.SOLVED and self.best != self.previous_best

    @property
    def announced(self) -> bool:
        """The channel hears of the day's first solve, and of a better one that reaches par."""
        if not self.new_best:
            return False
        return self.previous_best is None or (len(self.best.rungs) <= self.puzzle.par
                                              < len(self.previous_best.rungs))


@dataclass(frozen=True, slots=True)
class Played:
    """What one move did (``LadderGame.take``): the day, and the play on the player's climb."""

    day: Day
    player_id: int
    result: PlayResult


@dataclass(frozen=True, slots=True)
class ClimbState:
    puzzle: DailyLadder
    rungs: tuple[str, ...]
    best: Solve | None

    @property
    def solved(self) -> bool:
        return bool(self.rungs) and self.rungs[-1] == self.puzzle.end


@dataclass(frozen=True, slots=True)
class DailyPost:
    puzzle: DailyLadder
    yesterday: DailyLadder | None  # only when the guild had a post yesterday
    best_found: list[BestFound]  # yesterday's solves in the guild, by rungs
    top_players: list[Standing]


class LadderGame(LanguageLists):
    """Word ladder play over the database; days and schedules come from the daily calendar. A
    language's ladder (``language``: its own daily game, ``LADDERS``) plays its own ladders, made
    from that language's lists (``everyday`` and ``accepted``: the lists, or what loads them when
    first needed: ``LanguageLists``); a rung is typed with or without accents."""

    def __init__(self, db: Database, everyday: Lexicon | Callable[[], Lexicon],
                 accepted: Lexicon | Callable[[], Lexicon], calendar: DailyCalendar, *,
                 salt: str = "", language: str = "en") -> None:
        self.language = language
        self.info = LADDERS[language]
        self.store = LadderStore(db, language)
        self.boards = BoardsStore(db)
        self.calendar = calendar
        self._lists = (everyday, accepted)
        self.salt = salt
        self.days = DailyPlay(calendar, self.info)
        self._cache: dict[dt.date, DailyLadder] = {}
        self._walks: dict[dt.date, ladder.Levels] = {}  # each day's walk from its end, for hints

    async def puzzle(self, date: dt.date) -> DailyLadder:
        """The ladder of ``date``: as stored, or generated (off the event loop) and stored."""
        if date in self._cache:
            return self._cache[date]
        stored = await self.store.get_puzzle(date)
        if stored is None:
            made = await asyncio.to_thread(lambda: ladder.generate(date, self.everyday, self.accepted, self.salt))
            stored = await self.store.save_puzzle(made)
        self._cache[date] = stored
        return stored

    async def daily_post(self, guild_id: int, date: dt.date) -> DailyPost:
        yesterday = date - dt.timedelta(days=1)
        had_post = await self.calendar.store.has_post(self.info.key, guild_id, yesterday)
        previous = await self.puzzle(yesterday) if had_post else None
        best, top = [], []
        if previous is not None:
            best = await self.store.best_found(guild_id, yesterday)
            top = (await self.boards.standings(self.info.key, guild_id, yesterday, yesterday,
                                               self.info.top_percent))[:3]
        return DailyPost(await self.puzzle(date), previous, best, top)

    async def state(self, guild_id: int, user_id: int, date: dt.date) -> ClimbState:
        climb = await self.store.climb(guild_id, date, user_id)
        return ClimbState(await self.puzzle(date), climb.rungs, climb.best)

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None,
                   via: Via = Via.COMMAND) -> Played | Refusal:
        """A player's move: the day (``bot.daily.play``), then the rungs played on the player's climb."""
        day = await self.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        return Played(day, player_id, await self.play(guild_id, player_id, day.date, words, name))

    async def play(self, guild_id: int, user_id: int, date: dt.date, typed: str | Sequence[str],
                   name: str | None = None) -> PlayResult:
        """Judge a rung or several (``warm``, ``warm ward card``: read by ``bot.chat.words``), one
        by one after the player's climb; keep the rungs accepted before any refusal; record a solve."""
        puzzle = await self.puzzle(date)
        await self.boards.remember_player_name(guild_id, user_id, name)
        words = list(typed_words(typed, MAX_RUNGS + 1).words)
        now = self.calendar.clock()

        def change(climb: Climb) -> tuple[Climb, PlayResult]:
            started = climb.started_at or now
            result = self.judge(puzzle, climb.rungs, climb.best, words, max(0, int((now - started).total_seconds())))
            return Climb(result.rungs, result.best, climb.started_at), result

        return await self.store.change_climb(guild_id, date, user_id, change, now)

    def judge(self, puzzle: DailyLadder, rungs: tuple[str, ...], best: Solve | None, words: list[str],
              seconds: int = 0) -> PlayResult:
        """Judge words one by one after a climb (a player's, or a team's): what they add, up to a
        refusal or the solve."""
        current = list(rungs)

        def result(outcome: Ruling, judged: int, refused: Rung | None = None, new_best: Solve | None = best):
            return PlayResult(outcome, puzzle, tuple(current[len(rungs):]), refused, tuple(current), new_best, best,
                              tuple(words[judged:]))

        if not words:
            return result(Ruling.EMPTY, 0)
        if rungs and rungs[-1] == puzzle.end:
            return result(Ruling.ALREADY_SOLVED, 0)
        for judged, word in enumerate(words):
            if len(current) >= MAX_RUNGS:
                return result(Ruling.FULL, judged)
            rung = ladder.check_rung(self.accepted, (puzzle.start, *current), played_word(word, self.language))
            if not rung.ok:
                return result(Ruling.REFUSED, judged + 1, rung)
            current.append(rung.word)
            if rung.word == puzzle.end:
                solve = Solve(tuple(current), points(len(current), puzzle.par), seconds)
                better = best is None or len(solve.rungs) < len(best.rungs)
                return result(Ruling.SOLVED, judged + 1, new_best=solve if better else best)
        return result(Ruling.PLAYED, len(words))

    async def undo(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str | None, ClimbState]:
        """Take back the climb's last rung (None when there is none)."""

        def change(climb: Climb) -> tuple[Climb, str | None]:
            return Climb(climb.rungs[:-1], climb.best), (climb.rungs[-1] if climb.rungs else None)

        removed = await self.store.change_climb(guild_id, date, user_id, change, self.calendar.clock())
        return removed, await self.state(guild_id, user_id, date)

    async def restart(self, guild_id: int, user_id: int, date: dt.date) -> tuple[int, ClimbState]:
        """Clear the climb (the best solve stays); returns how many rungs were cleared."""

        def change(climb: Climb) -> tuple[Climb, int]:
            return Climb((), climb.best), len(climb.rungs)

        cleared = await self.store.change_climb(guild_id, date, user_id, change, self.calendar.clock())
        return cleared, await self.state(guild_id, user_id, date)

    async def hint(self, date: dt.date, rungs: tuple[str, ...], team: bool = False) -> Hint:
        """The hint for a climb (a player's, or with ``team`` the team's) on the ladder of ``date``."""
        puzzle = await self.puzzle(date)
        graph = await asyncio.to_thread(ladder.graph_of, self.accepted, puzzle.length)
        walk = self._walks.get(date)
        if walk is None:
            walk = self._walks[date] = await asyncio.to_thread(ladder.levels, graph, graph.position[puzzle.end])
            while len(self._walks) > 3:  # the days some time zone may be playing
                del self._walks[min(self._walks)]
        return make_hint(puzzle, rungs, graph, walk, self.everyday, team)
