"""The word ladder's together days in their rooms (``bot.games.together.rooms``): words of the
day's length (and ``undo`` and ``restart`` typed alone), typed rungs shown as reactions, a refused
rung's ❌ (``/ladder play`` tells why, privately), the solve the room hears of, and the live progress message."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Sequence
from typing import Any

import discord

from bot.chat.outcome import Outcome, Player
from bot.daily.play import Day, Refusal
from bot.games.ladder import team_text
from bot.games.ladder.embeds import COLOUR
from bot.games.ladder.game import Played, Ruling
from bot.games.ladder.plugin import LADDER
from bot.games.ladder.together import LadderProgress, LadderTeam, TeamPlay
from bot.games.together.chain import COMMANDS, Command, TeamCommand
from bot.games.together.room_game import News
from bot.games.together.rooms import Rooms
from solvers import ladder

Move = TeamPlay | TeamCommand | Played | Refusal


def thread_name(date: dt.date) -> str:
    return f"Word Ladder · {date:%a} {date.day} {date:%b}"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"  # sent with no allowed mentions: it never pings


def spoiled(text: str) -> str:
    return f"||{text}||"


def chat_outcome(move: Move) -> Outcome:
    """A typed move as reactions: rungs played (✅, 2️⃣…), 🎉 for a solve, ❌ when nothing was played
    (``/ladder play`` says why, privately); an undo or restart done gets ✅, one refused its line privately."""
    if isinstance(move, Refusal):
        return Outcome(notice=move.message)
    if isinstance(move, TeamCommand):
        if move.command is Command.RESTART_ASKED:  # nothing done yet: the room's message says who asked
            return Outcome(waiting=True)
        done = move.command in (Command.UNDONE, Command.RESTARTED)
        return Outcome(new_words=1) if done else Outcome(notice=team_text.command_line(move, mention))
    if isinstance(move, Played):
        return Outcome()  # a solo day is not played by typing
    result = move.result  # a refused rung: ❌ alone (a notice each would outrun Discord's limits in a crowd)
    return Outcome(new_words=len(result.played), solved=result.outcome is Ruling.SOLVED,
                   nothing_counted=not result.played)


def news(move: Move) -> News | None:
    if isinstance(move, TeamCommand):
        changed = move.command in (Command.UNDONE, Command.RESTARTED, Command.RESTART_ASKED)
        return News(move.day.guild_id, move.day.date, changed)
    if not isinstance(move, TeamPlay):
        return None
    solved = team_text.solved_line(move, mention)
    return News(move.day.guild_id, move.day.date, bool(move.result.played), (solved,) if solved else ())


def progress_embed(progress: LadderProgress, title_prefix: str = "Team ") -> discord.Embed:
    embed = discord.Embed(title=LADDER.day_title(progress.puzzle.date, title_prefix), colour=COLOUR,
                          description="\n".join(team_text.chain_lines(progress, mention, spoiled)))
    embed.set_footer(text="Type the next rung in this thread, or mention me with it. "
                          "undo: take back your last rung · restart: two players within a minute")
    return embed


class LadderRoomGame:
    info = LADDER
    commands = COMMANDS
    thread_name = staticmethod(thread_name)

    def __init__(self, team: LadderTeam) -> None:
        self.team = team
        self.calendar = team.calendar
        self.store = team.store

    async def letters(self, date: dt.date) -> str:
        return ""  # a plain message is read when it holds a word of the day's length (``answers``)

    async def answers(self, date: dt.date) -> frozenset[str]:
        """Every accepted word of the day's length: a plain message with one of them is a move."""
        puzzle = await self.team.game.puzzle(date)
        graph = await asyncio.to_thread(ladder.graph_of, self.team.game.accepted, puzzle.length)
        return frozenset(graph.position)

    async def typed(self, player: Player, day: Day, words: Sequence[str]) -> tuple[Outcome, News | None]:
        move = await self.team.together(day, player.id, words, player.name, player.moderator)
        return chat_outcome(move), news(move)

    async def render(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        return {"embed": progress_embed(await self.team.progress(guild_id, date))}

    async def recap(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        progress = await self.team.progress(guild_id, date)
        published = " → ".join(w.upper() for w in progress.puzzle.ladder)
        lines = [team_text.result_line(progress, mention, spoiled), f"Our ladder: {spoiled(published)}"]
        return {"embed": discord.Embed(title=LADDER.day_title(date, "Team "), colour=COLOUR,
                                       description="\n".join(lines))}


def ladder_rooms(bot: discord.Client, team: LadderTeam) -> Rooms:
    return Rooms(bot, LadderRoomGame(team))
