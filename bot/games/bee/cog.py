"""/bee: the daily Spelling Bee in a channel, its buttons and its daily post."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.words import MAX_WORD_CHARS, MAX_WORDS
from bot.daily import setup as daily
from bot.daily.posts import POST_CHARS, DailyMessage, message_size
from bot.daily.schedule import Play
from bot.games import buttons
from bot.games.bee import embeds, team_embeds, team_text, text
from bot.games.bee.game import BEE, BeeGame, Guesses, Progress
from bot.games.bee.picture import alt_text, render_hive, shuffled
from bot.games.bee.plugin import BEES
from bot.games.bee.rooms import bee_rooms, news
from bot.games.bee.together import BeeTeam, TeamProgress, TeamTake
from bot.games.bee.variants import BeeVariant
from bot.games.buttons import DailyGameCog, PostButton, PostForm, button_template
from bot.games.definitions import FoundDefinitions
from bot.games.variants import LANGUAGE_CHOICES, variant_of_channel
from bot.glosses import Glosses
from bot.hookups import Hookups
from bot.pictures import png
from bot.text import markdown_bold
from solvers import bee
from solvers.lexicon import Lexicon

if TYPE_CHECKING:
    from bot.host import Host

BUTTONS = {"guess": ("Guess", discord.ButtonStyle.success), "hints": ("Hints", discord.ButtonStyle.secondary),
           "shuffle": ("Shuffle", discord.ButtonStyle.secondary), "found": ("My words", discord.ButtonStyle.secondary),
           "defs": ("Definitions", discord.ButtonStyle.secondary),
           "again": ("Guess again", discord.ButtonStyle.success), "share": ("Share", discord.ButtonStyle.primary)}
POST_ACTIONS = ("guess", "hints", "shuffle", "found")
FORM_CHARS = MAX_WORDS * (MAX_WORD_CHARS + 1)


class BeeButton(PostButton, template=button_template("bee", BUTTONS)):
    """A button of a daily post (``bee:<action>:<date>``) or of a player's private reply: Guess
    again (``bee:again:<date>``), Shuffle, Definitions and Share of the player's own words and
    result (``bee:defs:<date>:<owner>``, ``bee:share:…``): see ``bot.games.buttons``."""

    key, labels, post_actions = "bee", BUTTONS, POST_ACTIONS


class GuessModal(PostForm, title="Guess a word"):
    """The guess form (``bee:form:<date>``): one word or several, answered through ``bot.forms``
    by ``Bee.guess_and_reply``."""

    key = "bee"
    word = discord.ui.TextInput(label="One word, or several separated by spaces", custom_id="word",
                                style=discord.TextStyle.paragraph, placeholder="4 or more letters, e.g. HALCYON CANDLE",
                                max_length=FORM_CHARS)


definitions_view = BeeButton.definitions_view


def progress_view(progress: Progress, owner: int) -> dict:
    """Definitions and Share, under a player's own progress once they have found a word."""
    return {"view": BeeButton.reply_view(progress.puzzle.date, ("defs", "share"), owner)} if progress.found else {}


def team_view(team: TeamProgress, owner: int) -> dict:
    """Share, under the team's progress shown privately, once the team has a word."""
    return {"view": BeeButton.reply_view(team.puzzle.date, ("share",), owner)} if team.credits else {}


async def hive_file(puzzle: bee.Puzzle, outer: str | None = None) -> discord.File:
    outer = outer or puzzle.outer
    picture = await png.drawn(render_hive, puzzle.center, outer)
    return discord.File(io.BytesIO(picture), filename=embeds.HIVE_FILE, description=alt_text(puzzle.center, outer))


