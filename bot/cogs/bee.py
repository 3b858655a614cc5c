"""/bee: the daily Spelling Bee in a channel, its buttons, and the daily-post dispatcher."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import bee_messages as messages
from bot.formatting import permission_name
from bot.games.bee import BeeGame, BeeSetupError, NoBee, Schedule, matching_timezones
from bot.hive import alt_text, render_hive, shuffled
from solvers import bee

log = logging.getLogger(__name__)

BUTTONS = {"guess": ("Guess", discord.ButtonStyle.success), "hints": ("Hints", discord.ButtonStyle.secondary),
           "shuffle": ("Shuffle", discord.ButtonStyle.secondary), "found": ("My words", discord.ButtonStyle.secondary)}
POST_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "attach_files")
MAX_SLEEP = 3600.0  # the dispatcher looks again at least hourly
RETRY_AFTER_FAILURE = 300.0
QUIET = discord.AllowedMentions.none()


class BeeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bee:(?P<action>guess|hints|shuffle|found):(?P<date>\d{4}-\d{2}-\d{2})"):
    """A button of a daily post. Its custom id names the action and the post's date, so it
    keeps working after a restart (discord.py matches the id against the template)."""

    def __init__(self, action: str, date: dt.date) -> None:
        label, style = BUTTONS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"bee:{action}:{date.isoformat()}"))
        self.action, self.date = action, date

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> BeeButton:
        return cls(match["action"], dt.date.fromisoformat(match["date"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog: Bee = interaction.client.get_cog("Bee")  # type: ignore[assignment]
        await cog.on_button(interaction, self.action, self.date)


class GuessModal(discord.ui.Modal, title="Guess a word"):
    word = discord.ui.TextInput(label="Your word", custom_id="word", placeholder="4 or more letters", max_length=40)

    def __init__(self, cog: Bee, date: dt.date) -> None:
        super().__init__(timeout=600)
        self.cog, self.date = cog, date

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.cog.guess_and_reply(interaction, self.word.value, self.date)


def post_view(date: dt.date) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in BUTTONS:
        view.add_item(BeeButton(action, date))
    return view


async def hive_file(puzzle: bee.Puzzle, outer: str | None = None) -> discord.File:
    outer = outer or puzzle.outer
    png = await asyncio.to_thread(render_hive, puzzle.center, outer)
    return discord.File(io.BytesIO(png), filename=messages.HIVE_FILE, description=alt_text(puzzle.center, outer))


class Bee(commands.Cog):
    bee = app_commands.Group(name="bee", description="The daily Spelling Bee", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.game = BeeGame(bot.store, bot.lexicons["common"], clock=discord.utils.utcnow)
        self._dispatcher: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BeeButton)
        self.restart_dispatcher()

    async def cog_unload(self) -> None:
        if self._dispatcher is not None:
            self._dispatcher.cancel()
        self.bot.remove_dynamic_items(BeeButton)

    # ------------------------------------------------------------------ commands

    @bee.command(name="setup", description="Post a daily Spelling Bee in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the hive is posted", time="Local time of the post, HH:MM (24-hour)",
                           timezone="Your time zone, e.g. Europe/London")
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def setup(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str, timezone: str) -> None:
        missing = [p for p in POST_PERMISSIONS if not getattr(channel.permissions_for(channel.guild.me), p)]
        if missing:
            needed = ", ".join(permission_name(p) for p in missing)
            await interaction.response.send_message(f"I can't post in {channel.mention}: give me {needed} there, then try again.", ephemeral=True)
            return
        try:
            schedule = await self.game.setup(interaction.guild_id, channel.id, time, timezone, interaction.user.id)
        except BeeSetupError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        next_post, posting_now = await self.game.first_post(schedule)
        await interaction.response.send_message(messages.setup_reply(schedule, next_post, posting_now), ephemeral=True)
        self.restart_dispatcher()

    @setup.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=zone, value=zone) for zone in matching_timezones(current)]

    @bee.command(name="stop", description="Stop the daily Spelling Bee in this server (needs Manage Server)")
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def stop(self, interaction: discord.Interaction) -> None:
        stopped = await self.game.stop(interaction.guild_id, interaction.user.id)
        text = "The daily Spelling Bee is stopped. `/bee setup` starts it again." if stopped else "There is no Spelling Bee running in this server."
        await interaction.response.send_message(text, ephemeral=True)
        self.restart_dispatcher()

    @bee.command(name="guess", description="Guess a word in today's Spelling Bee")
    @app_commands.describe(word="A word of 4+ letters using the centre letter")
    async def guess(self, interaction: discord.Interaction, word: str) -> None:
        await self.guess_and_reply(interaction, word, None)

    @bee.command(name="today", description="Today's hive and your progress")
    async def today(self, interaction: discord.Interaction) -> None:
        if (day := await self._today(interaction)) is None:
            return
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, day[1])
        file = await hive_file(progress.puzzle)
        await interaction.response.send_message(embed=messages.today_embed(progress), file=file, ephemeral=True)

    @bee.command(name="hints", description="Counts of the words you have not found yet")
    async def hints(self, interaction: discord.Interaction) -> None:
        if (day := await self._today(interaction)) is not None:
            await self._send_hints(interaction, day[1])

    @bee.command(name="found", description="The words you have found today")
    async def found(self, interaction: discord.Interaction) -> None:
        if (day := await self._today(interaction)) is not None:
            await self._send_found(interaction, day[1])

    @bee.command(name="rules", description="How the Spelling Bee works")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=messages.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if (day := await self._today(interaction, post_date=date)) is None:
            return
        if action == "guess":
            await interaction.response.send_modal(GuessModal(self, date))
        elif action == "hints":
            await self._send_hints(interaction, date)
        elif action == "found":
            await self._send_found(interaction, date)
        else:
            puzzle = await self.game.puzzle(date)
            outer = shuffled(puzzle.outer)
            file = await hive_file(puzzle, outer)
            await interaction.response.send_message(messages.hive_letters(puzzle, outer), file=file, ephemeral=True)

    async def guess_and_reply(self, interaction: discord.Interaction, word: str, post_date: dt.date | None) -> None:
        if (day := await self._today(interaction, post_date=post_date)) is None:
            return
        schedule, date = day
        if post_date is None and interaction.channel_id != schedule.channel_id:
            await interaction.response.send_message(f"Play the Spelling Bee in <#{schedule.channel_id}>.", ephemeral=True)
            return
        result = await self.game.guess(interaction.guild_id, interaction.user.id, date, word, interaction.user.display_name)
        await interaction.response.send_message(messages.guess_reply(result), ephemeral=True)
        for line in messages.announcement(interaction.user.mention, result):
            await self._announce(schedule, line)

    async def _today(self, interaction: discord.Interaction, post_date: dt.date | None = None) -> tuple[Schedule, dt.date] | None:
        """The guild's schedule and local date, or None after telling the user why not."""
        try:
            schedule, date = await self.game.today(interaction.guild_id)
        except NoBee as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return None
        if post_date is not None and post_date != date:
            await interaction.response.send_message(
                f"That hive was for {messages.long_date(post_date)}. Today's hive is in the newest post in <#{schedule.channel_id}>.",
                ephemeral=True)
            return None
        return schedule, date

    async def _send_hints(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        embed = messages.hints_embed(progress.puzzle, bee.hints(progress.puzzle, progress.found))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _send_found(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        await interaction.response.send_message(embed=messages.found_embed(progress), ephemeral=True)

    async def _announce(self, schedule: Schedule, text: str) -> None:
        channel = self.bot.get_channel(schedule.channel_id)
        try:
            if channel is not None:
                await channel.send(text, allowed_mentions=QUIET)
        except discord.HTTPException:
            log.warning("Could not announce in channel %s of guild %s", schedule.channel_id, schedule.guild_id, exc_info=True)

    # ------------------------------------------------------------------ the daily post

    def restart_dispatcher(self) -> None:
        """(Re)start the one task that makes every guild's daily post, e.g. after a schedule changed."""
        if self._dispatcher is not None:
            self._dispatcher.cancel()
        self._dispatcher = asyncio.create_task(self._dispatch_forever(), name="bee-daily-posts")

    async def _dispatch_forever(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            failed = False
            try:
                for schedule, date in await self.game.due_posts():
                    failed |= not await self.post(schedule, date)
                wake = await self.game.next_post_time()
            except Exception:
                log.exception("The daily-post dispatcher failed; trying again shortly")
                wake, failed = None, True
            delay = MAX_SLEEP if wake is None else (wake - self.game.clock()).total_seconds()
            await asyncio.sleep(max(1.0, min(delay, RETRY_AFTER_FAILURE if failed else MAX_SLEEP)))

    async def post(self, schedule: Schedule, date: dt.date) -> bool:
        """Make the guild's post of ``date`` unless it was made already. False when it should be retried."""
        content = await self.game.daily_post(schedule.guild_id, date)
        if not await self.game.store.claim_post(schedule.guild_id, date, schedule.channel_id):
            return True
        try:
            channel = self.bot.get_channel(schedule.channel_id) or await self.bot.fetch_channel(schedule.channel_id)
            message = await channel.send(embeds=messages.daily_post_embeds(content), file=await hive_file(content.puzzle),
                                         view=post_view(date))
        except (discord.Forbidden, discord.NotFound):
            log.warning("Cannot post the Spelling Bee in channel %s of guild %s: missing access or deleted; "
                        "skipping %s", schedule.channel_id, schedule.guild_id, date)
            return True
        except discord.HTTPException:
            log.exception("Posting the Spelling Bee in guild %s failed; will retry", schedule.guild_id)
            await self.game.store.release_post(schedule.guild_id, date)
            return False
        await self.game.store.set_post_message(schedule.guild_id, date, message.id)
        log.info("Posted the Spelling Bee of %s in guild %s", date, schedule.guild_id)
        return True


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Bee(bot))
