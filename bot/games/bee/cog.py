"""/bee: the daily Spelling Bee in a channel, its buttons and its daily post."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import setup as daily
from bot.daily.posts import DailyMessage
from bot.games.bee import embeds
from bot.games.bee.game import BEE, BeeGame
from bot.games.bee.picture import alt_text, render_hive, shuffled
from bot.games.definitions import FoundDefinitions
from bot.games.glosses import Glosses
from bot.pictures import png
from bot.views import apologise, form_values, page_sources
from solvers import bee

BUTTONS = {"guess": ("Guess", discord.ButtonStyle.success), "hints": ("Hints", discord.ButtonStyle.secondary),
           "shuffle": ("Shuffle", discord.ButtonStyle.secondary), "found": ("My words", discord.ButtonStyle.secondary),
           "defs": ("Definitions", discord.ButtonStyle.secondary)}
POST_ACTIONS = ("guess", "hints", "shuffle", "found")


class BeeButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"bee:(?P<action>guess|hints|shuffle|found|defs):(?P<date>\d{4}-\d{2}-\d{2})(?::(?P<owner>\d+))?"):
    """A button of a daily post, or the Definitions button of a player's words (``owner``: whose).
    Its custom id names the action and the post's date (and the owner), so it keeps working
    after a restart (discord.py matches the id against the template)."""

    def __init__(self, action: str, date: dt.date, owner: int | None = None) -> None:
        label, style = BUTTONS[action]
        custom_id = f"bee:{action}:{date.isoformat()}" + (f":{owner}" if owner is not None else "")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.date, self.owner = action, date, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> BeeButton:
        return cls(match["action"], dt.date.fromisoformat(match["date"]), int(match["owner"]) if match["owner"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog: Bee = interaction.client.get_cog("Bee")  # type: ignore[assignment]
        async with apologise(interaction):
            if self.action == "defs":  # any day's words, not only today's hive
                await cog.definitions.show(interaction, self.owner or 0, self.date)
            else:
                await cog.on_button(interaction, self.action, self.date)


GUESS_FORM = re.compile(r"bee:form:(?P<date>\d{4}-\d{2}-\d{2})")


class GuessModal(discord.ui.Modal, title="Guess a word"):
    """The guess form. Its answer is handled by ``Bee.on_interaction`` from the form's custom id
    (``bee:form:<date>``), not by this object, so it is answered however late it comes, after a
    restart too."""

    word = discord.ui.TextInput(label="Your word", custom_id="word", placeholder="4 or more letters", max_length=40)

    def __init__(self, date: dt.date) -> None:
        super().__init__(timeout=None, custom_id=f"bee:form:{date.isoformat()}")


def post_view(date: dt.date) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in POST_ACTIONS:
        view.add_item(BeeButton(action, date))
    return view


def definitions_view(date: dt.date, owner: int) -> discord.ui.View:
    """The Definitions button of a player's words of a day."""
    view = discord.ui.View(timeout=None)
    view.add_item(BeeButton("defs", date, owner))
    return view


async def hive_file(puzzle: bee.Puzzle, outer: str | None = None) -> discord.File:
    outer = outer or puzzle.outer
    picture = await png.drawn(render_hive, puzzle.center, outer)
    return discord.File(io.BytesIO(picture), filename=embeds.HIVE_FILE, description=alt_text(puzzle.center, outer))


