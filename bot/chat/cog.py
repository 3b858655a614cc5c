"""The listener that hands every new message to the chat router (``bot.chat``, made with the bot)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import WordBot


class Chat(commands.Cog):
    def __init__(self, bot: WordBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:  # new messages only: edits are never read
        await self.bot.chat.on_message(message)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.bot.chat.thread_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self.bot.chat.thread_changed(after)


async def setup(bot: WordBot) -> None:
    await bot.add_cog(Chat(bot))
