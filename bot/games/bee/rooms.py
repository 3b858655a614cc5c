"""The bee's together days in their rooms (``bot.games.together.rooms``): its letters, typed
moves shown as reactions, the ranks the room hears of, and the live progress message."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.chat.outcome import Outcome, Player
from bot.daily.play import Day, Refusal
from bot.games.bee import team_embeds
from bot.games.bee.game import BEE, Guesses
from bot.games.bee.together import BeeTeam, TeamTake
from bot.games.together.room_game import News
from bot.games.together.rooms import Rooms


def thread_name(date: dt.date) -> str:
    return f"Spelling Bee · {date:%a} {date.day} {date:%b}"


def reached_line(take: TeamTake) -> str:
    badge = BEE.perfect_badge if take.reached == BEE.perfect_name else BEE.top_badge
    return f"{badge} The team reached **{take.reached}**!"


def chat_outcome(outcome: TeamTake | Guesses | Refusal) -> Outcome:
    """A move typed in chat, as the router shows it: reactions for the team's take, the refusal's
    line privately; a solo day's guesses are not played by typing (no reaction)."""
    if isinstance(outcome, Refusal):
        return Outcome(notice=outcome.message)
    if isinstance(outcome, Guesses):
        return Outcome()
    return Outcome(new_words=len(outcome.new), pangram=outcome.pangram, already_found=bool(outcome.already),
                   nothing_counted=not outcome.new and not outcome.already)


def news(outcome: TeamTake | Guesses | Refusal) -> News | None:
    """What a team's take changes in its room: the progress message, and a rank reached."""
    if not isinstance(outcome, TeamTake) or outcome.day is None:
        return None
    return News(outcome.day.guild_id, outcome.day.date, bool(outcome.new),
                (reached_line(outcome),) if outcome.reached else ())


class BeeRoomGame:
    info = BEE
    commands: frozenset[str] = frozenset()

    def __init__(self, team: BeeTeam) -> None:
        self.team = team
        self.calendar = team.game.calendar
        self.store = team.store

    thread_name = staticmethod(thread_name)

    async def letters(self, date: dt.date) -> str:
        return (await self.team.game.puzzle(date)).letters

    async def answers(self, date: dt.date) -> frozenset[str]:
        return frozenset((await self.team.game.puzzle(date)).answers)

    async def typed(self, player: Player, day: Day, words: Sequence[str]) -> tuple[Outcome, News | None]:
        outcome = replace(await self.team.credit(day.guild_id, player.id, day.date, words, player.name), day=day)
        return chat_outcome(outcome), news(outcome)

    async def render(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        return {"embed": team_embeds.progress_embed(await self.team.progress(guild_id, date))}

    async def recap(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        progress = await self.team.progress(guild_id, date)
        glosses = await self.team.game.worth_defining(progress.puzzle)
        return {"embeds": team_embeds.recap_embeds(progress, await self.team.missed(guild_id, date), glosses)}


def bee_rooms(bot: discord.Client, team: BeeTeam) -> Rooms:
    return Rooms(bot, BeeRoomGame(team))
