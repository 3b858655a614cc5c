"""/box: the daily Letter Boxed in a channel, its buttons and its daily post."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.daily import setup as daily
from bot.daily.posts import DailyMessage
from bot.games.letterbox import embeds
from bot.games.definitions import FoundDefinitions
from bot.games.glosses import Glosses
from bot.games.letterbox.game import LETTERBOX, MAX_PLAY_CHARS, ChainState, LetterBoxedGame
from bot.lab.letterbox.embeds import BOX_FILE, COLOUR
from bot.lab.letterbox.picture import render_box
from bot.pictures import png
from bot.text import plural
from bot.views import apologise, form_values, page_sources
from solvers.letterbox import DailyBox

log = logging.getLogger(__name__)

BUTTONS = {"play": ("Play", discord.ButtonStyle.success), "chain": ("My chain", discord.ButtonStyle.secondary),
           "undo": ("Undo", discord.ButtonStyle.secondary), "restart": ("Restart", discord.ButtonStyle.secondary),
           "hint": ("Hint", discord.ButtonStyle.secondary), "defs": ("Definitions", discord.ButtonStyle.secondary)}
POST_ACTIONS = ("play", "chain", "undo", "restart", "hint")


class BoxButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"box:(?P<action>play|chain|undo|restart|hint|defs):(?P<date>\d{4}-\d{2}-\d{2})(?::(?P<owner>\d+))?"):
    """A button of a daily post, or the Definitions button of a player's words (``owner``: whose);
    its custom id names the action and the post's date (and the owner), so it keeps working
    after a restart."""

    def __init__(self, action: str, date: dt.date, owner: int | None = None) -> None:
        label, style = BUTTONS[action]
        custom_id = f"box:{action}:{date.isoformat()}" + (f":{owner}" if owner is not None else "")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.date, self.owner = action, date, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> BoxButton:
        return cls(match["action"], dt.date.fromisoformat(match["date"]), int(match["owner"]) if match["owner"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog: DailyLetterBoxed = interaction.client.get_cog("DailyLetterBoxed")  # type: ignore[assignment]
        async with apologise(interaction):
            if self.action == "defs":  # any day's words, not only today's box
                await cog.definitions.show(interaction, self.owner or 0, self.date)
            else:
                await cog.on_button(interaction, self.action, self.date)


PLAY_FORM = re.compile(r"box:form:(?P<date>\d{4}-\d{2}-\d{2})")


class PlayModal(discord.ui.Modal, title="Play Letter Boxed"):
    """The play form, answered by ``DailyLetterBoxed.on_interaction`` from its custom id
    (``box:form:<date>``), so it is answered however late it comes, after a restart too."""

    words = discord.ui.TextInput(label="Next word, or a whole chain", custom_id="words",
                                 placeholder="e.g. POWERFUL or POWERFUL LIBERTINE", max_length=MAX_PLAY_CHARS)

    def __init__(self, date: dt.date) -> None:
        super().__init__(timeout=None, custom_id=f"box:form:{date.isoformat()}")


def post_view(date: dt.date) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in POST_ACTIONS:
        view.add_item(BoxButton(action, date))
    return view


def definitions_view(date: dt.date, owner: int) -> discord.ui.View:
    """The Definitions button of a player's words of a day."""
    view = discord.ui.View(timeout=None)
    view.add_item(BoxButton("defs", date, owner))
    return view


def with_definitions(state: ChainState, owner: int) -> dict:
    """The Definitions button, for a reply about a player who has words that day."""
    has_words = state.chain or state.best is not None
    return {"view": definitions_view(state.puzzle.date, owner)} if has_words else {}


async def box_file(puzzle: DailyBox, chain: tuple[str, ...] = ()) -> discord.File:
    """The day's box, with a player's chain drawn word by word when there is one."""
    picture = await png.drawn(render_box, puzzle.box.sides, chain)
    return discord.File(io.BytesIO(picture), filename=BOX_FILE, description=embeds.box_alt(puzzle, chain))