class Bee(commands.Cog):
    bee = app_commands.Group(name="bee", description="The daily Spelling Bee", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = BeeGame(bot.db, bot.lexicons["common"], bot.daily.calendar)
        self.definitions = FoundDefinitions("beedefs", "bee found", embeds.BEE_YELLOW, self.game.players_words,
                                            "Press **Guess** on the day's post to play.")

    async def cog_load(self) -> None:
        await asyncio.to_thread(Glosses.load)  # the definitions, once per process, off the event loop
        self.bot.add_dynamic_items(BeeButton)
        page_sources(self.bot)[self.definitions.kind] = self.definitions
        self.daily.register(BEE.key, self.daily_message)

    async def cog_unload(self) -> None:
        self.daily.unregister(BEE.key)
        page_sources(self.bot).pop(self.definitions.kind, None)
        self.bot.remove_dynamic_items(BeeButton)

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content), [await hive_file(content.puzzle)], post_view(date))

    # ------------------------------------------------------------------ commands

    @bee.command(name="setup", description="Post a daily Spelling Bee in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the hive is posted", time="Local time of the post, HH:MM (24-hour)",
                           timezone="Your time zone, e.g. Europe/London")
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str, timezone: str) -> None:
        await daily.setup_game(interaction, self.daily, BEE, channel, time, timezone)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @bee.command(name="stop", description="Stop the daily Spelling Bee in this server (needs Manage Server)")
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def stop(self, interaction: discord.Interaction) -> None:
        await daily.stop_game(interaction, self.daily, BEE)

    @bee.command(name="guess", description="Guess a word in today's Spelling Bee")
    @app_commands.describe(word="A word of 4+ letters using the centre letter")
    async def guess(self, interaction: discord.Interaction, word: str) -> None:
        await self.guess_and_reply(interaction, word, None)

    @bee.command(name="today", description="Today's hive and your progress")
    async def today(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.daily, BEE)) is None:
            return
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, day[1])
        file = await hive_file(progress.puzzle)
        await interaction.response.send_message(embed=embeds.today_embed(progress), file=file, ephemeral=True)

    @bee.command(name="hints", description="Counts of the words you have not found yet")
    async def hints(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.daily, BEE)) is not None:
            await self._send_hints(interaction, day[1])

    @bee.command(name="found", description="The words you have found today")
    async def found(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.daily, BEE)) is not None:
            await self._send_found(interaction, day[1])

    @bee.command(name="rules", description="How the Spelling Bee works")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.daily, BEE, post_date=date) is None:
            return
        if action == "guess":
            await interaction.response.send_modal(GuessModal(date))
        elif action == "hints":
            await self._send_hints(interaction, date)
        elif action == "found":
            await self._send_found(interaction, date)
        else:
            puzzle = await self.game.puzzle(date)
            outer = shuffled(puzzle.outer)
            file = await hive_file(puzzle, outer)
            await interaction.response.send_message(embeds.hive_letters(puzzle, outer), file=file, ephemeral=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted guess form, matched by its custom id (see GuessModal)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        match = GUESS_FORM.fullmatch((interaction.data or {}).get("custom_id", ""))
        if match is not None:
            async with apologise(interaction):
                word = form_values(interaction).get("word", "")
                await self.guess_and_reply(interaction, word, dt.date.fromisoformat(match["date"]))

    async def guess_and_reply(self, interaction: discord.Interaction, word: str, post_date: dt.date | None) -> None:
        if (day := await daily.todays_game(interaction, self.daily, BEE, post_date=post_date)) is None:
            return
        schedule, date = day
        if post_date is None and not await daily.in_game_channel(interaction, BEE, schedule):
            return
        result = await self.game.guess(interaction.guild_id, interaction.user.id, date, word, interaction.user.display_name)
        shown = (await self.bot.db.guild_settings(interaction.guild_id)).show_vulgar  # type: ignore[attr-defined]
        await interaction.response.send_message(embeds.guess_reply(result, shown), ephemeral=True)
        for line in embeds.announcement(interaction.user.mention, result):
            await daily.announce(self.bot, schedule, line)

    async def _send_hints(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        embed = embeds.hints_embed(progress.puzzle, bee.hints(progress.puzzle, progress.found))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _send_found(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        extra = {"view": definitions_view(date, interaction.user.id)} if progress.found else {}
        await interaction.response.send_message(embed=embeds.found_embed(progress), ephemeral=True, **extra)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Bee(bot))
