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
from bot.games import buttons
from bot.games.definitions import FoundDefinitions
from bot.games.ladder import embeds
from bot.games.ladder.game import LadderGame
from bot.games.ladder.solo import SoloLadder, ladder_file, send_hint
from bot.games.ladder.team_replies import took_nothing
from bot.games.variants import variant_button, variant_form
from solvers.lexicon import Lexicon

if TYPE_CHECKING:
    from bot.games.ladder.cog import WordLadder


class LadderVariant:
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
        self.send_climb, self.share_text = self.solo.send_climb, self.solo.share_text

    def hook(self, hooks) -> None:
        from bot.games.buttons import DailyGameCog

        hooks.provide(DailyGameCog, self, key=self.key)
        hooks.form(self.key, *buttons.form(self.key, "words", self.play_and_reply))
        hooks.items(self.button)
        hooks.pages(self.definitions.kind, self.definitions)
        hooks.daily(self.key, self.daily_message)

    async def daily_message(self, guild_id: int, date: dt.date) -> DailyMessage:
        content = await self.game.daily_post(guild_id, date)
        return DailyMessage(embeds.daily_post_embeds(content, info=self.game.info), [await ladder_file(content.puzzle)],
                            self.button.post_view(date))

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        from bot.daily import setup as daily

        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        if action in ("play", "again"):
            await interaction.response.send_modal(self.form(date))
        elif action == "hint":
            await self.send_hint(interaction, date)
        elif action == "climb":
            await self.send_climb(interaction, date)
        else:
            await (self.solo.undo if action == "undo" else self.solo.restart)(interaction, date)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        await buttons.take_and_reply(interaction, self.game, words, post_date, self.solo.play_reply,
                                     embeds.announcements, took_nothing)

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        """The hint for the player's own climb, privately."""
        rungs = (await self.game.store.climb(interaction.guild_id, date, interaction.user.id)).rungs
        await send_hint(interaction, await self.game.hint(date, rungs),
                        lambda next_level: self.hint_button(date, next_level, self.key), level, edit=edit)