class DailyLetterBoxed(commands.Cog):
    box = app_commands.Group(name="box", description="The daily Letter Boxed", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.daily = bot.daily
        self.game = LetterBoxedGame(bot.db, bot.lexicons["common"], bot.lexicons["full"], bot.daily.calendar)
        self.definitions = FoundDefinitions("boxdefs", "box today", COLOUR, self.game.players_words,
                                            "Press **Play** on the day's post to play.")

    async def cog_load(self) -> None:
        await asyncio.to_thread(Glosses.load)  # the definitions, once per process, off the event loop
        self.bot.add_dynamic_items(BoxButton)
        page_sources(self.bot)[self.definitions.kind] = self.definitions
        self.daily.register(LETTERBOX.key, self.daily_message)
        self._warm = asyncio.create_task(self._warm_up(), name="letterbox-warm-up")

    async def cog_unload(self) -> None:
        self._warm.cancel()
        self.daily.unregister(LETTERBOX.key)
        page_sources(self.bot).pop(self.definitions.kind, None)
        self.bot.remove_dynamic_items(BoxButton)

    async def _warm_up(self) -> None:
        """Make the boxes any guild may be playing now (every time zone's today) before anyone
        asks, so no answer waits for the generator."""
        today = self.daily.calendar.clock().date()
        for days in (0, 1, -1):
            try:
                await self.game.puzzle(today + dt.timedelta(days=days))
            except Exception:
                log.exception("Could not make the Letter Boxed box of %s ahead of time", today + dt.timedelta(days=days))

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content), [await box_file(content.puzzle)], post_view(date))

    # ------------------------------------------------------------------ commands

    @box.command(name="setup", description="Post a daily Letter Boxed in a channel (needs Manage Server)")
    @app_commands.describe(channel="Where the box is posted", time="Local time of the post, HH:MM (24-hour)",
                           timezone="Your time zone, e.g. Europe/London")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def setup_command(self, interaction: discord.Interaction, channel: discord.TextChannel, time: str, timezone: str) -> None:
        await daily.setup_game(interaction, self.daily, LETTERBOX, channel, time, timezone)

    @setup_command.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
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
        if (day := await daily.todays_game(interaction, self.daily, LETTERBOX)) is not None:
            state = await self.game.state(interaction.guild_id, interaction.user.id, day[1])
            await interaction.response.send_message(embed=embeds.today_embed(state), ephemeral=True,
                                                    file=await box_file(state.puzzle, state.chain),
                                                    **with_definitions(state, interaction.user.id))

    @box.command(name="hint", description="A nudge for your next word, privately")
    async def hint(self, interaction: discord.Interaction) -> None:
        if (day := await daily.todays_game(interaction, self.daily, LETTERBOX)) is not None:
            await self._send_hint(interaction, day[1])

    @box.command(name="rules", description="How Letter Boxed works and is scored")
    async def rules(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=embeds.rules_embed(), ephemeral=True)

    # ------------------------------------------------------------------ play

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        if await daily.todays_game(interaction, self.daily, LETTERBOX, post_date=date) is None:
            return
        guild_id, user_id = interaction.guild_id, interaction.user.id
        if action == "play":
            await interaction.response.send_modal(PlayModal(date))
        elif action == "hint":
            await self._send_hint(interaction, date)
        elif action == "chain":
            state = await self.game.state(guild_id, user_id, date)
            await interaction.response.send_message(embed=embeds.chain_embed(state), ephemeral=True,
                                                    file=await box_file(state.puzzle, state.chain),
                                                    **with_definitions(state, user_id))
        elif action == "undo":
            removed, state = await self.game.undo(guild_id, user_id, date)
            said = f"Took back {removed.upper()}." if removed else "Your chain is empty: nothing to undo."
            await interaction.response.send_message(f"{said}\n{embeds.state_text(state)}", ephemeral=True)
        else:
            cleared, state = await self.game.restart(guild_id, user_id, date)
            said = f"Cleared your chain of {plural(cleared, 'word')}." if cleared else "Your chain was already empty."
            await interaction.response.send_message(f"{said} Start anywhere on the box.", ephemeral=True)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted play form, matched by its custom id (see PlayModal)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        match = PLAY_FORM.fullmatch((interaction.data or {}).get("custom_id", ""))
        if match is not None:
            async with apologise(interaction):
                words = form_values(interaction).get("words", "")
                await self.play_and_reply(interaction, words, dt.date.fromisoformat(match["date"]))

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        if (day := await daily.todays_game(interaction, self.daily, LETTERBOX, post_date=post_date)) is None:
            return
        schedule, date = day
        if post_date is None and not await daily.in_game_channel(interaction, LETTERBOX, schedule):
            return
        result = await self.game.play(interaction.guild_id, interaction.user.id, date, words,
                                      interaction.user.display_name)
        extra = {"file": await box_file(result.puzzle, result.chain)} if result.played else {}
        shown = (await self.bot.db.guild_settings(interaction.guild_id)).show_vulgar  # type: ignore[attr-defined]
        await interaction.response.send_message(embeds.play_reply(result, shown), ephemeral=True, **extra)
        if (line := embeds.announcement(interaction.user.mention, result)) is not None:
            await daily.announce(self.bot, schedule, line)

    async def _send_hint(self, interaction: discord.Interaction, date: dt.date) -> None:
        hint = await self.game.hint(interaction.guild_id, interaction.user.id, date)
        await interaction.response.send_message(embed=embeds.hint_embed(hint), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(DailyLetterBoxed(bot))
