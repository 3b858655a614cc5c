"""The Spelling Bee's ranks: the points each needs (a percent of the day's maximum), and the rank
some points reach. Apart from ``solvers.bee`` (which re-exports them) so that what only ranks
points, the boards' calendars and the game's registration, loads no word list and no numpy."""

from __future__ import annotations

import functools
from dataclasses import dataclass

RANKS: tuple[tuple[str, int], ...] = (
    ("Beginner", 0),
    ("Good Start", 2),
    ("Moving Up", 5),
    ("Good", 8),
    ("Solid", 15),
    ("Nice", 25),
    ("Great", 40),
    ("Amazing", 50),
    ("Genius", 70),
    ("Queen Bee", 100),
)


@dataclass(frozen=True, slots=True)
class Rank:
    name: str
    threshold: int
    next_name: str | None
    points_to_next: int  # 0 at Queen Bee


def threshold(percent: int, max_points: int) -> int:
    """The points a rank needs: percent of the maximum, to the nearest point, halves up."""
    return max_points if percent == 100 else (max_points * percent * 2 + 100) // 200


@functools.lru_cache(maxsize=8192)  # asked on every guess, for a few hundred (points, maximum) pairs a day
def rank(points: int, max_points: int) -> Rank:
    """The rank ``points`` reach, the next rank, and how many points it needs."""
    reached = 0
    for index, (_, percent) in enumerate(RANKS):
        if points >= threshold(percent, max_points):
            reached = index
    name, percent = RANKS[reached]
    if reached + 1 < len(RANKS):
        next_name, next_percent = RANKS[reached + 1]
        return Rank(name, threshold(percent, max_points), next_name, threshold(next_percent, max_points) - points)
    return Rank(name, threshold(percent, max_points), None, 0)
