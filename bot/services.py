"""What the bot works with, made apart from it and handed to it: ``WordBot(settings, services)``.

``wordbot run`` opens the database before it builds the bot (a database that cannot be used is
one line, before logging in) and passes it in; a test may pass nothing, and ``setup_hook``
opens it. The daily posts and the servers' word lists need the database (and the posts the
bot), so ``setup_hook`` makes them. Each is read through the bot's typed accessors
(``bot.db``, ``bot.daily``, ``bot.timers``, ``bot.guild_lists``...), which say clearly when it is not there yet.

Code that gets the bot as a plain ``discord.Client`` (``interaction.client``) reads it as the
Host it is with ``bot.host.host(client)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from bot.jobs import JobRunner

if TYPE_CHECKING:
    from bot.daily.posts import DailyPoster
    from bot.db import Database
    from bot.lexicons.guild_lists import GuildLists
    from bot.timers.service import Timers
    from solvers.lexicon import Lexicon

T = TypeVar("T")


class NotReady(RuntimeError):
    """A service read before the bot made it (before ``setup_hook``): a bug of ours."""


@dataclass(slots=True)
class Services:
    db: Database | None = None  # None: setup_hook opens the settings' database
    jobs: JobRunner = field(default_factory=JobRunner)
    daily: DailyPoster | None = None  # made in setup_hook, with the database
    guild_lists: GuildLists | None = None  # the same
    timers: Timers | None = None  # the same: the one timer service (bot.timers)
    lexicons: dict[str, Lexicon] = field(default_factory=dict)  # the bundled word lists, loaded in setup_hook


def ready(service: T | None, name: str) -> T:
    """``service``, which must be there by now (NotReady naming it otherwise)."""
    if service is None:
        raise NotReady(f"The bot's {name} is not ready yet: it is made in setup_hook.")
    return service