class Bee(commands.Cog):
    bee = app_commands.Group(name="bee", description="The daily Spelling Bee", guild_only=True)
    post_classes, hive_file = (BeeButton, GuessModal), staticmethod(hive_file)  # for bot.games.bee.variants

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = BeeGame(bot.db, bot.lexicons["common"], bot.daily.calendar)
        self.team = BeeTeam(self.game)  # the together days: one game for the whole server
        self.rooms = bee_rooms(bot, self.team)
        self.hooks = Hookups(bot)
        self.definitions = FoundDefinitions("beedefs", "bee found", embeds.BEE_YELLOW, self.game.players_words,
                                            "Press **Guess** on the day's post to play.")
        self.variants = {code: BeeVariant(self, BeeGame(bot.db, lambda code=code: Lexicon.load("common", language=code),
                                                        bot.daily.calendar, language=code))
                         for code in BEES if code != "en"}  # the bee in other languages, each its own game

    async def variant_in(self, interaction: discord.Interaction) -> BeeVariant | None:
        return await variant_of_channel(self.daily.calendar, self.variants.values(), interaction)

    async def cog_load(self) -> None:
        await asyncio.to_thread(Glosses.load)  # the definitions, once per process, off the event loop
        hooks = self.hooks
        hooks.provide(DailyGameCog, self, key=BeeButton.key)
        hooks.form(BeeButton.key, *buttons.form(BeeButton.key, "word", self.guess_and_reply))
        hooks.items(BeeButton)
        hooks.pages(self.definitions.kind, self.definitions)
        self.rooms.hook(hooks, self.game.days, self.daily_message)
        for variant in self.variants.values():
            variant.hook(hooks)

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        files = [await hive_file(content.puzzle)]
        together = await self.game.calendar.play_style(BEE, guild_id, date) is Play.TOGETHER
        yesterday = date - dt.timedelta(days=1)
        if content.yesterday is None \
                or await self.game.calendar.play_style(BEE, guild_id, yesterday) is not Play.TOGETHER:
            return DailyMessage(embeds.daily_post_embeds(content, together), files, BeeButton.post_view(date))
        # After a together day: the team's result, short; every answer with its definition is in its thread
        made = embeds.daily_post_embeds(replace(content, yesterday=None), together)
        room = await self.team.store.team_day(BEE.key, guild_id, yesterday)
        schedule = await self.game.calendar.store.schedule(BEE.key, guild_id)
        thread = room.channel_id if room and schedule and room.channel_id != schedule.channel_id else None
        made.append(team_embeds.yesterday_embed(await self.team.progress(guild_id, yesterday),
                                                await self.team.missed(guild_id, yesterday), thread,
                                                POST_CHARS - message_size(None, made)[1]))
        return DailyMessage(made, files, BeeButton.post_view(date))

    # ------------------------------------------------------------------ commands

    @bee.command(name="setup", description="Post a daily Spelling Bee in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the hive is posted",
                           time="Local time of the post: 09:00, 9am, 9:30 pm or 21h",
                           timezone="Your time zone: a city (London), a zone, an abbreviation "
                                    "(EST) or an offset (+02:00)",
                           play="Solo (the default) or together; from the next post (unchanged when left out)",
                           role="A role to ping with each post, for players who take it (unchanged when left out)",
                           language="The words' language (default English): each language is a bee of its own")
    @app_commands.choices(play=daily.PLAY_CHOICES, language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str,
                            timezone: str, play: str | None = None, role: discord.Role | None = None,
                            language: str | None = None) -> None:
        await daily.setup_game(interaction, self.daily, BEES.get(language or "en", BEE), channel, time, timezone,
                               play, role)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @bee.command(name="stop", description="Stop the daily Spelling Bee in this server (needs Manage Server)")
    @app_commands.describe(language="The bee to stop (default English): each language is a bee of its own")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)  # subcommands cannot be hidden by permission
    async def stop(self, interaction: discord.Interaction, language: str | None = None) -> None:
        await daily.stop_game(interaction, self.daily, BEES.get(language or "en", BEE))

    @bee.command(name="guess", description="Guess a word (or several) in today's Spelling Bee")
    @app_commands.describe(word="A word of 4+ letters using the centre letter, or up to "
                                f"{MAX_WORDS} separated by spaces")
    async def guess(self, interaction: discord.Interaction, word: str) -> None:
        if variant := await self.variant_in(interaction):
            return await variant.play_and_reply(interaction, word, None)
        await self.guess_and_reply(interaction, word, None)

    @bee.command(name="today", description="Today's hive and your progress")
    async def today(self, interaction: discord.Interaction) -> None:
        if variant := await self.variant_in(interaction):
            if (day := await daily.todays_game(interaction, variant.game.days)) is not None:
                await variant.send_today(interaction, day.date)
            return
        if (day := await daily.todays_game(interaction, self.game.days)) is None:
            return
        if day.play is Play.TOGETHER:  # the team's day, as the team's
            team = await self.team.progress(interaction.guild_id, day.date)
            await interaction.response.send_message(embed=team_embeds.today_embed(team), ephemeral=True,
                                                    file=await hive_file(team.puzzle),
                                                    **team_view(team, interaction.user.id))
            return
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, day.date)
        file = await hive_file(progress.puzzle)
        await interaction.response.send_message(embed=embeds.today_embed(progress), file=file, ephemeral=True,
                                                **progress_view(progress, interaction.user.id))

    @bee.command(name="hints", description="Counts of the words you have not found yet")
    async def hints(self, interaction: discord.Interaction) -> None:
        if variant := await self.variant_in(interaction):
            if (day := await daily.todays_game(interaction, variant.game.days)) is not None:
                await variant.send_hints(interaction, day.date)
            return
        if (day := await daily.todays_game(interaction, self.game.days)) is not None:
            await self._send_hints(interaction, day.date)

    @bee.command(name="found", description="The words you have found today")
    async def found(self, interaction: discord.Interaction) -> None:
        if variant := await self.variant_in(interaction):
            if (day := await daily.todays_game(interaction, variant.game.days)) is not None:
                await variant.send_found(interaction, day.date)
            return
        if (day := await daily.todays_game(interaction, self.game.days)) is not None:
            await self._send_found(interaction, day.date)

    @bee.command(name="rules", description="How the Spelling Bee works")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        if action in ("guess", "again"):
            await interaction.response.send_modal(GuessModal(date))
        elif action == "hints":
            await self._send_hints(interaction, date)
        elif action == "found":
            await self._send_found(interaction, date)
        else:
            await self.shuffle(interaction, date)

    async def shuffle(self, interaction: discord.Interaction, date: dt.date, game: BeeGame | None = None,
                      button: type[BeeButton] = BeeButton) -> None:
        """The hive shuffled, privately, with its own Shuffle and Guess buttons: the post's
        Shuffle opens this private view, whose Shuffle redraws it in place."""
        puzzle = await (game or self.game).puzzle(date)
        outer = shuffled(puzzle.outer)
        shown = {"content": embeds.hive_letters(puzzle, outer), "view": button.reply_view(date, ("shuffle", "guess"))}
        file = await hive_file(puzzle, outer)
        if buttons.private(interaction):
            await interaction.response.edit_message(attachments=[file], **shown)
        else:
            await interaction.response.send_message(file=file, ephemeral=True, **shown)

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        """The Share button's summary of a player's day (``bot.games.share``): on a together day, the team's."""
        if await self._together(guild_id, date):
            return team_text.share_text(await self.team.progress(guild_id, date), user_id, team_embeds.mention,
                                        markdown_bold)
        progress = await self.game.progress(guild_id, user_id, date)
        return text.share_text(progress, f"<@{user_id}>", markdown_bold) if progress.found else None

    async def guess_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        """One word or several, each answered in one private reply; announcements once."""

        async def reply(outcome: Guesses | TeamTake, shown: bool) -> tuple[str, dict]:
            if isinstance(outcome, TeamTake):  # a together day: the team's take, and its room hears of it
                await self.rooms.heard(news(outcome))
                return team_text.take_notice(outcome), {}
            again = ("again", "share") if outcome.reached else ("again",)  # a rank worth sharing
            return embeds.guesses_reply(outcome, shown), {"view": BeeButton.reply_view(outcome.day.date, again,
                                                                                       outcome.player_id)}

        def announce(mention: str, outcome: Guesses | TeamTake) -> list[str]:
            return [] if isinstance(outcome, TeamTake) else embeds.announcements(mention, outcome)

        def took_nothing(outcome: Guesses | TeamTake) -> bool:  # no new word: every one refused or found before
            return not (outcome.new if isinstance(outcome, TeamTake) else outcome.accepted)

        await buttons.take_and_reply(interaction, self.team.moves, words, post_date, reply, announce, took_nothing)

    async def _send_hints(self, interaction: discord.Interaction, date: dt.date) -> None:
        """What is left: the player's, or on a together day the team's."""
        if await self._together(interaction.guild_id, date):
            team = await self.team.progress(interaction.guild_id, date)
            embed = embeds.hints_embed(team.puzzle, bee.hints(team.puzzle, team.words), team=True)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        embed = embeds.hints_embed(progress.puzzle, bee.hints(progress.puzzle, progress.found))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _together(self, guild_id: int, date: dt.date) -> bool:
        return await self.game.calendar.play_style(BEE, guild_id, date) is Play.TOGETHER

    async def _send_found(self, interaction: discord.Interaction, date: dt.date) -> None:
        """The player's words, or on a together day the team's progress (privately)."""
        if await self._together(interaction.guild_id, date):
            team = await self.team.progress(interaction.guild_id, date)
            await interaction.response.send_message(embed=team_embeds.progress_embed(team), ephemeral=True,
                                                    allowed_mentions=daily.QUIET,
                                                    **team_view(team, interaction.user.id))
            return
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        await interaction.response.send_message(embed=embeds.found_embed(progress), ephemeral=True,
                                                **progress_view(progress, interaction.user.id))


async def setup(bot: Host) -> None:
    await bot.add_cog(Bee(bot))
