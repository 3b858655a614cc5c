"""/study: a player's private spaced-repetition deck, the same in every server and in DMs.

``/study review`` shows the due cards one after another: **Answer** opens a form for the words;
the result shows the right, missed and extra words, the grade the answer earned and the next due
date, with the four grades to override it and **Next**. ``/study stats`` draws the deck
(``bot.study.picture``); ``/study add`` puts a set of the quiz's alphagrams in it, ``/study bee``
yesterday's missed bee words; ``/study settings`` sees or changes the player's settings.

Everything is private: an ephemeral reply, or the player's DMs when they chose so (a DM that
cannot be sent falls back to an ephemeral reply). Every button and the form keep their state in
their custom ids (``bot.study.views``) and every review is one transaction of the service, so a
restart mid-review loses nothing and a double submit never counts twice.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands
from fsrs import Rating

from bot.daily.calendar import NoSchedule
from bot.daily.schedule import local_today
from bot.daily.setup import timezone_choices
from bot.hookups import Hookups
from bot.lexicons import language as language_option
from bot.lexicons.language import NotInLanguage, asked_or_servers, list_in
from bot.pictures import png
from bot.plugins import DAILY_GAMES, MissesTaken, MissesTaker
from bot.study import embeds, text
from bot.study.deck import Study as StudyService, StudyError
from bot.study.picture import render_study_stats
from bot.study.reminders.task import STUDY_REMINDER, StudyReminders
from bot.study.views import COG, FORM, ITEMS, AnswerForm, Answers, moment
from bot.views import send_notice
from solvers.lexicon import BUNDLED

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

LEXICON_CHOICES = [app_commands.Choice(name=name, value=name) for name in BUNDLED]
MAX_RANK = 100_000


class StudyCog(commands.Cog, name=COG):
    study = app_commands.Group(name="study", description="Your private study deck: the words you "
                                                         "missed, when they are due")

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.service = StudyService(bot.db, bot.lexicons, clock=lambda: discord.utils.utcnow())
        self.reminders = StudyReminders(bot, self.service, bot.timers)
        self.hooks = Hookups(bot)

    async def cog_load(self) -> None:
        self.hooks.provide(Answers, self)
        self.hooks.provide(MissesTaker, self)
        self.hooks.items(*ITEMS)
        self.hooks.form("study", FORM, self.on_form)
        self.hooks.timer(STUDY_REMINDER, self.reminders.look, at_once=1)  # one queue: its messages keep one pace
        await self.reminders.start()

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    # ------------------------------------------------------------------ commands

    @study.command(name="review", description="Review your due cards, one after another, privately")
    async def review(self, interaction: discord.Interaction) -> None:
        await self.reply(interaction, await self.next_message(interaction.user.id, discord.utils.utcnow()))

    @study.command(name="stats", description="Your deck: cards by state, retention, reviews due in "
                                             "the next 30 days, streak")
    async def stats(self, interaction: discord.Interaction) -> None:
        user_id, now = interaction.user.id, discord.utils.utcnow()
        settings = await self.service.settings(user_id)
        stats = await self.service.stats(user_id, now)
        today = local_today(settings.zone, now)
        data = await png.drawn(render_study_stats, stats, today, interaction.user.display_name)
        await self.reply(interaction, embeds.stats_message(stats, today, data), settings.in_dm)

    @study.command(name="add", description="Put a set of alphagrams in your deck, as the quiz "
                                           "takes them (capped per day)")
    @app_commands.describe(length="Word length (default 7)", first="The set's first rank by probability (default 1)",
                           last="The set's last rank (default: 100 ranks from `from`)",
                           lexicon="The word list (default: your study list)", language=language_option.DESCRIPTION)
    @app_commands.rename(first="from", last="to")
    @app_commands.choices(lexicon=LEXICON_CHOICES, language=language_option.CHOICES)
    async def add(self, interaction: discord.Interaction, length: app_commands.Range[int, 2, 15] = 7,
                  first: app_commands.Range[int, 1, MAX_RANK] = 1,
                  last: app_commands.Range[int, 1, MAX_RANK] | None = None, lexicon: str | None = None,
                  language: str | None = None) -> None:
        user_id, now = interaction.user.id, discord.utils.utcnow()
        last = min(MAX_RANK, first + 99) if last is None else last
        if last < first:
            await send_notice(interaction, "`to` is the set's last rank: give one at or after `from`.")
            return
        asked = lexicon if lexicon in BUNDLED else None
        try:  # in the language asked, else the server's: fr/full for full in French
            name = list_in(await asked_or_servers(self.bot.db, interaction.guild_id, language),
                           asked or (await self.service.settings(user_id)).lexicon, asked is not None)
        except NotInLanguage as refused:
            await send_notice(interaction, refused.said())
            return
        try:
            added = await self.service.add_set(user_id, name, length, first, last, now)
        except StudyError as error:
            await send_notice(interaction, str(error))
            return
        what = f"{length}s probability {first:,}–{last:,} ({name})"
        start = " `/study review` to start." if added.arrival and added.arrival.today else ""
        await interaction.response.send_message(embeds.added_line(added, what) + start, ephemeral=True)

    @study.command(name="bee", description="Put yesterday's Spelling Bee words you missed in this server in your deck")
    @app_commands.guild_only()
    async def bee(self, interaction: discord.Interaction) -> None:
        now = discord.utils.utcnow()
        try:
            _, today = await self.bot.daily.calendar.today(DAILY_GAMES["bee"], interaction.guild_id)
        except NoSchedule as error:
            await send_notice(interaction, str(error))
            return
        day = today - dt.timedelta(days=1)
        try:
            added = await self.service.add_missed_bee(interaction.user.id, interaction.guild_id, day, now)
        except StudyError as error:
            await send_notice(interaction, str(error))
            return
        await interaction.response.send_message(embeds.added_line(added, f"the bee of {day:%A %-d %B}"), ephemeral=True)

    @study.command(name="settings", description="See or change your study settings (the same everywhere)")
    @app_commands.describe(retention="The share of cards you want to recall when they come due, in % (default 90)",
                           new_per_day="New cards a day (default 20)", reviews_per_day="Reviews a day (default 200)",
                           from_misses="Put the alphagrams you miss in quizzes and challenges in your deck",
                           reminder="A daily DM when cards are due, at this time (09:00, 9pm); off stops it",
                           timezone="Your time zone, for your days and the reminder (a city, e.g. London)",
                           dm="True: study in our direct messages; False: private replies where you ask",
                           lexicon="The word list of your cards")
    @app_commands.choices(lexicon=LEXICON_CHOICES)
    async def settings(self, interaction: discord.Interaction, retention: app_commands.Range[int, 70, 99] | None = None,
                       new_per_day: app_commands.Range[int, 0, 1000] | None = None,
                       reviews_per_day: app_commands.Range[int, 0, 10000] | None = None,
                       from_misses: bool | None = None, reminder: str | None = None, timezone: str | None = None,
                       dm: bool | None = None, lexicon: str | None = None) -> None:
        given = {"retention": None if retention is None else retention / 100, "new_per_day": new_per_day,
                 "reviews_per_day": reviews_per_day, "from_misses": from_misses, "remind_at": reminder,
                 "zone": timezone, "in_dm": dm, "lexicon": lexicon}
        changes = {key: value for key, value in given.items() if value is not None}
        try:
            settings = (await self.service.change_settings(interaction.user.id, **changes) if changes
                        else await self.service.settings(interaction.user.id))
        except StudyError as error:
            await send_notice(interaction, str(error))
            return
        if "remind_at" in changes or "zone" in changes:
            self.bot.timers.wake()  # the player's timer moved (Study.change_settings): look at once
        note = "Saved." if changes else ""
        await interaction.response.send_message(embed=embeds.settings_embed(settings, note), ephemeral=True)

    @settings.autocomplete("timezone")
    async def timezone_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await timezone_choices(current)

    async def take_misses(self, user_id: int, now: dt.datetime) -> MissesTaken | None:
        """A player's new misses into their deck now, and when they come up (``bot.plugins.MissesTaker``)."""
        arrival = await self.service.take_misses(user_id, now)
        return MissesTaken(text.misses_joined(arrival), text.soon(arrival)) if arrival else None

    # ------------------------------------------------------------------ buttons and the form

    async def next_message(self, user_id: int, now: dt.datetime) -> dict:
        card = await self.service.next_card(user_id, now)
        counts = await self.service.due(user_id, now)
        return embeds.card_message(card, counts, now) if card is not None else embeds.done_message(counts)

    async def on_answer(self, interaction: discord.Interaction, card_id: int, reps: int, shown: dt.datetime) -> None:
        await interaction.response.send_modal(AnswerForm(card_id, reps, shown))

    async def on_next(self, interaction: discord.Interaction) -> None:
        await self.edit(interaction, await self.next_message(interaction.user.id, discord.utils.utcnow()))

    async def on_grade(self, interaction: discord.Interaction, review_id: int, rating: Rating) -> None:
        try:
            result = await self.service.regrade(interaction.user.id, review_id, rating)
        except StudyError as error:
            await send_notice(interaction, str(error))
            return
        counts = await self.service.due(interaction.user.id, discord.utils.utcnow())
        zone = (await self.service.settings(interaction.user.id)).zone
        await self.edit(interaction, embeds.result_message(result, counts, zone))

    async def on_form(self, interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
        """A submitted answer form (``study:form:<card>:<reps>:<shown>``, ``bot.forms``), however late it comes."""
        now = discord.utils.utcnow()
        seconds = max(0.0, (now - moment(int(match["shown"]))).total_seconds())
        try:
            result = await self.service.review(interaction.user.id, int(match["card"]), values.get("words", ""),
                                               seconds, now, expected_reps=int(match["reps"]))
        except StudyError as error:
            await send_notice(interaction, str(error))
            return
        counts = await self.service.due(interaction.user.id, now)
        zone = (await self.service.settings(interaction.user.id)).zone
        await self.edit(interaction, embeds.result_message(result, counts, zone))

    # ------------------------------------------------------------------ replies

    async def edit(self, interaction: discord.Interaction, message: dict) -> None:
        """Show ``message`` in place of the one pressed (a card becomes its result, then the next card)."""
        if interaction.message is not None:
            await interaction.response.edit_message(**message)
        else:
            await self.reply(interaction, message)

    async def reply(self, interaction: discord.Interaction, message: dict, in_dm: bool | None = None) -> None:
        """Answer privately: ephemeral in a server, or in the player's DMs when they chose so
        (an ephemeral pointer to it stays in the server); a plain reply in a DM."""
        sending = {k: v for k, v in message.items() if v is not None}
        if in_dm is None:
            in_dm = (await self.service.settings(interaction.user.id)).in_dm
        if interaction.guild is None:
            await interaction.response.send_message(**sending)
            return
        if in_dm:
            try:
                sent = await interaction.user.send(**sending)
            except discord.HTTPException:
                log.info("Could not DM a study message to %s; answering here instead", interaction.user.id)
                if (file := sending.get("file")) is not None:
                    file.reset()
                note = "I can't send you direct messages here, so your study is in this private reply instead."
                await interaction.response.send_message(**{"content": note, **{k: v for k, v in sending.items()
                                                                              if k != "content"}}, ephemeral=True)
                return
            await interaction.response.send_message(f"Sent to our direct messages: {sent.jump_url}", ephemeral=True)
            return
        await interaction.response.send_message(ephemeral=True, **sending)


async def setup(bot: Host) -> None:
    await bot.add_cog(StudyCog(bot))
