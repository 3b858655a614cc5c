"""/box: the daily Letter Boxed in a channel, its buttons and its daily post."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
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
from bot.games.letterbox.game import LETTERBOX, MAX_PLAY_CHARS, ChainState, LetterBoxedGame, Played, Ruling
from bot.games.letterbox.hint_view import NextHintButton, send_hint
from bot.games.letterbox.rooms import box_rooms, mention, news, spoiled, team_embed
from bot.games.letterbox.together import BoxTeam, TeamMoves, TeamPlay
from bot.games.together.chain import Command, TeamCommand
from bot.glosses import Glosses
from bot.hookups import Hookups
from bot.observe import metrics_bot
from bot.pictures import png
from bot.pictures.box import render_box
from bot.pictures.box_words import BOX_FILE
from bot.text import markdown_bold, plural
from bot.views import send_notice
from solvers import letterbox
from solvers.letterbox import DailyBox

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


def with_own_buttons(state: ChainState, owner: int) -> dict:
    """The Definitions and Share buttons, for a reply about a player who has words that day."""
    has_words = state.chain or state.best is not None
    return {"view": BoxButton.reply_view(state.puzzle.date, ("defs", "share"), owner)} if has_words else {}


def after_play(played: Played) -> dict:
    """Under a player's private reply to a move: Play again while the chain is open, Share once solved."""
    result = played.result
    solved = result.outcome in (Ruling.SOLVED, Ruling.ALREADY_SOLVED)
    return {"view": BoxButton.reply_view(played.day.date, ("share",) if solved else ("again",), played.player_id)}


def took_nothing(move: Played | TeamPlay | TeamCommand) -> bool:
    """A move that changed nothing (its first word refused, the chain solved or full, nothing to
    undo, another's word): counted refused in the metrics."""
    if isinstance(move, TeamCommand):
        return move.command in (Command.NOTHING_TO_UNDO, Command.NOT_YOURS)
    return not move.result.played and move.result.outcome is not Ruling.PLAYED


async def box_file(puzzle: DailyBox, chain: tuple[str, ...] = ()) -> discord.File:
    """The day's box, with a player's chain drawn word by word when there is one."""
    picture = await png.drawn(render_box, puzzle.box.sides, chain)
    return discord.File(io.BytesIO(picture), filename=BOX_FILE, description=embeds.box_alt(puzzle, chain))


class DailyLetterBoxed(commands.Cog):
    box = app_commands.Group(name="box", description="The daily Letter Boxed", guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = LetterBoxedGame(bot.db, bot.lexicons["common"], bot.lexicons["full"], bot.daily.calendar)
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
                           role="A role to ping with each post, for players who take it (unchanged when left out)")
    @app_commands.choices(play=daily.PLAY_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str,
                            timezone: str, play: str | None = None, role: discord.Role | None = None) -> None:
        await daily.setup_game(interaction, self.daily, LETTERBOX, channel, time, timezone, play, role)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await daily.timezone_choices(current)

    @box.command(name="stop", description="Stop the daily Letter Boxed in this server (needs Manage Server)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def stop(self, interaction: discord.Interaction) -> None:
        await daily.stop_game(interaction, self.daily, LETTERBOX)

    @box.command(name="play", description="Play a word, or a whole chain, in today's Letter Boxed")
    @app_commands.describe(words="The next word, or a chain of words separated by spaces")
    async def play(self, interaction: discord.Interaction, words: str) -> None:
        await self.play_and_reply(interaction, words, None)

    @box.command(name="today", description="Today's box, your chain and your best solve")
    async def today(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.game.days)) is None:
            return
        if day.play is Play.TOGETHER:  # the team's chain, as the team's
            await self._send_team_chain(interaction, day.date)
            return
        state = await self.game.state(interaction.guild_id, interaction.user.id, day.date)
        await interaction.response.send_message(embed=embeds.today_embed(state), ephemeral=True,
                                                file=await box_file(state.puzzle, state.chain),
                                                **with_own_buttons(state, interaction.user.id))

    @box.command(name="hint", description="A nudge for your next word, privately")
    async def hint(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.game.days)) is not None:
            await self._send_hint(interaction, day.date)

    @box.command(name="rules", description="How Letter Boxed works and is scored")
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
            await self._send_hint(interaction, date)
        elif action == "chain" and await self._together(guild_id, date):
            await self._send_team_chain(interaction, date)
        elif action == "chain":
            state = await self.game.state(guild_id, user_id, date)
            await interaction.response.send_message(embed=embeds.chain_embed(state), ephemeral=True,
                                                    file=await box_file(state.puzzle, state.chain),
                                                    **with_own_buttons(state, user_id))
        elif action in ("undo", "restart") and await self._together(guild_id, date):
            await self._team_command(interaction, action, date)
        elif action == "undo":
            removed, state = await self.game.undo(guild_id, user_id, date)
            if removed:
                await interaction.response.send_message(f"Took back {removed.upper()}.\n{embeds.state_text(state)}",
                                                        ephemeral=True)
            else:
                await send_notice(interaction, f"Your chain is empty: nothing to undo.\n{embeds.state_text(state)}")
        else:
            cleared, state = await self.game.restart(guild_id, user_id, date)
            if cleared:
                await interaction.response.send_message(f"Cleared your chain of {plural(cleared, 'word')}. "
                                                        "Start anywhere on the box.",
                                                        ephemeral=True)
            else:
                await send_notice(interaction, "Your chain was already empty. Start anywhere on the box.")

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        """The Share button's summary of a player's day (``bot.games.share``): on a together day, the team's."""
        if await self._together(guild_id, date):
            return share.team_share_text(await self.team.progress(guild_id, date), user_id, mention, markdown_bold)
        return share.share_text(await self.game.state(guild_id, user_id, date), f"<@{user_id}>", markdown_bold)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        async def reply(played: Played | TeamPlay | TeamCommand, shown: bool) -> tuple[str, dict]:
            if isinstance(played, TeamCommand):
                await self.rooms.heard(news(played))
                return team_text.command_line(played, mention), {}
            result = played.result
            extra = {"file": await box_file(result.puzzle, result.chain)} if result.played else {}
            if isinstance(played, TeamPlay):
                await self.rooms.heard(news(played))
                return embeds.play_reply(result, shown), extra
            return embeds.play_reply(result, shown), extra | after_play(played)

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

    async def _send_hint(self, interaction: discord.Interaction, date: dt.date) -> None:
        await send_hint(interaction, self.team, date)  # the first level; its Next hint button goes on


async def setup(bot: Host) -> None:
    await bot.add_cog(DailyLetterBoxed(bot))
