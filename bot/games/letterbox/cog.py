"""/box: the daily Letter Boxed in a channel, its buttons and its daily post."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import setup as daily
from bot.daily.play import Refusal, Via
from bot.daily.posts import DailyMessage
from bot.daily.schedule import Play
from bot.db.outage import report_failure
from bot.games import buttons
from bot.games.buttons import DailyGameCog, PostButton, PostForm, button_template
from bot.games.definitions import FoundDefinitions
from bot.games.letterbox import embeds, share, team_text
from bot.games.letterbox.game import LETTERBOX, MAX_PLAY_CHARS, LetterBoxedGame, Played
from bot.games.letterbox.hint_view import NextHintButton, send_hint
from bot.games.letterbox.plugin import LETTERBOXES
from bot.games.letterbox.rooms import box_rooms, mention, news, spoiled, team_embed
from bot.games.letterbox.solo import SoloBox, box_file, took_nothing
from bot.games.letterbox.together import BoxTeam, TeamMoves, TeamPlay
from bot.games.letterbox.variants import BoxVariant
from bot.games.together.chain import TeamCommand
from bot.games.variants import LANGUAGE_CHOICES, variant_of_channel
from bot.glosses import Glosses
from bot.hookups import Hookups
from bot.observe import metrics_bot
from bot.text import markdown_bold
from bot.views import send_notice
from solvers import letterbox

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

BUTTONS = {"play": ("Play", discord.ButtonStyle.success), "chain": ("My chain", discord.ButtonStyle.secondary),
           "undo": ("Undo", discord.ButtonStyle.secondary), "restart": ("Restart", discord.ButtonStyle.secondary),
           "hint": ("Hint", discord.ButtonStyle.secondary), "defs": ("Definitions", discord.ButtonStyle.secondary),
           "again": ("Play again", discord.ButtonStyle.success), "share": ("Share", discord.ButtonStyle.primary)}
POST_ACTIONS = ("play", "chain", "undo", "restart", "hint")


class BoxButton(PostButton, template=button_template("box", BUTTONS)):
    """A button of a daily post (``box:<action>:<date>``) or of a player's private reply: Play
    again (``box:again:<date>``), Definitions and Share of the player's own words and result
    (``box:defs:<date>:<owner>``, ``box:share:…``): see ``bot.games.buttons``."""

    key, labels, post_actions = "box", BUTTONS, POST_ACTIONS


class PlayModal(PostForm, title="Play Letter Boxed"):
    """The play form (``box:form:<date>``), answered through ``bot.forms`` by ``DailyLetterBoxed.play_and_reply``."""

    key = "box"
    words = discord.ui.TextInput(label="Next word, or a whole chain", custom_id="words",
                                 placeholder="e.g. POWERFUL or POWERFUL LIBERTINE", max_length=MAX_PLAY_CHARS)


class DailyLetterBoxed(commands.Cog):
    box = app_commands.Group(name="box", description="The daily Letter Boxed", guild_only=True)
    post_classes = (BoxButton, PlayModal)  # for bot.games.letterbox.variants

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = LetterBoxedGame(bot.db, bot.lexicons["common"], bot.lexicons["full"], bot.daily.calendar)
        self.solo = SoloBox(self.game, BoxButton)  # a player's own chain
        self.variants = {code: BoxVariant(self, code) for code in LETTERBOXES if code != "en"}  # each its own game
        self.team = BoxTeam(self.game)  # the together days: one chain for the whole server
        self.rooms = box_rooms(bot, self.team)
        self.hooks = Hookups(bot)
        self.definitions = FoundDefinitions("boxdefs", "box today", embeds.COLOUR, self.game.players_words,
                                            "Press **Play** on the day's post to play.")

    async def cog_load(self) -> None:
        await asyncio.to_thread(Glosses.load)  # the definitions, once per process, off the event loop
        # the generator's pool of letter sets, once per process (seconds): built before the bot
        # connects, so that the boxes made ahead below and the first /box answer never wait for it
        await asyncio.to_thread(letterbox.prepare, self.game.everyday, self.game.accepted, self.game.salt)
        hooks = self.hooks
        hooks.provide(DailyGameCog, self, key=BoxButton.key)
        hooks.form(BoxButton.key, *buttons.form(BoxButton.key, "words", self.play_and_reply))
        hooks.provide(BoxTeam, self.team)
        hooks.items(BoxButton, NextHintButton)
        hooks.pages(self.definitions.kind, self.definitions)
        self.rooms.hook(hooks, self.game.days, self.daily_message)
        for variant in self.variants.values():
            variant.hook(hooks)
        warm = asyncio.create_task(self._warm_up(), name="letterbox-warm-up")
        hooks.add(lambda: None, warm.cancel)

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    async def _warm_up(self) -> None:
        """Make the boxes any guild may be playing now (every time zone's today) before anyone
        asks, so no answer waits for the generator."""
        today = self.daily.calendar.clock().date()
        for days in (0, 1, -1):
            try:
                await self.game.puzzle(today + dt.timedelta(days=days))
            except Exception as error:
                report_failure(error, where="background", what=f"Could not make the Letter Boxed box of "
                               f"{today + dt.timedelta(days=days)} ahead of time", logger=log)

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        files = [await box_file(content.puzzle)]
        together = await self.game.calendar.play_style(LETTERBOX, guild_id, date) is Play.TOGETHER
        yesterday = date - dt.timedelta(days=1)
        if content.yesterday is None or not await self._together(guild_id, yesterday):
            return DailyMessage(embeds.daily_post_embeds(content, together), files, BoxButton.post_view(date))
        # After a together day: the team's result, short; the definitions are in its thread
        made = embeds.daily_post_embeds(content, together, together_yesterday=True)
        room = await self.rooms.store.team_day(LETTERBOX.key, guild_id, yesterday)
        schedule = await self.game.calendar.store.schedule(LETTERBOX.key, guild_id)
        thread = room.channel_id if room and schedule and room.channel_id != schedule.channel_id else None
        result = team_text.result_line(await self.team.progress(guild_id, yesterday), mention, spoiled)
        made.append(embeds.team_yesterday_embed(content, result, thread))
        return DailyMessage(made, files, BoxButton.post_view(date))

    # ------------------------------------------------------------------ commands

    @box.command(name="setup", description="Post a daily Letter Boxed in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the box is posted", time="Local time of the post: 09:00, 9am, 9:30 pm or 21h",
                           timezone="Your time zone: a city (London), a zone, an abbreviation "
                                    "(EST) or an offset (+02:00)",
                           play="Solo (the default) or together; from the next post (unchanged when left out)",
                           role="A role to ping with each post, for players who take it (unchanged when left out)",
                           language="The words' language (default English): each language is a box of its own")
    @app_commands.choices(play=daily.PLAY_CHOICES, language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str,
                            timezone: str, play: str | None = None, role: discord.Role | None = None,
                            language: str | None = None) -> None:
        await daily.setup_game(interaction, self.daily, LETTERBOXES.get(language or "en", LETTERBOX), channel, time,
                               timezone, play, role)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @box.command(name="stop", description="Stop the daily Letter Boxed in this server (needs Manage Server)")
    @app_commands.describe(language="The box to stop (default English): each language is a box of its own")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def stop(self, interaction: discord.Interaction, language: str | None = None) -> None:
        await daily.stop_game(interaction, self.daily, LETTERBOXES.get(language or "en", LETTERBOX))

    @box.command(name="play", description="Play a word, or a whole chain, in today's Letter Boxed")
    @app_commands.describe(words="The next word, or a chain of words separated by spaces")
    async def play(self, interaction: discord.Interaction, words: str) -> None:
        await (await self.variant_in(interaction) or self).play_and_reply(interaction, words, None)

    @box.command(name="today", description="Today's box, your chain and your best solve")
    async def today(self, interaction: discord.Interaction) -> None:
        variant = await self.variant_in(interaction)
        if (day := await daily.todays_game(interaction, (variant or self).game.days)) is None:
            return
        if variant is None and day.play is Play.TOGETHER:  # the team's chain, as the team's
            await self._send_team_chain(interaction, day.date)
            return
        await (variant or self).solo.send_today(interaction, day.date)

    @box.command(name="hint", description="A nudge for your next word, privately")
    async def hint(self, interaction: discord.Interaction) -> None:
        chosen = await self.variant_in(interaction) or self
        if (day := await daily.todays_game(interaction, chosen.game.days)) is not None:
            await chosen.send_hint(interaction, day.date)

    @box.command(name="rules", description="How Letter Boxed works and is scored")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        guild_id = interaction.guild_id
        if action in ("play", "again"):
            await interaction.response.send_modal(PlayModal(date))
        elif action == "hint":
            await self.send_hint(interaction, date)
        elif action == "chain" and await self._together(guild_id, date):
            await self._send_team_chain(interaction, date)
        elif action == "chain":
            await self.solo.send_today(interaction, date, chain_only=True)
        elif action in ("undo", "restart") and await self._together(guild_id, date):
            await self._team_command(interaction, action, date)
        else:
            await (self.solo.undo if action == "undo" else self.solo.restart)(interaction, date)

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        """The Share button's summary of a player's day (``bot.games.share``): on a together day, the team's."""
        if await self._together(guild_id, date):
            return share.team_share_text(await self.team.progress(guild_id, date), user_id, mention, markdown_bold)
        return await self.solo.share_text(guild_id, user_id, date)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        async def reply(played: Played | TeamPlay | TeamCommand, shown: bool) -> tuple[str, dict]:
            if isinstance(played, TeamCommand):
                await self.rooms.heard(news(played))
                return team_text.command_line(played, mention), {}
            if isinstance(played, TeamPlay):
                await self.rooms.heard(news(played))
                result = played.result
                extra = {"file": await box_file(result.puzzle, result.chain)} if result.played else {}
                return embeds.play_reply(result, shown), extra
            return await self.solo.play_reply(played, shown)

        def announce(mention_: str, played: Played | TeamPlay | TeamCommand) -> list[str]:
            return embeds.announcements(mention_, played) if isinstance(played, Played) else []

        await buttons.take_and_reply(interaction, self._moves(interaction), words, post_date, reply, announce,
                                     took_nothing)

    def _moves(self, interaction: discord.Interaction) -> TeamMoves:
        """The team game as the post buttons' ``TakesMoves``, knowing whether the player is a moderator."""
        channel = interaction.channel
        moderator = bool(channel is not None and isinstance(interaction.user, discord.Member)
                         and channel.permissions_for(interaction.user).manage_messages)
        return TeamMoves(self.team, moderator)

    async def _together(self, guild_id: int, date: dt.date) -> bool:
        return await self.game.calendar.play_style(LETTERBOX, guild_id, date) is Play.TOGETHER

    async def _team_command(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        done = await self._moves(interaction).take(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                                   action, post_date=date, via=Via.POST)
        if isinstance(done, Refusal):
            await send_notice(interaction, done.message)
            return
        if took_nothing(done):
            metrics_bot.note_refused(interaction)
        await self.rooms.heard(news(done))
        await interaction.response.send_message(team_text.command_line(done, mention), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def _send_team_chain(self, interaction: discord.Interaction, date: dt.date) -> None:
        """The team's chain of a together day, privately, drawn on the box, with Share once it has a word."""
        progress = await self.team.progress(interaction.guild_id, date)
        shared = {"view": BoxButton.reply_view(date, ("share",), interaction.user.id)} if progress.chain.words else {}
        await interaction.response.send_message(embed=team_embed(progress), ephemeral=True,
                                                file=await box_file(progress.puzzle, progress.chain.words),
                                                allowed_mentions=discord.AllowedMentions.none(), **shared)

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's chain (on a together day the team's), privately."""
        await send_hint(interaction, await self.team.hint(interaction.guild_id, interaction.user.id, date), level,
                        edit=edit)

    async def variant_in(self, interaction: discord.Interaction) -> BoxVariant | None:
        return await variant_of_channel(self.daily.calendar, self.variants.values(), interaction)


async def setup(bot: Host) -> None:
    await bot.add_cog(DailyLetterBoxed(bot))
