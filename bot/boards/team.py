"""The team's view of the boards, for the days a server played the bee together (no discord import).

A together day is the server's, not a player's: its rank is the team's points against the
day's maximum. The players are ranked by the words they found first (each word is credited
to one player). Solo days never enter these figures, nor together days the solo boards.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from bot import icons
from bot.boards.boards import period_range
from bot.boards.text import PERIOD_NAMES
from bot.days.team_store import BEE_TEAM, TeamStore, TeamTotal
from bot.days.together import runs as streaks
from bot.text import plain, plural, short_date
from solvers import bee_rank as bee

TEAM_CHOICE = ("Spelling Bee, played together", BEE_TEAM)  # the boards' game choice (name, value)
GENIUS, QUEEN_BEE = "Genius", "Queen Bee"


@dataclass(frozen=True, slots=True)
class TeamBoard:
    period: str
    first: dt.date
    last: dt.date
    days: tuple[TeamTotal, ...]  # the period's together days, oldest first
    finders: tuple[tuple[int, int, int], ...]  # (user id, words found first, points), most words first
    current_streak: int  # consecutive together days played up to today or yesterday (of all time)
    longest_streak: int

    def rank_of(self, day: TeamTotal) -> str:
        return bee.rank(day.points, day.max_points).name

    @property
    def genius_days(self) -> int:
        return sum(self.rank_of(d) in (GENIUS, QUEEN_BEE) for d in self.days)

    @property
    def queen_bee_days(self) -> int:
        return sum(self.rank_of(d) == QUEEN_BEE for d in self.days)

    def to_json(self, names: dict[int, str]) -> dict:
        return {"days": [{"day": d.day.isoformat(), "points": d.points, "max_points": d.max_points,
                          "words": d.words, "rank": self.rank_of(d)} for d in self.days],
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "finders": [{"user_id": u, "name": names.get(u), "words": w, "points": p} for u, w, p in self.finders]}

    @property
    def best(self) -> TeamTotal | None:
        return max(self.days, key=lambda d: (d.points / max(d.max_points, 1), d.day), default=None)


async def team_board(store: TeamStore, guild_id: int, period: str, today: dt.date) -> TeamBoard:
    first, last = period_range(period, today)
    days = tuple(await store.team_totals(BEE_TEAM, guild_id, first, last))
    every = await store.team_totals(BEE_TEAM, guild_id, dt.date(2000, 1, 1), today)
    current, longest = streaks([d.day for d in every], today)
    return TeamBoard(period, first, last, days, tuple(await store.finders(BEE_TEAM, guild_id, first, last)), current,
                     longest)


def team_title(board: TeamBoard) -> str:
    span = "" if board.period == "all" else (
        f" ({short_date(board.last)})" if board.first == board.last else f" ({short_date(board.first)} – "
                                                                         f"{short_date(board.last)})")
    return f"Spelling Bee together · {PERIOD_NAMES[board.period]}{span}"


def team_lines(board: TeamBoard, who: Callable[[int], str], bold: Callable[[str], str] = plain,
               rows: int = 10) -> list[str]:
    """The team's days, ranks reached, Genius and Queen Bee days, streaks; then words found first per player."""
    if not board.days:
        return ["The server has played no Spelling Bee together in this period. An admin can start with "
                "`/bee setup play:together`."]
    lines = [f"The team played {plural(len(board.days), 'day')}: {icons.GENIUS.emoji} "
             f"{icons.GENIUS.counted(board.genius_days)}, {icons.QUEEN_BEE.emoji} "
             f"{icons.QUEEN_BEE.counted(board.queen_bee_days)}.",
             f"Streak: {plural(board.current_streak, 'day')} (longest {plural(board.longest_streak, 'day')})."]
    best = board.best
    if best is not None:
        lines.append(f"Best day: {short_date(best.day)}, {board.rank_of(best)} with "
                     f"{best.points}/{best.max_points} points "
                     f"and {plural(best.words, 'word')}.")
    lines += ["", bold("Words found first")]
    lines += [f"{n}. {who(user)}: {plural(words, 'word')}, {plural(points, 'point')}"
              for n, (user, words, points) in enumerate(board.finders[:rows], start=1)]
    return lines
