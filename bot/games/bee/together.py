"""The Spelling Bee played together: one game for the whole server on a together day.

A word counts once for the team: the first player to type it is credited with it (the
database decides, so two players typing it in the same second give exactly one credit).
Knows nothing of Discord: ids and words in, plain results out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.chat.words import typed_words
from bot.daily.play import Day, Refusal, Via
from bot.daily.schedule import Play
from bot.days.team_store import BEE_TEAM, Credit, TeamStore
from bot.games.bee.game import ANNOUNCED_RANKS, BeeGame, Guesses, Verdict, judge
from solvers import bee
from solvers.bee import Puzzle, Rank
from solvers.screen import is_slur

TOP_FINDERS = 5


@dataclass(frozen=True, slots=True)
class TeamTake:
    """What one message (or form, or command) did for the team."""

    new: tuple[Credit, ...]  # words credited now, to this player
    already: tuple[str, ...]  # words of the day the team had found before
    wrong: int  # words that are not words of the day (never repeated: they may be anything)
    cut: int  # words past MAX_WORDS, not read
    points: int  # the team's points after this take
    rank: Rank
    reached: str | None  # "Genius" or "Queen Bee" when this take reached it
    day: Day | None = None  # the day played (None when taken without one, as the tests do)

    @property
    def pangram(self) -> bool:
        return any(c.pangram for c in self.new)


@dataclass(frozen=True, slots=True)
class TeamProgress:
    """The team's day: what its live progress message shows."""

    puzzle: Puzzle
    credits: tuple[Credit, ...]  # in the order found
    points: int
    rank: Rank
    finders: tuple[tuple[int, int, int], ...]  # (user id, words, points) of every player, most words first

    @property
    def top_finders(self) -> tuple[tuple[int, int, int], ...]:
        return self.finders[:TOP_FINDERS]

    @property
    def players(self) -> int:
        return len(self.finders)

    def found_by(self, user_id: int) -> int:
        """The words the player found first."""
        return next((words for user, words, _ in self.finders if user == user_id), 0)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(sorted(c.word for c in self.credits))

    @property
    def pangrams_found(self) -> int:
        return sum(c.pangram for c in self.credits)

    def by_first_letter(self) -> dict[str, tuple[str, ...]]:
        groups: dict[str, list[str]] = {}
        for word in self.words:
            groups.setdefault(word[0], []).append(word)
        return {letter: tuple(words) for letter, words in sorted(groups.items())}


@dataclass(frozen=True, slots=True)
class Missed:
    """The words of a together day nobody found, for the next day's post."""

    words: tuple[str, ...]  # alphabetical
    most_common: str | None
    least_common: str | None


class BeeTeam:
    """The team game of the bee over the database; the puzzle comes from the solo game's store."""

    def __init__(self, game: BeeGame) -> None:
        self.game = game
        self.store = TeamStore(game.store.db)

    @property
    def moves(self) -> _Moves:
        """This team game as the post buttons' ``TakesMoves`` (its ``take`` is ``move``)."""
        return _Moves(self)

    async def move(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None,
                   via: Via = Via.COMMAND) -> TeamTake | Guesses | Refusal:
        """A player's move on any day: the day's checks (``bot.daily.play``), then the team's take on
        a together day, the player's own guesses (``BeeGame.take``) on a solo one."""
        day = await self.game.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        if day.play is not Play.TOGETHER:
            return await self.game.take(guild_id, channel_id, player_id, words, name=name, post_date=post_date, via=via)
        typed = typed_words(words)
        return replace(await self.credit(guild_id, player_id, day.date, typed.words, name, typed.unread), day=day)

    async def credit(self, guild_id: int, user_id: int, date: dt.date, words: Sequence[str],
                   name: str | None = None, cut: int = 0) -> TeamTake:
        """Judge a player's words and credit the team's new ones to the player."""
        puzzle = await self.game.puzzle(date)
        await self.game.boards.remember_player_name(guild_id, user_id, name)
        answers, wrong, seen = [], 0, set()
        for word in words:
            if word in seen:
                continue
            seen.add(word)
            verdict, _ = judge(puzzle, word)
            if verdict is Verdict.ACCEPTED:
                answers.append(word)
            elif not is_slur(word):  # a slur is not even counted as a try
                wrong += 1
        scored = [(w, bee.score(w, puzzle), w in puzzle.pangrams) for w in answers]
        credited, after = await self.store.credit_bee_words(guild_id, date, user_id, scored, self.game.calendar.clock())
        new = tuple(Credit(w, user_id, p, g) for w, p, g in scored if w in credited)
        already = tuple(w for w in answers if w not in credited)
        now_rank = bee.rank(after, puzzle.max_score)
        was = bee.rank(after - sum(c.points for c in new), puzzle.max_score)
        reached = now_rank.name if new and now_rank.name != was.name and now_rank.name in ANNOUNCED_RANKS else None
        return TeamTake(new, already, wrong, cut, after, now_rank, reached)

    async def progress(self, guild_id: int, date: dt.date) -> TeamProgress:
        puzzle = await self.game.puzzle(date)
        credits = tuple(await self.store.bee_credits(guild_id, date))
        points = sum(c.points for c in credits)
        finders = tuple(await self.store.finders(BEE_TEAM, guild_id, date, date))
        return TeamProgress(puzzle, credits, points, bee.rank(points, puzzle.max_score), finders)

    async def missed(self, guild_id: int, date: dt.date) -> Missed:
        puzzle = await self.game.puzzle(date)
        found = {c.word for c in await self.store.bee_credits(guild_id, date)}
        left = tuple(w for w in puzzle.answers if w not in found)
        if not left:
            return Missed((), None, None)
        by_commonness = sorted(left, key=lambda w: (-self.game.lexicon.commonness(w), w))
        return Missed(left, by_commonness[0], by_commonness[-1] if len(left) > 1 else None)


@dataclass(frozen=True, slots=True)
class _Moves:
    team: BeeTeam

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str],
                   **options) -> TeamTake | Guesses | Refusal:
        return await self.team.move(guild_id, channel_id, player_id, words, **options)
