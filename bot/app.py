"""The Discord bot: ``create_bot(settings)`` builds it; ``setup_hook`` opens the database, loads the
word lists, loads every feature's cog, starts the daily posts and syncs the commands."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import importlib
import json
import logging
import pkgutil

import discord
from discord import app_commands
from discord.ext import commands

import bot
from bot import health, notes
from bot.chat.router import ChatRouter
from bot.config import Settings, shown_database
from bot.daily.calendar import DailyCalendar, Shards
from bot.daily.posts import DailyPoster
from bot.daily.zone_press import ZoneChoice
from bot.db import Database
from bot.db.open import open_database as open_target
from bot.db.outage import DATABASE_DOWN, is_database_down, report_outage
from bot.discord_internals import gateway_parsers
from bot.forms import Forms
from bot.host import Host
from bot.job_buttons import CancelJobButton
from bot.lexicons.guild_lists import GuildLists
from bot.observe import metrics_bot
from bot.observe.errors import report, with_error_id
from bot.options import drop_blank_options
from bot.providers import Providers
from bot.services import Services
from bot.shutdown import Stopper
from bot.text import permission_name
from bot.timers.service import Timers
from bot.views import PageButton, PageSource, send_notice
from solvers.lexicon import BUNDLED, Lexicon

log = logging.getLogger(__name__)


def discover_extensions() -> tuple[str, ...]:
    """Every feature's ``cog`` module under ``bot/`` (a feature is a folder with a cog.py)."""
    found = (m.name for m in pkgutil.walk_packages(bot.__path__, "bot.") if m.name.endswith(".cog"))
    return tuple(sorted(found))


EXTENSIONS = discover_extensions()


async def load_feature(bot: commands.Bot, name: str) -> None:
    """A feature's cog module, imported as any module is (once per process), then its ``setup(bot)``,
    which adds its cog. (discord.py's ``load_extension`` executes the module anew each time, for
    ``reload_extension``, which we do not use: a tenth of a second for every bot a process starts,
    and the tests start hundreds.)"""
    module = importlib.import_module(name)
    await module.setup(bot)


COMMAND_HASH_KEY = "command_tree_hash:{application_id}"
APOLOGY = "Sorry, something went wrong on our side while running that command. It has been logged; please try again."


