"""The team's view of the boards for Letter Boxed played together (no discord import).

A together day is the server's: solved or not, in how many words against par. The players are
ranked by the words they played in the team's best solves. Solo days never enter these figures.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bot.boards.boards import period_range
from bot.boards.team import streaks
from bot.boards.text import PERIOD_NAMES
from bot.days.team_chains import TeamBoxDay, team_box_days
from bot.db import Database
from bot.icons import AT_PAR, TWO_WORDS
from bot.text import plain, plural, short_date

BOX_TEAM = "letterbox-team"
BOX_CHOICE = ("Letter Boxed, played together", BOX_TEAM)  # the boards' game choice (name, value)


@dataclass(frozen=True, slots=True)
class BoxTeamBoard:
    period: str
    first: dt.date
    last: dt.date
    days: tuple[TeamBoxDay, ...]  # the period's solved together days, oldest first
    current_streak: int  # consecutive days solved, up to today or yesterday (of all time)
    longest_streak: int

    @property
    def at_par_days(self) -> int:
        return sum(len(d.words) <= d.par for d in self.days)

    @property
    def two_word_days(self) -> int:
        return sum(len(d.words) <= 2 for d in self.days)

    @property
    def best(self) -> TeamBoxDay | None:
        return min(self.days, key=lambda d: (len(d.words) - d.par, -d.day.toordinal()), default=None)

    def to_json(self, names: dict[int, str]) -> dict:
        return {"days": [{"day": d.day.isoformat(), "words": list(d.words), "par": d.par, "points": d.points,
                          "players": list(d.players)} for d in self.days],
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "players": [{"user_id": u, "name": names.get(u), "words": w} for u, w in self.players()]}

    def players(self) -> list[tuple[int, int]]:
        """(user id, words played in the best solves), most first."""
        counts = Counter(player for day in self.days for player in day.players)
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


async def box_team_board(db: Database, guild_id: int, period: str, today: dt.date) -> BoxTeamBoard:
    first, last = period_range(period, today)
    every = await team_box_days(db, guild_id, dt.date(2000, 1, 1), today)
    current, longest = streaks([d.day for d in every], today)
    return BoxTeamBoard(period, first, last, tuple(d for d in every if first <= d.day <= last), current, longest)


def box_team_title(board: BoxTeamBoard) -> str:
    span = "" if board.period == "all" else (
        f" ({short_date(board.last)})" if board.first == board.last else f" ({short_date(board.first)} – "
                                                                         f"{short_date(board.last)})")
    return f"Letter Boxed together · {PERIOD_NAMES[board.period]}{span}"


def box_team_lines(board: BoxTeamBoard, who: Callable[[int], str], bold: Callable[[str], str] = plain,
                   rows: int = 10) -> list[str]:
    if not board.days:
        return ["The server has solved no Letter Boxed together in this period. An admin can start with "
                "`/box setup play:together`."]
    lines = [f"The team solved {plural(len(board.days), 'box', 'boxes')}: {AT_PAR.emoji} "
             f"{AT_PAR.counted(board.at_par_days)}, {TWO_WORDS.emoji} {TWO_WORDS.counted(board.two_word_days)}.",
             f"Streak: {plural(board.current_streak, 'day')} (longest {plural(board.longest_streak, 'day')})."]
    if (best := board.best) is not None:
        lines.append(f"Best day: {short_date(best.day)}, {plural(len(best.words), 'word')} (par {best.par}).")
    lines += ["", bold("Words played in the team's solves")]
    lines += [f"{n}. {who(user)}: {plural(words, 'word')}" for n, (user, words) in enumerate(board.players()[:rows],
                                                                                             start=1)]
    return lines
