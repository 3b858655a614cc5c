"""/remind: a player's opt-in to streak reminders in a server; and the task that sends them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.hookups import Hookups
from bot.reminders.task import STREAK_REMINDER, StreakReminders
from bot.reminders.text import asked_text

if TYPE_CHECKING:
    from bot.host import Host


class Reminders(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.reminders = StreakReminders(bot, bot.daily.calendar, bot.timers)
        self.hooks = Hookups(bot)

    async def cog_load(self) -> None:
        self.hooks.timer(STREAK_REMINDER, self.reminders.look, at_once=1)  # one queue: its messages keep one pace
        self.hooks.schedules(self.reminders.schedules_changed)
        await self.reminders.start()

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    @app_commands.command(name="remind", description="A private reminder before your streak of a daily game ends")
    @app_commands.describe(streak="True: remind me a few hours before my streak here would end; False: stop")
    @app_commands.guild_only()
    async def remind(self, interaction: discord.Interaction, streak: bool) -> None:
        if streak:
            changed = await self.reminders.ask(interaction.guild_id, interaction.user.id)
        else:
            changed = await self.reminders.store.stop(interaction.guild_id, interaction.user.id)
        await interaction.response.send_message(asked_text(streak, changed), ephemeral=True)


async def setup(bot: Host) -> None:
    await bot.add_cog(Reminders(bot))
