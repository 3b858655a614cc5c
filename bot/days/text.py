"""Player days in a line of text, as the daily posts and the boards write them (no discord import)."""

from __future__ import annotations

from bot.days.store import Standing
from bot.icons import MEDALS as MEDAL_ICONS

MEDALS = {place: icon.emoji for place, icon in enumerate(MEDAL_ICONS, 1)}


def top_three_line(standings: list[Standing]) -> str:
    if not standings:
        return ""
    return "Top players: " + " · ".join(f"{MEDALS.get(s.rank, f'{s.rank}.')} <@{s.user_id}> {s.points}"
                                        for s in standings)
