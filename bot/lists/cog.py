"""/lists upload|remove|show and /report: a server's own word lists, and words its players dispute.

An upload is checked for size before it is downloaded, parsed in a worker process (``bot.jobs``:
never on the event loop), stored in one transaction and its lexicon built into this process's
cache (``bot.guild_lists``, see ``bot/lists/__init__.py``). Every reply about the person's own
mistake is one private line; an error of ours is logged and apologised for.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.jobs import JobError
from bot.lexicons import language as language_option
from bot.lexicons.guild_lists import GuildLists, no_list_called
from bot.lexicons.store import MAX_LISTS, REASONS, TooManyLists
from bot.lists import text
from bot.lists.upload import Upload, parse_in_worker, store_upload
from bot.views import job_failure, send_notice
from solvers.lexicon import MAX_WORD_LENGTH
from solvers.typed import plain_letters
from solvers.wordlist import MAX_UPLOAD_BYTES, ListError, check_name

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

DOWNLOAD_FAILED = "Could not download the file from Discord: please upload it again in a minute."
REASON_CHOICES = [app_commands.Choice(name=reason, value=reason) for reason in REASONS]


def _too_big(size: int) -> str:
    return (f"The file is {size / 2**20:.1f} MB; a word list may be at most {MAX_UPLOAD_BYTES >> 20} MB "
            "(a .gz of it counts its packed size).")


def _is_admin(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions and permissions.manage_guild)


class Lists(commands.Cog):
    lists = app_commands.Group(name="lists", description="This server's own word lists", guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @property
    def guild_lists(self) -> GuildLists:
        return self.bot.guild_lists

    async def _show_vulgar(self, guild_id: int) -> bool:
        """Whether the server shows flagged words: what a reply may quote of what was typed."""
        return (await self.bot.db.guild_settings(guild_id)).show_vulgar

    @lists.command(name="upload", description="Upload a word list for this server: one word per "
                                              "line (needs Manage Server)")
    @app_commands.describe(name="A name for it: 1-20 of a-z, 0-9 and - (the same name replaces a list)",
                           file="A text file, or .gz, one word per line (up to 8 MB and 500,000 words)",
                           language="The list's language: its words are read and played by its letters "
                                    "(default: the server's)")
    @app_commands.choices(language=language_option.CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def upload(self, interaction: discord.Interaction, name: str, file: discord.Attachment,
                     language: str | None = None) -> None:
        assert interaction.guild_id is not None  # guild_only
        refusal = await self._refusal(interaction.guild_id, name, file)
        if refusal is not None:
            await send_notice(interaction, refusal)
            return
        language = language or (await self.bot.db.guild_settings(interaction.guild_id)).get(language_option.LANGUAGE)
        try:
            job = self.bot.jobs.reserve(interaction.user.id, "lists upload")
        except JobError as error:
            await send_notice(interaction, str(error))
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await file.read()
        except discord.HTTPException as error:
            self.bot.jobs.release(job)  # the reserved place, never used
            log.warning("Could not download an uploaded list: %s", error)
            await send_notice(interaction, DOWNLOAD_FAILED)
            return
        except BaseException:
            self.bot.jobs.release(job)
            raise
        if len(data) > MAX_UPLOAD_BYTES:  # the size Discord gave was not the size it sent
            self.bot.jobs.release(job)
            await send_notice(interaction, _too_big(len(data)))
            return
        try:
            parsed = await self.bot.jobs.run(job, parse_in_worker, data, language)
        except JobError as error:  # failed, busy, timed out, out of memory, stopped by a restart
            await send_notice(interaction, job_failure(error, "/lists upload"))
            return
        if isinstance(parsed, str):
            await send_notice(interaction, parsed)
            return
        await self._store(interaction, name, parsed)

    async def _refusal(self, guild_id: int, name: str, file: discord.Attachment) -> str | None:
        """What is wrong with an upload before anything is downloaded; None when nothing is."""
        try:
            check_name(name)
        except ListError as error:
            return text.name_refused(name, error, await self._show_vulgar(guild_id))
        if file.size > MAX_UPLOAD_BYTES:
            return _too_big(file.size)
        names = [info.name for info in await self.guild_lists.store.lists(guild_id)]  # every list counts
        if name not in names and len(names) >= MAX_LISTS:
            return text.too_many_lists(names)
        return None

    async def _store(self, interaction: discord.Interaction, name: str, upload: Upload) -> None:
        assert interaction.guild_id is not None
        try:
            replaced = await store_upload(self.guild_lists, interaction.guild_id, name, upload, interaction.user.id)
        except TooManyLists as error:  # another upload took the last place meanwhile
            await send_notice(interaction, text.too_many_lists(error.names))
            return
        lines = text.upload_lines(name, upload, replaced, await self._show_vulgar(interaction.guild_id))
        await interaction.edit_original_response(content="\n".join(lines))

    @lists.command(name="remove", description="Remove one of this server's word lists (needs Manage Server)")
    @app_commands.describe(name="The list's name")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def remove(self, interaction: discord.Interaction, name: str) -> None:
        assert interaction.guild_id is not None
        show_vulgar = await self._show_vulgar(interaction.guild_id)
        removed = await self.guild_lists.store.remove(interaction.guild_id, name)  # the default reset with it
        if removed is not None:
            self.guild_lists.forget_all(interaction.guild_id, name)
            await interaction.response.send_message(
                f"Removed {text.list_named(name, show_vulgar)}." + (f" {text.DEFAULT_RESET}" if removed.was_default
                                                                    else ""),
                ephemeral=True)
            return
        names = await self.guild_lists.names(interaction.guild_id)
        known = f"its lists are {', '.join(names)}" if names else "it has none"
        await send_notice(interaction, f"This server has no list {no_list_called(name, show_vulgar)}: {known}.")

    @remove.autocomplete("name")
    async def _own_names(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = await self.guild_lists.names(interaction.guild_id or 0)
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current.strip().lower())]

    @lists.command(name="show", description="This server's word lists (and, for admins, the words players reported)")
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        lines = ["**This server's word lists**",
                 *text.list_lines(await self.guild_lists.store.lists(interaction.guild_id))]
        if _is_admin(interaction):
            reports = await self.guild_lists.store.reports(interaction.guild_id)
            lines += ["", "**Words reported here**",
                      *text.report_lines(reports, show_flagged=await self._show_vulgar(interaction.guild_id))]
        await interaction.response.send_message(_fit("\n".join(lines)), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="report", description="Report a word: not a word, offensive, or missing from the lists")
    @app_commands.describe(word="The word", reason="What is wrong with it")
    @app_commands.choices(reason=REASON_CHOICES)
    @app_commands.guild_only()
    async def report(self, interaction: discord.Interaction, word: str, reason: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        letters = plain_letters(word, keep_spaces=True).strip()
        if not (letters.isascii() and letters.isalpha() and len(letters) <= MAX_WORD_LENGTH):
            await send_notice(interaction, f"A word is the letters a-z only, at most {MAX_WORD_LENGTH} of them.")
            return
        new = await self.guild_lists.store.report(interaction.guild_id, letters, reason.value, interaction.user.id)
        thanks = text.report_thanks(letters, reason.value, new, await self._show_vulgar(interaction.guild_id))
        await interaction.response.send_message(thanks, ephemeral=True)


def _fit(message: str, limit: int = 2000) -> str:
    """A message cut to Discord's length at a line's end."""
    if len(message) <= limit:
        return message
    return message[:message.rfind("\n", 0, limit - 2)] + "\n…"


async def setup(bot: Host) -> None:
    await bot.add_cog(Lists(bot))
