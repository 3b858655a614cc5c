"""The listener that hands every new message to the chat router (``bot.chat``, made with the bot)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from bot.chat.router import ChatRouter


class Routed(Protocol):
    """What the listener needs of the bot (``bot.host.Host``): its chat router."""

    chat: ChatRouter


class Chat(commands.Cog):
    def __init__(self, router: ChatRouter) -> None:
        self.router = router

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:  # new messages only: edits are never read
        await self.router.on_message(message)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.router.thread_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self.router.thread_changed(after)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Chat(cast(Routed, bot).chat))
