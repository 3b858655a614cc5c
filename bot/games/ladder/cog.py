"""/ladder: the daily word ladder in a channel, its buttons, its hints and its daily post; on a
together day the team's one climb (``together``, its room ``rooms``, its replies ``team_replies``)."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.button_rows import buttons_view
from bot.daily import setup as daily
from bot.daily.posts import DailyMessage
from bot.db.outage import report_failure
from bot.games import buttons
from bot.games.buttons import DailyGameCog, PostButton, PostForm, button_template
from bot.games.definitions import FoundDefinitions
from bot.games.ladder import embeds, team_replies, team_text, text
from bot.games.ladder.game import MAX_PLAY_CHARS, ClimbState, LadderGame, Played, Ruling
from bot.games.ladder.hints import HINT_LEVELS
from bot.games.ladder.picture import LADDER_FILE, alt_text, render_ladder
from bot.games.ladder.plugin import LADDER
from bot.games.ladder.rooms import ladder_rooms, news
from bot.games.ladder.together import LadderTeam, TeamPlay
from bot.games.together.chain import TeamCommand
from bot.hookups import Hookups
from bot.host import host
from bot.pictures import png
from bot.text import fit_alt, markdown_bold, plural
from bot.views import apologise, send_notice
from solvers import ladder
from solvers.ladder import DailyLadder

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
                     template=r"ladderhint:(?P<date>\d{4}-\d{2}-\d{2}):(?P<level>\d)"):
    """Shows the hint up to ``level`` for the player's climb of ``date``, in place of its reply;
    the level lives in the id, so nothing is stored and it answers after a restart."""

    def __init__(self, date: dt.date, level: int) -> None:
        super().__init__(discord.ui.Button(label=f"Next hint ({level} of {HINT_LEVELS})",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"ladderhint:{date.isoformat()}:{level}"))
        self.date, self.level = date, level

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> NextHintButton:
        return cls(dt.date.fromisoformat(match["date"]), int(match["level"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog = host(interaction.client).providers.of(DailyGameCog, key=LadderButton.key)
            if await daily.todays_game(interaction, cog.game.days, post_date=self.date) is not None:
                await cog.send_hint(interaction, self.date, self.level, edit=True)


def after_play(played: Played) -> dict:
    """Under a player's private reply to a move: Play again while climbing, Share once solved."""
    solved = played.result.outcome in (Ruling.SOLVED, Ruling.ALREADY_SOLVED)
    return {"view": LadderButton.reply_view(played.day.date, ("share",) if solved else ("again",), played.player_id)}


async def ladder_file(puzzle: DailyLadder, rungs: tuple[str, ...] = (), show_vulgar: bool = False) -> discord.File:
    """The day's ladder: spoiler-free without ``rungs``, else the player's climb drawn."""
    picture = await png.drawn(render_ladder, puzzle.start, puzzle.end, puzzle.par, rungs)
    described = alt_text(puzzle.start, puzzle.end, puzzle.par, rungs, lambda w: text.shown(w, show_vulgar, "(a word)"))
    return discord.File(io.BytesIO(picture), filename=LADDER_FILE, description=fit_alt(described))


