"""Each feature's plug-in: what the platform and the front doors know of a feature without importing it.

A feature declares one ``PLUGIN = Plugin(...)`` in its own ``plugin.py`` (a light module: no Discord,
no database), and the platform finds them by that file name, as the bot finds the features' cogs:
the daily posts, setup, reminders, /settings, the boards and the terminal ask this registry which
daily games and which boards there are, never a list written in the platform. A third daily game
is one new folder with its ``plugin.py``.

What runs (taking a play, posting a day, answering a button) a feature's cog registers with the
bot when it loads (``bot.providers``); what is only known (names, titles, icons) is declared here,
so the terminal and the slash commands' choices see every game before any cog is loaded.
"""

from __future__ import annotations

import datetime as dt
import importlib
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from bot.icons import GENIUS, QUEEN_BEE, Icon
from bot.text import long_date

if TYPE_CHECKING:
    from bot.db import Database

PLUGIN_FILE = "plugin.py"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A daily game's names. ``top_percent`` of a day's maximum makes a top day (the bee's
    Genius); every point makes a perfect day (Queen Bee). ``highlight`` names what the
    boards count beside words (pangrams). ``top_icon`` and ``perfect_icon`` mark those days
    in text and pictures alike (``bot.icons``)."""

    key: str  # 'bee': the key in daily_schedules, daily_posts and player_days
    title: str  # 'Spelling Bee'
    command: str  # 'bee': /bee setup, /bee play ...
    thing: str  # 'hive': what a day's post shows ("that hive was for ...")
    highlight: str  # 'pangram': counted on the boards beside words
    top_name: str  # 'Genius'
    perfect_name: str  # 'Queen Bee'
    top_percent: int  # 70
    emoji: str = "📅"  # the game itself, in its daily post and setup replies
    calendar: tuple[tuple[int, int, int], ...] = ()  # its /stats calendar's colours above "not played",
    # light to dark, one a level (bot.boards.year); empty: the boards' own blues
    levels: tuple[str, ...] = ("not played", "played")  # its calendar's levels below its top day
    days_counted: tuple[str, str] = ("day played", "days played")  # the days its totals count
    level: DayLevel | None = None  # a finished day's calendar level; None: played, top day, perfect day
    first_day: dt.date | None = None  # the day of its puzzle #1 (its daily puzzles count from it)
    top_icon: Icon = GENIUS
    perfect_icon: Icon = QUEEN_BEE
    days: str = "player_days"  # where its per-day totals are: a table or a subquery in player_days' shape,
    # ``{guild_id}`` standing for the server's id (written in the game's store.py: the challenges')
    unfinished: UnfinishedDays | None = None  # the days a player began and did not finish, when
    # player_days holds finished days only (the box's: its chains)
    together: str | None = None  # the player_days game of its days played together ('bee-team'): a
    # player's row there is their part of the team's day (``bot.days.together``)
    team_adds_up: bool = True  # a together day's team points: its players' rows summed (each word is
    # credited once: the bee's), or the points each row carries (the team's one solve: the box's)
    together_words: tuple[str, str] = ("word found first", "words found first")  # a player's words of a
    # together day, as counted there (the box's: "words played")
    rank: Callable[[int, int], str] | None = None  # a day's rank named from its points and maximum
    # (the bee's "Genius"); None: the top and perfect names are the ranks

    def number(self, date: dt.date) -> int | None:
        """The puzzle number of ``date``: #1 on ``first_day``; None before it or for a game without one."""
        if self.first_day is None or date < self.first_day:
            return None
        return (date - self.first_day).days + 1

    def day_title(self, date: dt.date, prefix: str = "") -> str:
        """``Spelling Bee · #698 · Sunday 29 November 2026`` (``prefix``: ``Team `` ...), as the post,
        Share and the terminal name a day: players speak of "Bee #698"."""
        number = self.number(date)
        return f"{prefix}{self.title} · " + (f"#{number} · " if number else "") + long_date(date)

    def rank_name(self, points: int, max_points: int) -> str | None:
        """The rank of ``points`` of ``max_points``: the game's own (the bee's), else its perfect or top
        name, or None below its top day."""
        if self.rank is not None:
            return self.rank(points, max_points)
        if points >= max_points:
            return self.perfect_name
        return self.top_name if points >= (max_points * self.top_percent * 2 + 100) // 200 else None  # the boards' rule

    @property
    def top_badge(self) -> str:
        return self.top_icon.emoji

    @property
    def perfect_badge(self) -> str:
        return self.perfect_icon.emoji


class DayLevel(Protocol):
    """A finished day's level on the game's calendar (1 to ``len(levels) + 1``): from its points,
    the day's maximum, its words, and whether it is a top day by the boards' rule."""

    def __call__(self, points: int, max_points: int, words: int, top: bool) -> int: ...


