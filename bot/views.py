"""Reusable Discord views."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)


class Paginator(discord.ui.View):
    """Buttons that page through a list of embeds; only the invoker may turn the pages.

    After ``timeout`` seconds without use the buttons are disabled (the message stays).
    ``start()`` sends the first page (no buttons for a single page) and remembers the message.
    """

    @classmethod
    async def start(cls, interaction: discord.Interaction, pages: list[discord.Embed], *, command: str,
                    **send_options: Any) -> Paginator | None:
        """Reply with the first page, with paging buttons when there is more than one page."""
        if len(pages) == 1:
            await interaction.response.send_message(embed=pages[0], **send_options)
            return None
        view = cls(pages, interaction.user.id, command=command)
        await interaction.response.send_message(embed=pages[0], view=view, **send_options)
        view.message = await interaction.original_response()
        return view

    def __init__(self, pages: list[discord.Embed], owner_id: int, *, command: str, timeout: float = 600) -> None:
        super().__init__(timeout=timeout)
        self.pages = pages
        self.owner_id = owner_id
        self.command = command
        self.index = 0
        self.message: discord.Message | discord.InteractionMessage | None = None
        self._sync_buttons()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(
            f"Only <@{self.owner_id}> can turn these pages. Run `/{self.command}` to get your own.",
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        return False

    async def on_timeout(self) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        if self.message is not None:
            try:
                await self.message.edit(view=self)
            except discord.HTTPException:
                log.debug("Could not disable the buttons of an expired paginator", exc_info=True)

    def _sync_buttons(self) -> None:
        last = len(self.pages) - 1
        self.first.disabled = self.previous.disabled = self.index == 0
        self.next.disabled = self.last.disabled = self.index == last
        self.position.label = f"{self.index + 1}/{len(self.pages)}"

    async def _show(self, interaction: discord.Interaction, index: int) -> None:
        self.index = max(0, min(index, len(self.pages) - 1))
        self._sync_buttons()
        await interaction.response.edit_message(embed=self.pages[self.index], view=self)

    @discord.ui.button(label="«", style=discord.ButtonStyle.secondary)
    async def first(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await self._show(interaction, 0)

    @discord.ui.button(label="‹ Prev", style=discord.ButtonStyle.primary)
    async def previous(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await self._show(interaction, self.index - 1)

    @discord.ui.button(label="1/1", style=discord.ButtonStyle.secondary, disabled=True)
    async def position(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await interaction.response.defer()  # a label, never enabled

    @discord.ui.button(label="Next ›", style=discord.ButtonStyle.primary)
    async def next(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await self._show(interaction, self.index + 1)

    @discord.ui.button(label="»", style=discord.ButtonStyle.secondary)
    async def last(self, interaction: discord.Interaction, _button: discord.ui.Button) -> None:
        await self._show(interaction, len(self.pages) - 1)
