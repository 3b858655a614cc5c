"""The daily Spelling Bee as a game with state: schedules, today's puzzle, guesses, progress.

Knows nothing of Discord: it takes ids and strings and returns plain results. A guild's day
is its local date in the time zone of its schedule; the puzzle of a date is the same for
every guild (``solvers.bee.generate``), stored the first time it is needed.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.store import Standing, Store, StoredPuzzle, StoredSchedule
from solvers import bee
from solvers.bee import Puzzle, Rank
from solvers.lexicon import Lexicon

LOCAL_GUILD = 0  # the terminal player's "guild" and user id (wordbot bee play)
ANNOUNCED_RANKS = ("Genius", "Queen Bee")
GENIUS_PERCENT = dict(bee.RANKS)["Genius"]
MAX_GUESS_CHARS = 40
_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


class BeeSetupError(ValueError):
    """A schedule that cannot be used; the message says what to fix."""


class NoBee(LookupError):
    """The guild has no active Spelling Bee; the message says how to start one."""


class Verdict(enum.Enum):
    ACCEPTED = "accepted"
    NOT_LETTERS = "not letters"
    TOO_SHORT = "too short"
    BAD_LETTER = "letter not in the hive"
    MISSING_CENTER = "missing the centre letter"
    NOT_IN_LIST = "not in the word list"
    ALREADY_FOUND = "already found"


@dataclass(frozen=True, slots=True)
class Schedule:
    guild_id: int
    channel_id: int
    post_time: dt.time
    timezone: str
    active: bool = True

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def local_date(self, now: dt.datetime) -> dt.date:
        return now.astimezone(self.zone).date()

    def post_instant(self, date: dt.date) -> dt.datetime:
        """When the post of ``date`` is due, in UTC. A local time that a daylight-saving jump
        skips is read with the offset before the jump (02:30 on a spring-forward night posts
        at 03:30); a time that occurs twice posts at its first occurrence."""
        return dt.datetime.combine(date, self.post_time, tzinfo=self.zone).astimezone(dt.UTC)

    @classmethod
    def from_stored(cls, stored: StoredSchedule) -> Schedule:
        hours, minutes = map(int, stored.post_time.split(":"))
        return cls(stored.guild_id, stored.channel_id, dt.time(hours, minutes), stored.timezone, stored.active)


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


def parse_post_time(text: str) -> dt.time:
    match = _TIME.fullmatch(str(text).strip())
    if not match:
        raise BeeSetupError(f"Give the time as HH:MM on a 24-hour clock, e.g. 09:00 or 18:30; not {str(text)[:20]!r}.")
    return dt.time(int(match[1]), int(match[2]))


def parse_timezone(name: str) -> str:
    name = str(name).strip()
    if name not in _zones():
        raise BeeSetupError(
            f"{name[:40]!r} is not a time zone I know. Pick one from the list, e.g. Europe/London or America/New_York."
        )
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise BeeSetupError(f"Time zone {name!r} has no data on this machine.") from None
    return name


def matching_timezones(text: str, limit: int = 25) -> list[str]:
    """Time zones containing ``text`` (case-insensitive), best matches first, for autocomplete."""
    needle = str(text).strip().lower().replace(" ", "_")
    zones = sorted(_zones())
    if not needle:
        return [z for z in zones if z.startswith(("America/", "Europe/", "Asia/", "Australia/"))][:limit]
    hits = [z for z in zones if needle in z.lower()]
    hits.sort(key=lambda z: (not z.lower().rsplit("/", 1)[-1].startswith(needle), not z.lower().startswith(needle), z))
    return hits[:limit]


def _zones() -> set[str]:
    global _ZONES
    if _ZONES is None:
        _ZONES = {z for z in available_timezones() if "/" in z or z == "UTC"}
    return _ZONES


_ZONES: set[str] | None = None


def judge(puzzle: Puzzle, word: str) -> tuple[Verdict, str]:
    """Why a word is or is not an answer, checked in the order players expect."""
    if not word.isascii() or not word.isalpha():
        return Verdict.NOT_LETTERS, ""
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


class BeeGame:
    """Spelling Bee play over the store. ``clock`` returns the current aware UTC time."""

    def __init__(self, store: Store, lexicon: Lexicon, *, salt: str = "", clock: Callable[[], dt.datetime] | None = None):
        self.store = store
        self.lexicon = lexicon
        self.salt = salt
        self.clock = clock or (lambda: dt.datetime.now(dt.UTC))
        self._cache: dict[dt.date, Puzzle] = {}
        self._names: dict[tuple[int, int], str] = {}

    async def puzzle(self, date: dt.date) -> Puzzle:
        """The puzzle of ``date``: as stored, or generated (off the event loop) and stored."""
        if date in self._cache:
            return self._cache[date]
        stored = await self.store.get_puzzle(date)
        if stored is None:
            made = await asyncio.to_thread(bee.generate, self.lexicon, date, self.salt)
            stored = await self.store.save_puzzle(StoredPuzzle(date, made.letters, made.center, made.answers, made.max_score))
        puzzle = Puzzle.from_answers(stored.letters, stored.center, stored.answers, date)
        self._cache[date] = puzzle
        return puzzle

    # ------------------------------------------------------------------ schedules

    async def setup(self, guild_id: int, channel_id: int, time: str, timezone: str, user_id: int) -> Schedule:
        post_time, zone = parse_post_time(time), parse_timezone(timezone)
        await self.store.set_schedule(guild_id, channel_id, post_time.strftime("%H:%M"), zone, user_id)
        return Schedule(guild_id, channel_id, post_time, zone)

    async def first_post(self, schedule: Schedule) -> tuple[dt.datetime, bool]:
        """When a new schedule's first post comes, and whether that is now (today's time has passed)."""
        now = self.clock()
        date = schedule.local_date(now)
        if schedule.post_instant(date) > now:
            return schedule.post_instant(date), False
        posting_now = not await self.store.has_post(schedule.guild_id, date)
        return (now if posting_now else schedule.post_instant(date + dt.timedelta(days=1))), posting_now

    async def stop(self, guild_id: int, user_id: int) -> bool:
        return await self.store.stop_schedule(guild_id, user_id)

    async def schedule(self, guild_id: int) -> Schedule:
        """The guild's active schedule, or NoBee saying how to start one."""
        stored = await self.store.get_schedule(guild_id)
        if stored is None:
            raise NoBee("There is no Spelling Bee in this server yet. Someone with Manage Server can start one with /bee setup.")
        if not stored.active:
            raise NoBee("The Spelling Bee is stopped in this server. Someone with Manage Server can restart it with /bee setup.")
        return Schedule.from_stored(stored)

    async def today(self, guild_id: int) -> tuple[Schedule, dt.date]:
        schedule = await self.schedule(guild_id)
        return schedule, schedule.local_date(self.clock())

    async def due_posts(self) -> list[tuple[Schedule, dt.date]]:
        """Active schedules whose post for their local today is due and not yet made."""
        now = self.clock()
        due = []
        for schedule in map(Schedule.from_stored, await self.store.active_schedules()):
            date = schedule.local_date(now)
            if now >= schedule.post_instant(date) and not await self.store.has_post(schedule.guild_id, date):
                due.append((schedule, date))
        return due

    async def next_post_time(self) -> dt.datetime | None:
        """The earliest future moment a post falls due, or None with no active schedule."""
        now = self.clock()
        times = []
        for schedule in map(Schedule.from_stored, await self.store.active_schedules()):
            date = schedule.local_date(now)
            instant = schedule.post_instant(date)
            if instant <= now:
                instant = schedule.post_instant(date + dt.timedelta(days=1))
            times.append(instant)
        return min(times, default=None)

    async def daily_post(self, guild_id: int, date: dt.date) -> DailyPost:
        yesterday = date - dt.timedelta(days=1)
        previous = await self.puzzle(yesterday) if await self.store.has_post(guild_id, yesterday) else None
        finders = await self.store.pangram_finders(guild_id, yesterday) if previous else {}
        top = (await self.store.standings("bee", guild_id, yesterday, yesterday, GENIUS_PERCENT))[:3] if previous else []
        return DailyPost(await self.puzzle(date), previous, finders, top)

    # ------------------------------------------------------------------ play

    async def guess(self, guild_id: int, user_id: int, date: dt.date, text: str, name: str | None = None) -> GuessResult:
        """Judge and, when accepted, store a guess. Already-found words score nothing.
        ``name`` is the player's display name, remembered for the command line's boards."""
        puzzle = await self.puzzle(date)
        if name is not None and self._names.get((guild_id, user_id)) != name:
            await self.store.set_player_name(guild_id, user_id, name)
            self._names[guild_id, user_id] = name
        word = "".join(str(text).split()).lower()[:MAX_GUESS_CHARS]
        verdict, detail = judge(puzzle, word)
        if verdict is not Verdict.ACCEPTED:
            return GuessResult(verdict, word, puzzle, detail)
        points = bee.score(word, puzzle)
        pangram = word in puzzle.pangrams
        record = await self.store.add_guess(guild_id, date, user_id, word, points, pangram, self.clock())
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
