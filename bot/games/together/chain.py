"""A daily game played together as one chain a day (Letter Boxed's words, the word ladder's
rungs): its commands, for any such game. ``undo`` takes back the last word, only by its player or
a member with Manage Messages; ``restart`` clears the chain, by a member with Manage Messages, or
when two different players ask within a minute (the team's best solve stays). Knows nothing of
Discord; the chain is kept by ``bot.days.chain_store.TeamChainStore``.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Callable
from dataclasses import dataclass

from bot.daily.play import Day
from bot.days.chain_store import TeamChain, TeamChainStore

UNDO, RESTART = "undo", "restart"
COMMANDS = frozenset({UNDO, RESTART})
RESTART_WINDOW = dt.timedelta(minutes=1)


class Command(enum.Enum):
    UNDONE = "undone"
    NOTHING_TO_UNDO = "nothing to undo"
    NOT_YOURS = "not yours"  # the last word is another player's, and the asker may not manage messages
    RESTARTED = "restarted"
    RESTART_ASKED = "restart asked"  # one more player must ask within the minute


@dataclass(frozen=True, slots=True)
class TeamCommand:
    """An undo or a restart of the team's chain."""

    day: Day
    player_id: int
    command: Command
    word: str | None = None  # the word taken back
    owner: int | None = None  # who played the last word (NOT_YOURS)
    cleared: int = 0  # words cleared by a restart

    @property
    def took_nothing(self) -> bool:
        return self.command in (Command.NOTHING_TO_UNDO, Command.NOT_YOURS)


class ChainCommands:
    """Undo and restart of the team's chain of a day, over its store and the calendar's clock."""

    def __init__(self, chains: TeamChainStore, clock: Callable[[], dt.datetime]) -> None:
        self.chains = chains
        self.clock = clock

    async def undo(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        def change(chain: TeamChain) -> tuple[TeamChain, TeamCommand]:
            if not chain.words:
                return chain, TeamCommand(day, player_id, Command.NOTHING_TO_UNDO)
            if chain.players[-1] != player_id and not moderator:
                return chain, TeamCommand(day, player_id, Command.NOT_YOURS, owner=chain.players[-1])
            kept = TeamChain(chain.words[:-1], chain.players[:-1], chain.best)
            return kept, TeamCommand(day, player_id, Command.UNDONE, word=chain.words[-1])

        return await self.chains.change(day.guild_id, day.date, change, self.clock())

    async def restart(self, day: Day, player_id: int, moderator: bool) -> TeamCommand:
        now = self.clock()
        if not moderator:
            asked = await self.chains.ask_restart(day.guild_id, day.date, player_id, now, RESTART_WINDOW)
            if len(asked) < 2:
                return TeamCommand(day, player_id, Command.RESTART_ASKED)
        await self.chains.clear_restarts(day.guild_id, day.date)

        def change(chain: TeamChain) -> tuple[TeamChain, TeamCommand]:
            return TeamChain((), (), chain.best), TeamCommand(day, player_id, Command.RESTARTED,
                                                              cleared=len(chain.words))

        return await self.chains.change(day.guild_id, day.date, change, now)

    async def restart_asked(self, guild_id: int, date: dt.date) -> tuple[int, ...]:
        """Who asked for a restart within the last minute (one more makes it)."""
        return tuple(sorted(await self.chains.restart_asks(guild_id, date, self.clock() - RESTART_WINDOW)))
