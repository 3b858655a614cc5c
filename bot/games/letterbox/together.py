"""Letter Boxed played together: one chain for the whole server on a together day.

Anyone extends the team's chain with the next word (or several); ``undo`` takes back the last
word, only by its player or a member with Manage Messages; ``restart`` clears the chain, by a
member with Manage Messages, or when two different players ask within a minute. The team's
best solve (fewest words) is kept, with who played each of its words (the commands are the
platform's: ``bot.games.together.chain``). Knows nothing of Discord.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.chat.words import typed_words
from bot.daily.play import Day, Refusal, Via
from bot.daily.schedule import Play
from bot.days.chain_store import BoxTeamStore, TeamChain, TeamSolve
from bot.days.team_store import TeamStore
from bot.games.letterbox.game import LETTERBOX, MAX_CHAIN, LetterBoxedGame, Played, PlayResult, Ruling
from bot.games.letterbox.hints import Hint, letters_left
from bot.games.letterbox.store import Chain, Solve
from bot.games.together.chain import RESTART, UNDO, ChainCommands, TeamCommand
from solvers.letterbox import DailyBox


@dataclass(frozen=True, slots=True)
class TeamPlay:
    """Words played on the team's chain."""

    day: Day
    player_id: int
    result: PlayResult
    players: tuple[int, ...]  # who played each word of the chain after the play

    @property
    def solved(self) -> bool:
        return self.result.outcome is Ruling.SOLVED


@dataclass(frozen=True, slots=True)
class BoxProgress:
    puzzle: DailyBox
    chain: TeamChain
    letters_left: str
    restart_asked: tuple[int, ...] = ()  # who asked for a restart within the last minute (one more makes it)


class BoxTeam:
    def __init__(self, game: LetterBoxedGame) -> None:
        self.game = game
        self.calendar = game.calendar
        self.store = TeamStore(game.store.db)
        self.chains = BoxTeamStore(game.store.db)
        self.commands = ChainCommands(self.chains, lambda: self.calendar.clock())

    async def move(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str], *,
                   name: str | None = None, post_date: dt.date | None = None, via: Via = Via.COMMAND,
                   moderator: bool = False) -> TeamPlay | TeamCommand | Played | Refusal:
        """A player's move on any day: the day's checks, then on a together day the team's chain
        (``undo`` or ``restart`` typed alone are those commands), on a solo day the player's own."""
        day = await self.game.days.day(guild_id, channel_id, post_date=post_date, via=via)
        if isinstance(day, Refusal):
            return day
        if day.play is not Play.TOGETHER:
            return await self.game.take(guild_id, channel_id, player_id, words, name=name, post_date=post_date, via=via)
        return await self.together(day, player_id, typed_words(words, MAX_CHAIN).words, name, moderator)

    async def together(self, day: Day, player_id: int, words: Sequence[str], name: str | None = None,
                       moderator: bool = False) -> TeamPlay | TeamCommand:
        """A move on the team's chain of a together ``day``: ``undo`` or ``restart`` alone are those
        commands, anything else words played (the first ``MAX_CHAIN``)."""
        typed = tuple(words[:MAX_CHAIN])
        if typed == (UNDO,):
            return await self.undo(day, player_id, moderator)
        if typed == (RESTART,):
            return await self.restart(day, player_id, moderator)
        await self.game.boards.remember_player_name(day.guild_id, player_id, name)
        return await self.play(day, player_id, typed)

    async def play(self, day: Day, player_id: int, words: Sequence[str]) -> TeamPlay:
        puzzle = await self.game.puzzle(day.date)

        def change(chain: TeamChain) -> tuple[TeamChain, TeamPlay]:
            best = Solve(chain.best.words, chain.best.points) if chain.best else None
            result = self.game.judge_chain(puzzle, Chain(chain.words, best), list(words))
            players = chain.players + (player_id,) * len(result.played)
            solve = chain.best
            if result.best is not None and result.best != best:  # a new best: who played each of its words
                solve = TeamSolve(result.best.words, players[-len(result.best.words):], result.best.points)
            return TeamChain(result.chain, players, solve), TeamPlay(day, player_id, result, players)

        return await self.chains.change(day.guild_id, day.date, change, self.calendar.clock())

    async def undo(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        return await self.commands.undo(day, player_id, moderator)

    async def restart(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        return await self.commands.restart(day, player_id, moderator)

    async def hint(self, guild_id: int, player_id: int, date: dt.date) -> Hint:
        """The hint for the chain a player builds on ``date``: on a together day the team's, else their own."""
        if await self.calendar.play_style(LETTERBOX, guild_id, date) is Play.TOGETHER:
            return await self.game.hint(date, (await self.chains.chain(guild_id, date)).words, team=True)
        return await self.game.hint(date, (await self.game.store.chain(guild_id, date, player_id)).words)

    async def progress(self, guild_id: int, date: dt.date) -> BoxProgress:
        puzzle = await self.game.puzzle(date)
        chain = await self.chains.chain(guild_id, date)
        asked = await self.commands.restart_asked(guild_id, date)
        return BoxProgress(puzzle, chain, letters_left(puzzle.box, chain.words), asked)


@dataclass(frozen=True, slots=True)
class TeamMoves:
    """The team game as the post buttons' ``TakesMoves`` (its ``take`` is ``move``), for a player
    who may or may not manage messages where they play."""

    team: BoxTeam
    moderator: bool = False

    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str | Sequence[str],
                   **options) -> TeamPlay | TeamCommand | Played | Refusal:
        return await self.team.move(guild_id, channel_id, player_id, words, moderator=self.moderator, **options)
