"""/ladder: the daily word ladder in a channel, its buttons, its hints and its daily post; on a
together day the team's one climb (``together``, its room ``rooms``, its replies ``team_replies``)."""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import setup as daily
from bot.daily.posts import DailyMessage
from bot.db.outage import report_failure
from bot.games import buttons
from bot.games.buttons import DailyGameCog, PostButton, PostForm, button_template
from bot.games.definitions import FoundDefinitions
from bot.games.ladder import embeds, team_replies, team_text, text
from bot.games.ladder.game import MAX_PLAY_CHARS, LadderGame, Played
from bot.games.ladder.hints import HINT_LEVELS
from bot.games.ladder.plugin import LADDER, LADDERS
from bot.games.ladder.rooms import ladder_rooms, news
from bot.games.ladder.solo import SoloLadder, ladder_file, send_hint
from bot.games.ladder.together import LadderTeam, TeamPlay
from bot.games.ladder.variants import LadderVariant
from bot.games.together.chain import TeamCommand
from bot.games.variants import LANGUAGE_CHOICES, variant_of_channel
from bot.hookups import Hookups
from bot.host import host
from bot.text import markdown_bold
from bot.views import apologise
from solvers import ladder

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

BUTTONS = {"play": ("Play", discord.ButtonStyle.success), "climb": ("My ladder", discord.ButtonStyle.secondary),
           "undo": ("Undo", discord.ButtonStyle.secondary), "restart": ("Restart", discord.ButtonStyle.secondary),
           "hint": ("Hint", discord.ButtonStyle.secondary), "defs": ("Definitions", discord.ButtonStyle.secondary),
           "again": ("Play again", discord.ButtonStyle.success), "share": ("Share", discord.ButtonStyle.primary)}
POST_ACTIONS = ("play", "climb", "undo", "restart", "hint")


class LadderButton(PostButton, template=button_template("ladder", BUTTONS)):
    """A button of a daily post (``ladder:<action>:<date>``) or of a player's private reply (Play
    again, Share: ``ladder:share:<date>:<owner>``): see ``bot.games.buttons``."""

    key, labels, post_actions = "ladder", BUTTONS, POST_ACTIONS


class PlayModal(PostForm, title="Play the Word Ladder"):
    """The play form (``ladder:form:<date>``), answered through ``bot.forms``."""

    key = "ladder"
    words = discord.ui.TextInput(label="Next rung, or several", custom_id="words",
                                 placeholder="e.g. CORD or CORD CARD WARD", max_length=MAX_PLAY_CHARS)


class NextHintButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"(?P<key>ladder(?:-[a-z]{2})?)hint:(?P<date>\d{4}-\d{2}-\d{2}):(?P<level>\d)"):
    """Shows the hint up to ``level`` for the player's climb of ``date`` in a language's ladder
    (``key``: 'ladder', 'ladder-fr'), in place of its reply; the level lives in the id, so nothing
    is stored and it answers after a restart."""

    def __init__(self, date: dt.date, level: int, key: str = "ladder") -> None:
        super().__init__(discord.ui.Button(label=f"Next hint ({level} of {HINT_LEVELS})",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"{key}hint:{date.isoformat()}:{level}"))
        self.date, self.level, self.key = date, level, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> NextHintButton:
        return cls(dt.date.fromisoformat(match["date"]), int(match["level"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog = host(interaction.client).providers.of(DailyGameCog, key=self.key)
            if await daily.todays_game(interaction, cog.game.days, post_date=self.date) is not None:
                await cog.send_hint(interaction, self.date, self.level, edit=True)


class WordLadder(commands.Cog):
    group = app_commands.Group(name="ladder", description="The daily word ladder", guild_only=True)
    post_classes = (LadderButton, PlayModal, NextHintButton)  # for bot.games.ladder.variants

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = LadderGame(bot.db, bot.lexicons["common"], bot.lexicons["full"], bot.daily.calendar)
        self.solo = SoloLadder(self.game, LadderButton, self.show_vulgar)  # a player's own climb
        self.team = LadderTeam(self.game)  # the together days: one climb for the whole server
        self.rooms = ladder_rooms(bot, self.team)
        self.hooks = Hookups(bot)
        self.definitions = FoundDefinitions("ladderdefs", "ladder today", embeds.COLOUR, self.solo.players_words,
                                            "Press **Play** on the day's post to play.")
        self.variants = {code: LadderVariant(self, code) for code in LADDERS if code != "en"}  # each its own game

    async def variant_in(self, interaction: discord.Interaction) -> LadderVariant | None:
        return await variant_of_channel(self.daily.calendar, self.variants.values(), interaction)

    async def cog_load(self) -> None:
        await asyncio.to_thread(ladder.prepare, self.game.everyday, self.game.accepted, self.game.salt)
        hooks = self.hooks
        hooks.provide(DailyGameCog, self, key=LadderButton.key)
        hooks.form(LadderButton.key, *buttons.form(LadderButton.key, "words", self.play_and_reply))
        hooks.items(LadderButton, NextHintButton)
        hooks.pages(self.definitions.kind, self.definitions)
        self.rooms.hook(hooks, self.game.days, self.daily_message)
        for variant in self.variants.values():
            variant.hook(hooks)
        warm = asyncio.create_task(self._warm_up(), name="ladder-warm-up")
        hooks.add(lambda: None, warm.cancel)

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    async def _warm_up(self) -> None:
        """Make the ladders any guild may be playing now (every time zone's today) before anyone asks."""
        today = self.daily.calendar.clock().date()
        for days in (0, 1, -1):
            if today + dt.timedelta(days=days) < ladder.DAILY_EPOCH:
                continue  # no ladder before the first
            try:
                await self.game.puzzle(today + dt.timedelta(days=days))
            except Exception as error:
                report_failure(error, where="background", what="Could not make a word ladder ahead of time",
                               logger=log)

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        together = await self.team.is_together(guild_id, date)
        result = None if content.yesterday is None else \
            await team_replies.team_result(self.team, guild_id, date - dt.timedelta(days=1))
        return DailyMessage(embeds.daily_post_embeds(content, together, result), [await ladder_file(content.puzzle)],
                            LadderButton.post_view(date))

    # ------------------------------------------------------------------ commands

    @group.command(name="setup", description="Post a daily word ladder in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the ladder is posted",
                           time="Local time of the post: 09:00, 9am, 9:30 pm or 21h",
                           timezone="Your time zone: a city (London), a zone, an abbreviation (EST) or an offset "
                                    "(+02:00)",
                           play="Solo (the default) or together; from the next post (unchanged when left out)",
                           role="A role to ping with each post, for players who take it (unchanged when left out)",
                           language="The words' language (default English): each language is a ladder of its own")
    @app_commands.choices(play=daily.PLAY_CHOICES, language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str,
                            timezone: str, play: str | None = None, role: discord.Role | None = None,
                            language: str | None = None) -> None:
        await daily.setup_game(interaction, self.daily, LADDERS.get(language or "en", LADDER), channel, time,
                               timezone, play, role)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @group.command(name="stop", description="Stop the daily word ladder in this server (needs Manage Server)")
    @app_commands.describe(language="The ladder to stop (default English): each language is a ladder of its own")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def stop(self, interaction: discord.Interaction, language: str | None = None) -> None:
        await daily.stop_game(interaction, self.daily, LADDERS.get(language or "en", LADDER))

    @group.command(name="play", description="Play the next rung, or several, of today's word ladder")
    @app_commands.describe(words="The next rung, or several separated by spaces")
    async def play(self, interaction: discord.Interaction, words: str) -> None:
        await (await self.variant_in(interaction) or self).play_and_reply(interaction, words, None)

    @group.command(name="today", description="Today's ladder, your climb and your best solve")
    async def today(self, interaction: discord.Interaction) -> None:
        chosen = await self.variant_in(interaction) or self
        if (day := await daily.todays_game(interaction, chosen.game.days)) is not None:
            await chosen.send_climb(interaction, day.date)

    @group.command(name="hint", description="A nudge for your next rung, privately")
    async def hint(self, interaction: discord.Interaction) -> None:
        chosen = await self.variant_in(interaction) or self
        if (day := await daily.todays_game(interaction, chosen.game.days)) is not None:
            await chosen.send_hint(interaction, day.date)

    @group.command(name="rules", description="How the word ladder works and is scored")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        if action in ("play", "again"):
            await interaction.response.send_modal(PlayModal(date))
        elif action == "hint":
            await self.send_hint(interaction, date)
        elif action == "climb":
            await self.send_climb(interaction, date)
        elif await self.team.is_together(interaction.guild_id, date):  # undo, restart: the team's climb
            await team_replies.team_command(interaction, self.team, self.rooms, action, date)
        else:
            await (self.solo.undo if action == "undo" else self.solo.restart)(interaction, date)

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        """The Share button's summary of a player's day (``bot.games.share``): on a together day, the team's."""
        if await self.team.is_together(guild_id, date):
            return team_text.team_share_text(await self.team.progress(guild_id, date), user_id,
                                             lambda user: f"<@{user}>", markdown_bold)
        return await self.solo.share_text(guild_id, user_id, date)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        async def reply(played: team_replies.Move, shown: bool) -> tuple[str, dict]:
            if isinstance(played, TeamCommand):
                await self.rooms.heard(news(played))
                return team_text.command_line(played, lambda user: f"<@{user}>"), {}
            if isinstance(played, TeamPlay):
                await self.rooms.heard(news(played))
                result = played.result
                extra = {"file": await ladder_file(result.puzzle, result.rungs, shown)} if result.played else {}
                return text.play_reply(result, markdown_bold, shown), extra
            return await self.solo.play_reply(played, shown)

        def announce(mention: str, played: team_replies.Move) -> list[str]:
            return embeds.announcements(mention, played) if isinstance(played, Played) else []

        await buttons.take_and_reply(interaction, team_replies.moves(interaction, self.team), words, post_date, reply,
                                     announce, team_replies.took_nothing)

    async def show_vulgar(self, guild_id: int) -> bool:
        return (await self.bot.db.guild_settings(guild_id)).show_vulgar

    async def send_climb(self, interaction: discord.Interaction, date: dt.date) -> None:
        if await self.team.is_together(interaction.guild_id, date):
            view = LadderButton.reply_view(date, ("share",), interaction.user.id)
            await team_replies.send_team_climb(interaction, self.team, date, view)
            return
        await self.solo.send_climb(interaction, date)

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's climb (on a together day the team's), privately."""
        made = await self.team.hint(interaction.guild_id, interaction.user.id, date)
        await send_hint(interaction, made, lambda next_level: NextHintButton(date, next_level), level, edit=edit)


async def setup(bot: Host) -> None:
    await bot.add_cog(WordLadder(bot))
