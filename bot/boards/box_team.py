"""The team's view of the boards for a game played together as one chain a day (no discord
import): Letter Boxed's (``BOX``), the word ladder's (``bot.boards.teams``), each a ``ChainTeam``.

A together day is the server's: solved or not, in how many words (rungs) against par. The players
are ranked by the words they played in the team's best solves. Solo days never enter these figures.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.boards.boards import period_range
from bot.boards.team import streaks
from bot.boards.text import PERIOD_NAMES
from bot.days.chain_store import TeamBoxDay, team_solved_days
from bot.db import Database
from bot.icons import AT_PAR, TWO_WORDS, Icon
from bot.text import plain, plural, short_date


@dataclass(frozen=True, slots=True)
class ChainTeam:
    """A game played together as one chain a day, as its team board shows it: its together key,
    title, what a day's puzzle and a chain's word are called, its tables (``bot.days.chain_store``)
    and its two marks of a solved day (an icon, and whether a solve of ``count`` words on a ``par``
    earns it)."""

    key: str
    title: str
    things: tuple[str, str]  # ('box', 'boxes')
    unit: str  # 'word'
    tables: str  # 'letterbox_team'
    puzzles: str  # 'letterbox_puzzles'
    command: str  # 'box'
    top: tuple[Icon, Callable[[int, int], bool]]
    perfect: tuple[Icon, Callable[[int, int], bool]]

    @property
    def choice(self) -> tuple[str, str]:
        """The boards' game choice (name, value)."""
        return f"{self.title}, played together", self.key


BOX = ChainTeam("letterbox-team", "Letter Boxed", ("box", "boxes"), "word", "letterbox_team", "letterbox_puzzles",
                "box", (AT_PAR, lambda count, par: count <= par), (TWO_WORDS, lambda count, par: count <= 2))
BOX_TEAM, BOX_CHOICE = BOX.key, BOX.choice


@dataclass(frozen=True, slots=True)
class BoxTeamBoard:
    period: str
    first: dt.date
    last: dt.date
    days: tuple[TeamBoxDay, ...]  # the period's solved together days, oldest first
    current_streak: int  # consecutive days solved, up to today or yesterday (of all time)
    longest_streak: int
    team: ChainTeam = field(default=BOX)

    @property
    def at_par_days(self) -> int:
        """Days of the game's top mark (the box's at par)."""
        return sum(self.team.top[1](len(d.words), d.par) for d in self.days)

    @property
    def two_word_days(self) -> int:
        """Days of its perfect mark (the box's two words)."""
        return sum(self.team.perfect[1](len(d.words), d.par) for d in self.days)

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


async def box_team_board(db: Database, guild_id: int, period: str, today: dt.date,
                         team: ChainTeam = BOX) -> BoxTeamBoard:
    first, last = period_range(period, today)
    every = await team_solved_days(db, team.tables, team.puzzles, guild_id, dt.date(2000, 1, 1), today)
    current, longest = streaks([d.day for d in every], today)
    return BoxTeamBoard(period, first, last, tuple(d for d in every if first <= d.day <= last), current, longest,
                        team)


def box_team_title(board: BoxTeamBoard) -> str:
    span = "" if board.period == "all" else (
        f" ({short_date(board.last)})" if board.first == board.last else f" ({short_date(board.first)} – "
                                                                         f"{short_date(board.last)})")
    return f"{board.team.title} together · {PERIOD_NAMES[board.period]}{span}"


def box_team_lines(board: BoxTeamBoard, who: Callable[[int], str], bold: Callable[[str], str] = plain,
                   rows: int = 10) -> list[str]:
    team = board.team
    if not board.days:
        return [f"The server has solved no {team.title} together in this period. An admin can start with "
                f"`/{team.command} setup play:together`."]
    top, perfect = team.top[0], team.perfect[0]
    lines = [f"The team solved {plural(len(board.days), *team.things)}: {top.emoji} "
             f"{top.counted(board.at_par_days)}, {perfect.emoji} {perfect.counted(board.two_word_days)}.",
             f"Streak: {plural(board.current_streak, 'day')} (longest {plural(board.longest_streak, 'day')})."]
    if (best := board.best) is not None:
        lines.append(f"Best day: {short_date(best.day)}, {plural(len(best.words), team.unit)} (par {best.par}).")
    lines += ["", bold(f"{team.unit.capitalize()}s played in the team's solves")]
    lines += [f"{n}. {who(user)}: {plural(words, team.unit)}" for n, (user, words) in
              enumerate(board.players()[:rows], start=1)]
    return lines
