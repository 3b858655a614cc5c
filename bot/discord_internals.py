"""The parts of discord.py that are not its public API, and that the bot relies on: all of them, here.

Each is used for one reason given beside it. ``tests/bot/test_discord_internals.py`` checks every
one against the installed discord.py, so an upgrade that changes them fails that test by name
rather than the bot at run time. (Checked against discord.py 2.7.)

- ``Client._connection.parsers``: the gateway's event parsers, by event name. The clean stop wraps
  those of ``INTERACTION_CREATE`` and ``MESSAGE_CREATE`` to follow the tasks each event starts and
  to refuse new interactions while stopping (``bot.shutdown``). discord.py has no public hook
  that runs before an event's handlers are scheduled.
- ``discord.Interaction(data=..., state=...)``: an interaction made from the raw gateway payload,
  to answer one that arrives while the bot stops, before discord.py would dispatch it.
- ``Cog.__cog_name__``: a cog class's name as discord.py registers it, to find the loaded cog of a
  class (``WordBot.cog``) without an instance (``Cog.qualified_name`` is per instance).
- ``Client._closing_task``: not touched, but relied on: discord.py's ``async with`` exit waits only
  for its own close, so ``WordBot.__aexit__`` waits for the bot's whole stop itself.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

import discord
from discord.ext import commands

Parser = Callable[[Any], None]


def gateway_parsers(client: discord.Client) -> MutableMapping[str, Parser]:
    """The client's gateway event parsers, by event name (``"INTERACTION_CREATE"``...)."""
    return client._connection.parsers


def interaction_of(client: discord.Client, data: Any) -> discord.Interaction:
    """The interaction of a raw ``INTERACTION_CREATE`` payload, ready to be answered."""
    return discord.Interaction(data=data, state=client._connection)


def cog_name(kind: type[commands.Cog]) -> str:
    """The name discord.py registers a cog class under (``bot.get_cog`` takes it)."""
    return kind.__cog_name__
