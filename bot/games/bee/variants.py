"""The daily bee in another language (``bot.games.bee.plugin.BEES``: ``bee-fr`` ...): its own daily
game, with its own post, buttons (``bee-fr:guess:<date>``), form, schedule and boards, played alone.
The Bee cog makes one for each language and sends a slash command played in a language's channel
to it (``bot.games.variants.variant_of_channel``); the English bee stays the cog's own."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import discord

from bot.daily.posts import DailyMessage
from bot.games import buttons
from bot.games.bee import embeds, text
from bot.games.bee.game import BeeGame, Guesses
from bot.games.definitions import FoundDefinitions
from bot.games.variants import GameVariant, variant_button, variant_form
from bot.text import markdown_bold
from solvers import bee

if TYPE_CHECKING:
    from bot.games.bee.cog import Bee


class BeeVariant(GameVariant):
    """One language's bee, as the platform asks of a daily game (``DailyGameCog``)."""

    field = "word"

    def __init__(self, cog: Bee, game: BeeGame) -> None:
        self.cog, self.game, self.key = cog, game, game.info.key
        base, form = cog.post_classes  # the English bee's button and form, subclassed under this game's key
        self.button = variant_button(base, self.key, game.language)
        self.form = variant_form(form, self.key, game.language)
        self.definitions = FoundDefinitions(f"{self.key}defs", "bee found", embeds.BEE_YELLOW, game.players_words,
                                            "Press **Guess** on the day's post to play.")

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content, False, self.game.info),
                            [await self.cog.hive_file(content.puzzle)], self.button.post_view(date))

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        from bot.daily import setup as daily

        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        if action in ("guess", "again"):
            await interaction.response.send_modal(self.form(date))
        elif action == "hints":
            await self.send_hints(interaction, date)
        elif action == "found":
            await self.send_found(interaction, date)
        else:
            await self.cog.shuffle(interaction, date, self.game, self.button)

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None:
        progress = await self.game.progress(guild_id, user_id, date)
        return text.share_text(progress, f"<@{user_id}>", markdown_bold, self.game.info) if progress.found else None

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        async def reply(outcome: Guesses, shown: bool) -> tuple[str, dict]:
            again = ("again", "share") if outcome.reached else ("again",)
            return embeds.guesses_reply(outcome, shown), {"view": self.button.reply_view(outcome.day.date, again,
                                                                                          outcome.player_id)}

        await buttons.take_and_reply(interaction, self.game, words, post_date, reply, embeds.announcements,
                                     lambda outcome: not outcome.accepted)

    async def send_today(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        await interaction.response.send_message(embed=embeds.today_embed(progress), ephemeral=True,
                                                file=await self.cog.hive_file(progress.puzzle),
                                                **self.progress_view(progress, interaction.user.id))

    async def send_hints(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        embed = embeds.hints_embed(progress.puzzle, bee.hints(progress.puzzle, progress.found))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def send_found(self, interaction: discord.Interaction, date: dt.date) -> None:
        progress = await self.game.progress(interaction.guild_id, interaction.user.id, date)
        await interaction.response.send_message(embed=embeds.found_embed(progress), ephemeral=True,
                                                **self.progress_view(progress, interaction.user.id))

    def progress_view(self, progress, owner: int) -> dict:
        """Definitions and Share, under a player's own progress once they have found a word."""
        return {"view": self.button.reply_view(progress.puzzle.date, ("defs", "share"), owner)} if progress.found \
            else {}

