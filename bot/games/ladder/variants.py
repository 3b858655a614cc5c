"""The daily word ladder in another language (``bot.games.ladder.plugin.LADDERS``: ``ladder-fr`` ...):
its own daily game, with its own post, buttons (``ladder-fr:play:<date>``), form, schedule and
boards, played alone, its ladders made from the language's lists. The WordLadder cog makes one for
each language and sends a slash command played in a language's channel to it
(``bot.games.variants.variant_of_channel``); the English ladder stays the cog's own."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import discord

from bot.daily.posts import DailyMessage
from bot.games.definitions import FoundDefinitions
from bot.games.ladder import embeds
from bot.games.ladder.game import LadderGame
from bot.games.ladder.solo import SoloLadder, ladder_file, send_hint
from bot.games.variants import ChainVariant, variant_button, variant_form
from solvers.lexicon import Lexicon

if TYPE_CHECKING:
    from bot.games.ladder.cog import WordLadder


class LadderVariant(ChainVariant):
    """One language's ladder, as the platform asks of a daily game (``DailyGameCog``)."""

    def __init__(self, cog: WordLadder, language: str) -> None:
        bot = cog.bot
        self.game = LadderGame(bot.db, lambda: Lexicon.load("common", language=language),
                               lambda: Lexicon.load("full", language=language), bot.daily.calendar, language=language)
        self.key = self.game.info.key
        base, form, self.hint_button = cog.post_classes  # the English ladder's, its button and form under this key
        self.button = variant_button(base, self.key, language)
        self.form = variant_form(form, self.key, language)
        self.solo = SoloLadder(self.game, self.button, cog.show_vulgar)
        self.definitions = FoundDefinitions(f"{self.key}defs", "ladder today", embeds.COLOUR,
                                            self.solo.players_words, "Press **Play** on the day's post to play.")
        self.send_climb = self.send_own = self.solo.send_climb
        self.share_text = self.solo.share_text

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content, info=self.game.info), [await ladder_file(content.puzzle)],
                            self.button.post_view(date))

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's own climb, privately."""
        rungs = (await self.game.store.climb(interaction.guild_id, date, interaction.user.id)).rungs
        await send_hint(interaction, await self.game.hint(date, rungs),
                        lambda next_level: self.hint_button(date, next_level, self.key), level, edit=edit)

