"""A press of a time-zone choice (``bot.daily.zone_choice``): the setup it holds is made, and the
choice's message becomes the setup's reply."""

from __future__ import annotations

import re

import discord

from bot.daily import zone_choice
from bot.daily.setup import finish_setup
from bot.observe import metrics_bot
from bot.plugins import DAILY_GAMES
from bot.views import apologise, send_notice


class ZoneChoice(discord.ui.DynamicItem[discord.ui.Button], template=zone_choice.ID.pattern):
    def __init__(self, request: zone_choice.Request) -> None:
        super().__init__(discord.ui.Button(label="Choose", custom_id=request.custom_id()))
        self.request = request

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ZoneChoice:
        return cls(zone_choice.parse(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            request = self.request
            channel = interaction.guild.get_channel(request.channel_id) if interaction.guild else None
            if not interaction.permissions.manage_guild:
                await send_notice(interaction, "Only someone with Manage Server can choose the server's time zone.")
            elif request.game not in DAILY_GAMES or not isinstance(channel, discord.TextChannel):
                metrics_bot.note_refused(interaction)  # said in place of the question
                await interaction.response.edit_message(content="That channel is gone: run the setup again.", view=None)
            else:
                await finish_setup(interaction, interaction.client.daily, DAILY_GAMES[request.game], channel, request,
                                   edit=True)