class UnfinishedDays(Protocol):
    """A game's days a player began and did not finish, between two days (ISO dates), read by the
    game's own store (imported when first asked: the registry stays light)."""

    async def __call__(self, db: Database, guild_id: int, user_id: int, first: str, last: str) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class DayWords:
    """A day of a word game as another feature reads it (study makes cards of a day's missed words)."""

    letters: str
    center: str
    answers: tuple[str, ...]
    found: frozenset[str]  # the player's words that day, in that server


DayWordsReader = Callable[["Database", int, int, dt.date], Awaitable[DayWords | None]]
"""``(db, guild_id, user_id, day)``: the day's words and the player's finds (None: no puzzle that day)."""


@dataclass(frozen=True, slots=True)
class Miss:
    """An alphagram a player missed (in a quiz round or a daily challenge), for study's cards."""

    alphagram: str
    lexicon: str  # the list it was asked in
    missed_at: str  # as stored (ISO text, which orders as time does)


class MissesReader(Protocol):
    """A player's misses, as the feature that keeps them reads them (the quiz's store)."""

    async def last(self, db: Database, user_id: int) -> str | None: ...

    async def since(self, db: Database, user_id: int, since: str) -> list[Miss]: ...


@dataclass(frozen=True, slots=True)
class MissesTaken:
    """A player's misses just taken into their study deck, in study's words: ``line`` for the
    player ("5 missed alphagrams join your study deck: they come up today."), ``brief`` beside their
    name in a public list ("3 today, 2 from tomorrow")."""

    line: str
    brief: str


class MissesTaker(Protocol):
    """Study's cog (``bot.providers``): takes a player's new misses into their deck at once, so
    that the message showing the misses (a round's end, a challenge's result) says when they come
    up; None when no card came (none new, cards from misses off, or all in the deck already)."""

    async def take_misses(self, user_id: int, now: dt.datetime) -> MissesTaken | None: ...


@dataclass(frozen=True, slots=True)
class Plugin:
    """What a feature tells the platform. Fields a feature does not need stay empty."""

    daily: GameInfo | None = None  # its daily game: posted, set up, reminded of, ranked on the boards
    variants: tuple[GameInfo, ...] = ()  # the same daily game in other languages, each its own daily game
    # (its own key, schedules and boards: 'bee-fr'), set up with the game's command (/bee setup language:)
    boards: tuple[GameInfo, ...] = ()  # other days of play the boards rank (the daily challenges')
    day_words: DayWordsReader | None = None  # a day's words and a player's finds, for other features
    misses: MissesReader | None = None  # the alphagrams players missed, for other features (study)
    order: int = 50  # where its games come in lists and choices (lower first)


def plugin_modules() -> tuple[str, ...]:
    """Every feature's plug-in module under ``bot/``, found by its file name (no package is imported
    to look)."""
    root = Path(__file__).resolve().parent
    found = (".".join(("bot", *path.relative_to(root).with_suffix("").parts)) for path in root.rglob(PLUGIN_FILE))
    return tuple(sorted(found))


@cache
def plugins() -> tuple[Plugin, ...]:
    """The features' plug-ins, in their ``order`` (then by module)."""
    found = [(name, importlib.import_module(name).PLUGIN) for name in plugin_modules()]
    return tuple(plugin for _, plugin in sorted(found, key=lambda item: (item[1].order, item[0])))


def daily_plugin(key: str) -> Plugin:
    """The plug-in of the daily game ``key`` (LookupError when there is none)."""
    for plugin in plugins():
        if plugin.daily is not None and key in (plugin.daily.key, *(game.key for game in plugin.variants)):
            return plugin
    raise LookupError(f"No daily game is called {key!r}.")


def misses_reader() -> MissesReader | None:
    """Who reads players' misses (the quiz's plug-in), if a feature keeps them."""
    return next((plugin.misses for plugin in plugins() if plugin.misses is not None), None)


class Games(Mapping[str, GameInfo]):
    """A read-only view of the registry, by game key, in the plug-ins' order, read when first used."""

    def __init__(self, pick: Callable[[Plugin], tuple[GameInfo, ...]]) -> None:
        self._pick = pick
        self._by_key: dict[str, GameInfo] | None = None

    def _games(self) -> dict[str, GameInfo]:
        if self._by_key is None:  # the plug-ins are found once per process (plugins())
            self._by_key = {game.key: game for plugin in plugins() for game in self._pick(plugin)}
        return self._by_key

    def __getitem__(self, key: str) -> GameInfo:
        return self._games()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


DAILY_GAMES = Games(lambda plugin: ((plugin.daily,) + plugin.variants) if plugin.daily else ())
"""The daily games (the bee, the box...): what daily posts, setup, reminders and /settings offer."""
BOARD_GAMES = Games(lambda plugin: ((plugin.daily,) + plugin.variants if plugin.daily else ()) + plugin.boards)
"""Every game the boards rank: the daily games, then the other days of play (the challenges)."""