class WordTree(app_commands.CommandTree):
    """The command tree, with one place where command errors become replies, and one where a
    blank option becomes no option (``bot.options``)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        metrics_bot.interaction_arrived(interaction)
        drop_blank_options(self, interaction)
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            needed = ", ".join(permission_name(p) for p in error.missing_permissions)
            message = f"You need the {needed} permission to use this command."
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "This command works only in a server, not in direct messages."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use this command here."
        elif isinstance(error, app_commands.CommandInvokeError) and is_database_down(error.original):
            # the database went away (PostgreSQL down or restarting, SQLite locked or gone): not our
            # bug, a warning (bot.db.outage)
            command = _command_name(interaction)
            error_id = report_outage(error.original, what=f"Command {command} could not use the database",
                                     command=command, guild_id=interaction.guild_id, logger=log)
            message = with_error_id(DATABASE_DOWN, error_id)
        else:
            command = _command_name(interaction)
            error_id = report(error, where="command", what=f"Command {command} failed", command=command,
                              guild_id=interaction.guild_id, logger=log)
            message = with_error_id(APOLOGY, error_id)
        await send_notice(interaction, message)
        metrics_bot.interaction_done(interaction, "refused" if isinstance(error, metrics_bot.REFUSALS) else "error")
        await notes.send(interaction)


def _command_name(interaction: discord.Interaction) -> str:
    return f"/{interaction.command.qualified_name}" if interaction.command else "/?"


class WordBot(Host):
    """The bot: a Host (``bot.host``: its settings, and its services read through typed accessors) that
    composes the platform and loads every feature."""

    def __init__(self, settings: Settings, services: Services | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(settings),
            help_command=None,
            tree_cls=WordTree,
            allowed_mentions=discord.AllowedMentions.none(),  # mentions never ping: the opt-in role passes its own
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,
        )
        self.settings = settings
        self.services = services if services is not None else Services()
        self.stopper = Stopper(self, grace=settings.stop_grace)  # the clean stop (SIGTERM, Ctrl-C)
        self.chat = ChatRouter(self, plain_messages=self.intents.message_content)  # typed play (bot.chat)
        self.providers = Providers()  # collaborators found by type (bot.providers)
        self.forms = Forms()  # every submitted form, answered by its feature (bot.forms)
        self.add_listener(self.forms.submitted, "on_interaction")
        self.page_sources: dict[str, PageSource] = {}  # see bot.views: paged replies rebuilt on demand
        self.failed_extensions: dict[str, BaseException] = {}
        self.health: health.HealthServer | None = None  # /healthz and /metrics, when settings.metrics asks for them

    async def setup_hook(self) -> None:
        if self.settings.metrics is not None and self.health is None:  # first: /healthz says 503 until all is up
            self.health = await health.serve(self, self.settings.metrics)
        services = self.services
        if services.db is None:  # `wordbot run` opens it before logging in, and passes it in
            services.db = await open_database(self.settings)
        self.stopper.watch(gateway_parsers(self))  # while stopping, new interactions are refused
        shards = Shards.of(self.settings.shard_ids, self.settings.shard_count)  # None: every guild
        calendar = DailyCalendar(services.db, clock=discord.utils.utcnow, posts_for=shards)
        services.timers = Timers(services.db, clock=lambda: discord.utils.utcnow(),  # a test's clock replaces it
                                 shards=None if shards is None else (shards.ids, shards.count))
        services.daily = DailyPoster(self, calendar, services.timers)
        services.guild_lists = GuildLists(services.db, build_in_worker=True)  # the servers' own word lists (bot.lists)
        services.lexicons.update(zip(BUNDLED,
                                     await asyncio.gather(*(asyncio.to_thread(Lexicon.load, n) for n in BUNDLED)),
                                     strict=True))
        gc.freeze()  # the word lists live for the whole run: keep them out of every GC pass
        self.add_dynamic_items(PageButton, CancelJobButton, ZoneChoice)
        for extension in EXTENSIONS:
            try:
                await load_feature(self, extension)
            except Exception as error:  # one broken cog must not take the others down
                self.failed_extensions[extension] = error
                report(error, where="startup", what=f"Could not load extension {extension}", logger=log)
        await self.daily.start()  # every schedule has its timer
        self.timers.start()  # the features gave their timers' handlers as their cogs loaded
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync to the dev guild every start (instant); globally only when the tree changed."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to development guild %s", len(synced), guild.id)
            return
        key = COMMAND_HASH_KEY.format(application_id=self.application_id)
        digest = command_tree_hash(self.tree)
        if await self.db.get_state(key) == digest:
            log.info("Slash commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync()
        await self.db.set_state(key, digest)
        log.info("Synced %d global slash commands (they may take a while to appear)", len(synced))

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        await notes.send(interaction)  # what the command's helpers noted for its reply (bot.notes)

    async def on_message(self, message: discord.Message) -> None:
        """No text commands: a message that mentions the bot is typed play, read by bot.chat's
        listener (discord.py's default would look for a command and log "command not found")."""

    async def on_ready(self) -> None:
        log.info("Logged in as %s (id %s) in %d servers", self.user, self.user.id if self.user else "?",
                 len(self.guilds))
        if self.settings.shard_ids is not None:
            log.info("Running shards %s of %d; posting the daily games of their servers only",
                     ",".join(map(str, self.settings.shard_ids)), self.settings.shard_count)

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Connect and run. SIGTERM (a service manager's stop or restart) and Ctrl-C stop the bot
        cleanly (``bot.shutdown``); a second one ends the process at once."""
        self.stopper.install()
        try:
            await super().start(token, reconnect=reconnect)
        finally:
            self.stopper.uninstall()

    async def close(self) -> None:
        """The clean stop, once however often it is asked for (``bot.shutdown.Stopper.stop``): refuse
        new work, let what is in flight finish within the grace period, end the running jobs as a
        restart does (/tiles keeps its best so far), then disconnect and close the database."""
        await self.stopper.stop()

    async def __aexit__(self, *exc_info: object) -> None:
        """Leaving ``async with`` waits for the whole clean stop, database closed included. (discord.py's
        own exit waits only for its part, the gateway's close, which ends ``start`` while the stop still
        closes the database; ``asyncio.run`` would then cancel that last step.)"""
        await self.close()

    async def disconnect(self) -> None:
        """The last steps of the stop: the timers and the chat stop, the gateway closes, and
        /healthz and /metrics stop."""
        try:
            if self.services.timers is not None:
                await self.services.timers.stop()  # a firing cut short is given back, for the next start
            self.chat.stop()
            await super().close()
        finally:
            if self.health is not None:
                await self.health.stop()


def bot_intents(settings: Settings) -> discord.Intents:
    """Discord's default intents; with ``WORDBOT_MESSAGE_CONTENT=1`` also the privileged Message
    Content intent (switched on in the developer portal too), so plain typed guesses are read."""
    intents = discord.Intents.default()
    intents.message_content = settings.message_content
    return intents


async def open_database(settings: Settings) -> Database:
    """The bot's database, migrated (a StoreError saying what to fix when it cannot be used)."""
    db = await open_target(settings.database)
    log.info("Using the %s database %s", db.dialect, shown_database(settings.database))
    return db


def command_tree_hash(tree: app_commands.CommandTree) -> str:
    """A hash of the global commands as Discord would receive them."""
    payload = sorted((command.to_dict(tree) for command in tree.get_commands()), key=lambda c: (c["name"], c["type"]))
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def create_bot(settings: Settings, services: Services | None = None) -> WordBot:
    """Build the bot; nothing connects until it is started with a token."""
    return WordBot(settings, services)
