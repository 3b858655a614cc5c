"""The word ladder played together: one climb for the whole server on a together day.

Anyone adds the next rung (or several), judged by ``solvers.ladder.check_rung`` as a solo climb's;
``undo`` and ``restart`` are the platform's (``bot.games.together.chain``). The team's best solve
(fewest rungs) is kept, with who played each of its rungs. Knows nothing of Discord.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.chat.words import typed_words
from bot.daily.play import Day, Refusal, Via
from bot.daily.schedule import Play
from bot.days.chain_store import TeamChain, TeamChainStore, TeamSolve
from bot.days.team_store import TeamStore
from bot.games.ladder.game import MAX_RUNGS, LadderGame, Played, PlayResult, Ruling
from bot.games.ladder.hints import Hint
from bot.games.ladder.plugin import LADDER
from bot.games.ladder.store import Solve
from bot.games.together.chain import RESTART, UNDO, ChainCommands, TeamCommand
from solvers.ladder import DailyLadder

TABLES = "ladder_team"  # ladder_team_words, _solves, _restarts (migrations 0019 / postgres 0014)


@dataclass(frozen=True, slots=True)
class TeamPlay:
    """Rungs played on the team's climb."""

    day: Day
    player_id: int
    result: PlayResult
    players: tuple[int, ...]  # who played each rung of the climb after the play


@dataclass(frozen=True, slots=True)
class LadderProgress:
    puzzle: DailyLadder
    chain: TeamChain  # its words are the climb's rungs
    restart_asked: tuple[int, ...] = ()  # who asked for a restart within the last minute


class LadderTeam:
    def __init__(self, game: LadderGame) -> None:
        self.game = game
        self.calendar = game.calendar
        self.store = TeamStore(game.store.db)
        self.chains = TeamChainStore(game.store.db, TABLES)
        self.commands = ChainCommands(self.chains, lambda: self.calendar.clock())

    async def move(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None, via: Via = Via.COMMAND,
                   moderator: bool = False) -> TeamPlay | TeamCommand | Played | Refusal:
        """A player's move on any day: on a together day the team's climb (``undo`` or ``restart``
        typed alone are those commands), on a solo day the player's own."""
        day = await self.game.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        if day.play is not Play.TOGETHER:
            return await self.game.take(guild_id, channel_id, player_id, words, name=name, post_date=post_date, via=via)
        return await self.together(day, player_id, typed_words(words, MAX_RUNGS + 1).words, name, moderator)

    async def together(self, day: Day, player_id: int, words: Sequence[str], name: str | None = None,
                       moderator: bool = False) -> TeamPlay | TeamCommand:
        typed = tuple(words[:MAX_RUNGS + 1])
        if typed == (UNDO,):
            return await self.commands.undo(day, player_id, moderator)
        if typed == (RESTART,):
            return await self.commands.restart(day, player_id, moderator)
        await self.game.boards.remember_player_name(day.guild_id, player_id, name)
        return await self.play(day, player_id, typed)

    async def play(self, day: Day, player_id: int, words: Sequence[str]) -> TeamPlay:
        puzzle = await self.game.puzzle(day.date)

        def change(chain: TeamChain) -> tuple[TeamChain, TeamPlay]:
            best = Solve(chain.best.words, chain.best.points) if chain.best else None
            result = self.game.judge(puzzle, chain.words, best, [w.lower() for w in words])
            players = chain.players + (player_id,) * len(result.played)
            solve = chain.best
            if result.best is not None and result.best != best:  # a new best: who played each of its rungs
                solve = TeamSolve(result.best.rungs, players[-len(result.best.rungs):], result.best.points)
            return TeamChain(result.rungs, players, solve), TeamPlay(day, player_id, result, players)

        return await self.chains.change(day.guild_id, day.date, change, self.calendar.clock())

    async def undo(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        return await self.commands.undo(day, player_id, moderator)

    async def restart(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        return await self.commands.restart(day, player_id, moderator)

    async def is_together(self, guild_id: int, date: dt.date) -> bool:
        return await self.calendar.play_style(LADDER, guild_id, date) is Play.TOGETHER

    async def hint(self, guild_id: int, player_id: int, date: dt.date) -> Hint:
        """The hint for the climb a player builds on ``date``: on a together day the team's, else their own."""
        if await self.is_together(guild_id, date):
            return await self.game.hint(date, (await self.chains.chain(guild_id, date)).words, team=True)
        return await self.game.hint(date, (await self.game.store.climb(guild_id, date, player_id)).rungs)

    async def progress(self, guild_id: int, date: dt.date) -> LadderProgress:
        puzzle = await self.game.puzzle(date)
        chain = await self.chains.chain(guild_id, date)
        return LadderProgress(puzzle, chain, await self.commands.restart_asked(guild_id, date))


def solved(play: TeamPlay) -> bool:
    return play.result.outcome is Ruling.SOLVED


@dataclass(frozen=True, slots=True)
class TeamMoves:
    """The team game as the post buttons' ``TakesMoves`` (its ``take`` is ``move``)."""

    team: LadderTeam
    moderator: bool = False

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str],
                   **options) -> TeamPlay | TeamCommand | Played | Refusal:
        return await self.team.move(guild_id, channel_id, player_id, words, moderator=self.moderator, **options)
