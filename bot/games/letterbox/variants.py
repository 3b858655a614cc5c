"""The daily Letter Boxed in another language (``bot.games.letterbox.plugin.LETTERBOXES``:
``letterbox-fr`` ...): its own daily game, with its own post, buttons (``letterbox-fr:play:<date>``),
form, schedule and boards, played alone, its boxes made from the language's lists (no definitions:
WordNet is English). The DailyLetterBoxed cog makes one for each language and sends a slash command
played in a language's channel to it (``bot.games.variants.variant_of_channel``); the English box
stays the cog's own."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import discord

from bot.daily.posts import DailyMessage
from bot.games.definitions import FoundDefinitions
from bot.games.letterbox import embeds
from bot.games.letterbox.game import LetterBoxedGame
from bot.games.letterbox.hint_view import send_hint
from bot.games.letterbox.solo import SoloBox, box_file
from bot.games.variants import ChainVariant, variant_button, variant_form
from solvers.lexicon import Lexicon

if TYPE_CHECKING:
    from bot.games.letterbox.cog import DailyLetterBoxed


class BoxVariant(ChainVariant):
    """One language's box, as the platform asks of a daily game (``DailyGameCog``)."""

    def __init__(self, cog: DailyLetterBoxed, language: str) -> None:
        bot = cog.bot
        self.game = LetterBoxedGame(bot.db, lambda: Lexicon.load("common", language=language),
                                    lambda: Lexicon.load("full", language=language), bot.daily.calendar,
                                    language=language)
        self.key = self.game.info.key
        base, form = cog.post_classes  # the English box's button and form, under this key
        self.button = variant_button(base, self.key, language)
        self.form = variant_form(form, self.key, language)
        self.solo = SoloBox(self.game, self.button)
        self.definitions = FoundDefinitions(f"{self.key}defs", "box today", embeds.COLOUR, self.game.players_words,
                                            "Press **Play** on the day's post to play.")
        self.share_text = self.solo.share_text

    async def send_own(self, interaction: discord.Interaction, date: dt.date) -> None:
        await self.solo.send_today(interaction, date, chain_only=True)

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content, info=self.game.info), [await box_file(content.puzzle)],
                            self.button.post_view(date))

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's own chain, privately."""
        chain = (await self.game.store.chain(interaction.guild_id, date, interaction.user.id)).words
        await send_hint(interaction, await self.game.hint(date, chain), level, edit=edit, key=self.key)
