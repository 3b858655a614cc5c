"""Letter Boxed's together days in their rooms (``bot.games.together.rooms``): the box's letters
(and ``undo`` and ``restart`` typed alone), typed moves shown as reactions, the solve the room
hears of, and the live progress message with the team's chain."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import discord

from bot.chat.outcome import Outcome, Player
from bot.daily.play import Day, Refusal
from bot.games.letterbox import team_text
from bot.games.letterbox.embeds import COLOUR, recap_embed
from bot.games.letterbox.game import LETTERBOX, Played, Ruling
from bot.games.letterbox.text import sides_line
from bot.games.letterbox.together import BoxProgress, BoxTeam, TeamPlay
from bot.games.together.chain import COMMANDS, Command, TeamCommand
from bot.games.together.room_game import News
from bot.games.together.rooms import Rooms
from bot.pictures.box_words import BOX_FILE

Move = TeamPlay | TeamCommand | Played | Refusal


def thread_name(date: dt.date) -> str:
    return f"Letter Boxed · {date:%a} {date.day} {date:%b}"


def mention(user_id: int) -> str:
    return f"<@{user_id}>"  # sent with no allowed mentions: it never pings


def spoiled(word: str) -> str:
    return f"||{word}||"


def chat_outcome(move: Move) -> Outcome:
    """A typed move as reactions: words played (✅, 2️⃣…), 🎉 for a solve, ❌ when nothing was
    played; an undo or restart done gets ✅, one refused its line privately."""
    if isinstance(move, Refusal):
        return Outcome(notice=move.message)
    if isinstance(move, TeamCommand):
        if move.command is Command.RESTART_ASKED:  # nothing done yet: the room's message says who asked
            return Outcome(waiting=True)
        done = move.command in (Command.UNDONE, Command.RESTARTED)
        return Outcome(new_words=1) if done else Outcome(notice=team_text.command_line(move, mention))
    if isinstance(move, Played):
        return Outcome()  # a solo day is not played by typing
    result = move.result
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


def team_embed(progress: BoxProgress) -> discord.Embed:
    """The team's chain of a together day, shown privately (/box today, My chain), drawn on the box."""
    embed = discord.Embed(title=LETTERBOX.day_title(progress.puzzle.date, "Team "), colour=COLOUR,
                          description=f"**{sides_line(progress.puzzle)}**\n\n"
                                      + "\n".join(team_text.chain_lines(progress, mention)))
    embed.set_image(url=f"attachment://{BOX_FILE}")
    return embed


def progress_embed(progress: BoxProgress) -> discord.Embed:
    embed = discord.Embed(title=LETTERBOX.day_title(progress.puzzle.date, "Team "), colour=COLOUR,
                          description="\n".join(team_text.chain_lines(progress, mention, spoiled)))
    embed.set_footer(text="Type the next word in this thread, or mention me with it. "
                          "undo: take back your last word · restart: two players within a minute")
    return embed


class BoxRoomGame:
    info = LETTERBOX
    commands = COMMANDS
    thread_name = staticmethod(thread_name)

    def __init__(self, team: BoxTeam) -> None:
        self.team = team
        self.calendar = team.calendar
        self.store = team.store

    async def letters(self, date: dt.date) -> str:
        return (await self.team.game.puzzle(date)).box.letters

    async def answers(self, date: dt.date) -> None:
        return None  # a chain has no list of answers: a plain message of the box's letters is a move

    async def typed(self, player: Player, day: Day, words: Sequence[str]) -> tuple[Outcome, News | None]:
        move = await self.team.together(day, player.id, words, player.name, player.moderator)
        return chat_outcome(move), news(move)

    async def render(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        return {"embed": progress_embed(await self.team.progress(guild_id, date))}

    async def recap(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        progress = await self.team.progress(guild_id, date)
        glosses = await self.team.game.solution_glosses(progress.puzzle)
        chain = team_text.chain_lines(progress, mention, spoiled)
        return {"embed": recap_embed(progress.puzzle, glosses, chain)}


def box_rooms(bot: discord.Client, team: BoxTeam) -> Rooms:
    return Rooms(bot, BoxRoomGame(team))
