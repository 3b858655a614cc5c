"""The bot as every feature sees it: ``Host``, a ``commands.AutoShardedBot`` with the platform's
services read through typed accessors. A feature's cog is made with the host (``Cog(bot: Host)``);
a button or a form, rebuilt by discord.py from its custom id, reads it with ``host(interaction.client)``.

The bot itself (``bot.app.WordBot``) is a Host that composes the platform and loads the features;
no feature imports it, and nothing of the platform below this module knows it: what the platform
needs of the bot it declares as a small Protocol of its own (``bot.views``, ``bot.shutdown``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar, cast

import discord
from discord.ext import commands

from bot.discord_internals import cog_name
from bot.services import ready

if TYPE_CHECKING:
    from bot.chat.router import ChatRouter
    from bot.config import Settings
    from bot.daily.posts import DailyPoster
    from bot.db import Database
    from bot.forms import Forms
    from bot.jobs import JobRunner
    from bot.lexicons.guild_lists import GuildLists
    from bot.providers import Providers
    from bot.services import Services
    from bot.shutdown import Stopper
    from bot.timers.service import Timers
    from bot.views import PageSource
    from solvers.lexicon import Lexicon

C = TypeVar("C", bound=commands.Cog)


class Host(commands.AutoShardedBot):
    """What a feature works with. ``bot.app.WordBot`` sets every attribute in its ``__init__``."""

    settings: Settings
    services: Services
    stopper: Stopper  # the clean stop (bot.shutdown)
    chat: ChatRouter  # typed play (bot.chat)
    providers: Providers  # collaborators found by type (bot.providers)
    forms: Forms  # every submitted form, answered by its feature (bot.forms)
    page_sources: dict[str, PageSource]  # paged replies rebuilt on demand (bot.views)

    @property
    def db(self) -> Database:
        return ready(self.services.db, "database")

    @property
    def jobs(self) -> JobRunner:
        return self.services.jobs

    @property
    def daily(self) -> DailyPoster:
        return ready(self.services.daily, "daily poster")

    @property
    def timers(self) -> Timers:
        return ready(self.services.timers, "timer service")

    @property
    def guild_lists(self) -> GuildLists:
        return ready(self.services.guild_lists, "servers' word lists")

    @property
    def lexicons(self) -> dict[str, Lexicon]:
        return self.services.lexicons

    def cog(self, kind: type[C]) -> C:
        """The loaded cog of class ``kind`` (LookupError when it is not loaded). Found by the class's
        cog name, not by isinstance: a cog class is told by its name wherever its module was made."""
        found = self.get_cog(cog_name(kind))
        if found is None:
            raise LookupError(f"The {cog_name(kind)} cog is not loaded.")
        return cast(C, found)


def host(client: discord.Client) -> Host:
    """``interaction.client`` (a discord.Client to discord.py) as the Host it is."""
    return cast(Host, client)
