"""The team views of the boards, one for each daily game a server can play together: what
/leaderboard, /stats and ``wordbot leaderboard`` show for them (no discord import)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from bot.boards.box_team import BOX, BoxTeamBoard, ChainTeam, box_team_board, box_team_lines, box_team_title
from bot.boards.team import TEAM_CHOICE, TeamBoard, team_board, team_lines, team_title
from bot.days.team_store import BEE_TEAM, TeamStore
from bot.db import Database
from bot.icons import LADDER_AT_PAR, NEAR_PAR
from bot.text import plain

LADDER = ChainTeam("ladder-team", "Word Ladder", ("ladder", "ladders"), "rung", "ladder_team", "ladder_puzzles",
                   "ladder", (NEAR_PAR, lambda count, par: count <= par + 1),
                   (LADDER_AT_PAR, lambda count, par: count <= par))
CHAINS = {team.key: team for team in (BOX, LADDER)}  # the games played together as one chain a day
TEAM_KEYS = (BEE_TEAM, *CHAINS)
TEAM_CHOICES = (TEAM_CHOICE, *(team.choice for team in CHAINS.values()))  # (name, value), for the game option


@dataclass(frozen=True, slots=True)
class TeamView:
    key: str
    board: TeamBoard | BoxTeamBoard

    @property
    def title(self) -> str:
        return box_team_title(self.board) if self.key in CHAINS else team_title(self.board)

    def lines(self, who: Callable[[int], str], bold: Callable[[str], str] = plain) -> list[str]:
        return (box_team_lines if self.key in CHAINS else team_lines)(self.board, who, bold)

    def to_json(self, guild_id: int, names: dict[int, str]) -> dict:
        return {"game": self.key, "guild": guild_id, "period": self.board.period} | self.board.to_json(names)


async def team_view(db: Database, key: str, guild_id: int, period: str, today: dt.date) -> TeamView:
    """The team view ``key`` (one of TEAM_KEYS) of a server over a period ending ``today``."""
    if key in CHAINS:
        return TeamView(key, await box_team_board(db, guild_id, period, today, CHAINS[key]))
    return TeamView(key, await team_board(TeamStore(db), guild_id, period, today))
