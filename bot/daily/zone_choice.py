"""One time zone per server, said before it changes.

A server has one time zone, for every daily game: its boards, streaks and calendars count days in
it. A setup that would move another game's posts to a new zone is not made at once: the reply
says what would change and offers two buttons, **Use <new zone> for both** and **Keep <old
zone>** (the new game then posts in the server's zone). The button's custom id holds the whole
setup (``zone:<game>:<channel>:<HHMM>:<play>:<role>:<zone or ->``), so a press is answered after
a restart too: ``bot.daily.zone_press`` answers it.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.button_rows import buttons_view
from bot.daily.schedule import Schedule
from bot.daily.zones import shown_zone
from bot.plugins import DAILY_GAMES, GameInfo


@dataclass(frozen=True, slots=True)
class Request:
    """A setup as the admin asked for it, once read: ``zone`` None means "the server's zone"."""

    game: str
    channel_id: int
    post_time: dt.time
    play: str | None
    role_id: int | None
    zone: str | None

    def custom_id(self) -> str:
        return (f"zone:{self.game}:{self.channel_id}:{self.post_time:%H%M}:{self.play or '-'}:"
                f"{self.role_id or '-'}:{self.zone or '-'}")


ID = re.compile(r"zone:(?P<game>[a-z]+):(?P<channel>\d+):(?P<hh>\d\d)(?P<mm>\d\d):(?P<play>[a-z]+|-):"
                r"(?P<role>\d+|-):(?P<zone>[A-Za-z0-9_+\-/]+)")
"""The custom id of a choice's button (``Request.custom_id``); ``bot.daily.zone_press`` answers it."""


def parse(match: re.Match[str]) -> Request:
    """The request a button's custom id (matched by ``ID``) holds."""
    return Request(match["game"], int(match["channel"]), dt.time(int(match["hh"]) % 24, int(match["mm"]) % 60),
                   None if match["play"] == "-" else match["play"],
                   None if match["role"] == "-" else int(match["role"]),
                   None if match["zone"] == "-" else match["zone"])


def question(game: GameInfo, request: Request, others: Sequence[Schedule]) -> str:
    """What a setup in ``request.zone`` would change: the other games' posts move with it."""
    zone, old = shown_zone(request.zone), shown_zone(others[0].timezone)
    moved = "; ".join(f"the {_title(s.game)} posts at {s.post_time:%H:%M} {shown_zone(s.timezone)}" for s in others)
    return (f"This server has one time zone for every daily game (its boards and streaks count days in it): {moved}.\n"
            f"Setting up the {game.title} in {zone} moves {'them' if len(others) > 1 else 'it'} to {zone} too, "
            f"at the same local time. Or keep {old}: the {game.title} then posts at {request.post_time:%H:%M} {old}.")


def view(request: Request, old_zone: str) -> discord.ui.View:
    """The two choices: move the server to the new zone, or keep the server's."""
    keep = Request(request.game, request.channel_id, request.post_time, request.play, request.role_id, None)
    return buttons_view(*(discord.ui.Button(label=label[:80], style=style, custom_id=chosen.custom_id())
                          for chosen, label, style in
                          ((request, f"Use {shown_zone(request.zone)} for both", discord.ButtonStyle.primary),
                           (keep, f"Keep {shown_zone(old_zone)}", discord.ButtonStyle.secondary))))


def _title(key: str) -> str:
    return DAILY_GAMES[key].title if key in DAILY_GAMES else key