class WordLadder(commands.Cog):
    group = app_commands.Group(name="ladder", description="The daily word ladder", guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = LadderGame(bot.db, bot.lexicons["common"], bot.lexicons["full"], bot.daily.calendar)
        self.team = LadderTeam(self.game)  # the together days: one climb for the whole server
        self.rooms = ladder_rooms(bot, self.team)
        self.hooks = Hookups(bot)
        self.definitions = FoundDefinitions("ladderdefs", "ladder today", embeds.COLOUR, self.players_words,
                                            "Press **Play** on the day's post to play.")

    async def players_words(self, guild_id: int, user_id: int, date: dt.date) -> tuple[str, ...]:
        state = await self.game.state(guild_id, user_id, date)
        return tuple(dict.fromkeys(state.rungs + (state.best.rungs if state.best else ())))

    async def cog_load(self) -> None:
        await asyncio.to_thread(ladder.prepare, self.game.everyday, self.game.accepted, self.game.salt)
        hooks = self.hooks
        hooks.provide(DailyGameCog, self, key=LadderButton.key)
        hooks.form(LadderButton.key, *buttons.form(LadderButton.key, "words", self.play_and_reply))
        hooks.items(LadderButton, NextHintButton)
        hooks.pages(self.definitions.kind, self.definitions)
        self.rooms.hook(hooks, self.game.days, self.daily_message)
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
                           role="A role to ping with each post, for players who take it (unchanged when left out)")
    @app_commands.choices(play=daily.PLAY_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str,
                            timezone: str, play: str | None = None, role: discord.Role | None = None) -> None:
        await daily.setup_game(interaction, self.daily, LADDER, channel, time, timezone, play, role)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @group.command(name="stop", description="Stop the daily word ladder in this server (needs Manage Server)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def stop(self, interaction: discord.Interaction) -> None:
        await daily.stop_game(interaction, self.daily, LADDER)

    @group.command(name="play", description="Play the next rung, or several, of today's word ladder")
    @app_commands.describe(words="The next rung, or several separated by spaces")
    async def play(self, interaction: discord.Interaction, words: str) -> None:
        await self.play_and_reply(interaction, words, None)

    @group.command(name="today", description="Today's ladder, your climb and your best solve")
    async def today(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.game.days)) is not None:
            await self._send_climb(interaction, day.date)

    @group.command(name="hint", description="A nudge for your next rung, privately")
    async def hint(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.game.days)) is not None:
            await self.send_hint(interaction, day.date)

    @group.command(name="rules", description="How the word ladder works and is scored")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        guild_id, user_id = interaction.guild_id, interaction.user.id
        if action in ("play", "again"):
            await interaction.response.send_modal(PlayModal(date))
        elif action == "hint":
            await self.send_hint(interaction, date)
        elif action == "climb":
            await self._send_climb(interaction, date)
        elif await self.team.is_together(guild_id, date):  # undo, restart: the team's climb
            await team_replies.team_command(interaction, self.team, self.rooms, action, date)
        elif action == "undo":
            removed, state = await self.game.undo(guild_id, user_id, date)
            shown = await self._show_vulgar(guild_id)
            if removed:
                await interaction.response.send_message(
                    f"Took back {text.shown(removed, shown, 'your last rung')}.\n"
                    f"{text.state_text(state, markdown_bold, shown)}", ephemeral=True)
            else:
                await send_notice(interaction, "Your ladder has no rung yet: nothing to undo.")
        else:
            cleared, state = await self.game.restart(guild_id, user_id, date)
            start = state.puzzle.start.upper()
            await send_notice(interaction, f"Cleared your ladder of {plural(cleared, 'rung')}. Start again from "
                                           f"{start}." if cleared else f"Your ladder was empty. Start from {start}.")

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        """The Share button's summary of a player's day (``bot.games.share``): on a together day, the team's."""
        if await self.team.is_together(guild_id, date):
            return team_text.team_share_text(await self.team.progress(guild_id, date), user_id,
                                             lambda user: f"<@{user}>", markdown_bold)
        return text.share_text(await self.game.state(guild_id, user_id, date), f"<@{user_id}>", markdown_bold)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        async def reply(played: team_replies.Move, shown: bool) -> tuple[str, dict]:
            if isinstance(played, TeamCommand):
                await self.rooms.heard(news(played))
                return team_text.command_line(played, lambda user: f"<@{user}>"), {}
            result = played.result
            extra = {"file": await ladder_file(result.puzzle, result.rungs, shown)} if result.played else {}
            if isinstance(played, TeamPlay):
                await self.rooms.heard(news(played))
                return text.play_reply(result, markdown_bold, shown), extra
            return text.play_reply(result, markdown_bold, shown), extra | after_play(played)

        def announce(mention: str, played: team_replies.Move) -> list[str]:
            return embeds.announcements(mention, played) if isinstance(played, Played) else []

        await buttons.take_and_reply(interaction, team_replies.moves(interaction, self.team), words, post_date, reply,
                                     announce, team_replies.took_nothing)

    async def _show_vulgar(self, guild_id: int) -> bool:
        return (await self.bot.db.guild_settings(guild_id)).show_vulgar

    async def _send_climb(self, interaction: discord.Interaction, date: dt.date) -> None:
        if await self.team.is_together(interaction.guild_id, date):
            view = LadderButton.reply_view(date, ("share",), interaction.user.id)
            await team_replies.send_team_climb(interaction, self.team, date, view)
            return
        state: ClimbState = await self.game.state(interaction.guild_id, interaction.user.id, date)
        shown = await self._show_vulgar(interaction.guild_id)
        owned = state.rungs or state.best is not None
        view = {"view": LadderButton.reply_view(date, ("defs", "share"), interaction.user.id)} if owned else {}
        await interaction.response.send_message(embed=embeds.today_embed(state, shown), ephemeral=True,
                                                file=await ladder_file(state.puzzle, state.rungs, shown), **view)

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's climb, privately: a new reply, or (``edit``) in place of its own."""
        made = await self.team.hint(interaction.guild_id, interaction.user.id, date)
        view = None
        if level < made.levels:
            view = buttons_view(NextHintButton(date, level + 1))
        embed = embeds.hint_embed(made, level)
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True, **({"view": view} if view else {}))


async def setup(bot: Host) -> None:
    await bot.add_cog(WordLadder(bot))
