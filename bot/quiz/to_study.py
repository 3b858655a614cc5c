"""The misses a quiz round or a daily challenge leaves, told to their players as study cards:
study's cog (``bot.plugins.MissesTaker``, found through ``bot.providers``) takes them into each
player's deck at once and says when they come up, in the message that shows the misses. Without
study loaded, or when it fails, that message says nothing of it (the cards still come when the
player next studies)."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable

import discord

from bot.host import host
from bot.plugins import MissesTaken, MissesTaker
from bot.providers import NotProvided

log = logging.getLogger(__name__)


async def taken(client: discord.Client, user_ids: Iterable[int], now: dt.datetime) -> dict[int, MissesTaken]:
    """Each player's new misses taken into their study deck, by player (only those who got cards)."""
    try:
        taker = host(client).providers.of(MissesTaker)
    except NotProvided:
        return {}
    cards = {}
    for user_id in user_ids:
        try:
            made = await taker.take_misses(user_id, now)
        except Exception:  # the round's end or the result is shown all the same
            log.warning("Could not take the misses of %s into their study deck", user_id, exc_info=True)
            continue
        if made is not None:
            cards[user_id] = made
    return cards
