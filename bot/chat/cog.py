"""The listener that hands every new message to the chat router (``bot.chat``, made with the bot)."""

from __future__ import annotations

import discord
from discord.ext import commands


class Chat(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:  # new messages only: edits are never read
        await self.bot.chat.on_message(message)  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.bot.chat.thread_gone(payload.thread_id)  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self.bot.chat.thread_changed(after)  # type: ignore[attr-defined]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Chat(bot))
