"""/challenge: the daily anagram challenges, played privately, once a day, with a board per server.

``/challenge play`` lists the day's challenges (the server's local date) with the player's state
of each; ``/challenge play name:<key>`` opens one. Start starts the clock; the board picture
comes back privately with Answer (a form taking many words at once) and Finish; each answer
edits that private message in place. A play ends when the player presses Finish, finds every
word, or runs out of time: a timer finishes it at its deadline (and redraws the message the
player last saw: a timer of the platform's, ``bot.timers``, so it comes after a restart too), and
whatever reads a play whose time is up finishes it first. ``/challenge board`` posts a challenge's board in the channel.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.words import typed_words
from bot.hookups import Hookups
from bot.lexicons import language as language_option
from bot.lexicons.language import asked_or_servers
from bot.quiz import to_study
from bot.quiz.challenges import embeds, text
from bot.quiz.challenges.plays import Entry, Plays, parse_day
from bot.quiz.challenges.views import FORM, FORM_CHARS, AnswerForm, Answers, ChallengeButton, ChallengePick
from bot.quiz.store import ChallengePlay
from bot.timers.store import Timer, keyed
from bot.views import send_notice
from solvers.quiz.challenges import TITLES, TOUGHIES_KEY, TOUGHIES_TITLE, challenge_lexicon, language_key

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

NAME_CHOICES = [app_commands.Choice(name=title, value=key)
                for key, title in {**TITLES, TOUGHIES_KEY: TOUGHIES_TITLE}.items()]
QUIET = discord.AllowedMentions.none()
MAX_ANSWERS = FORM_CHARS // 2  # every word a full form can hold
DEADLINE = "challenge-deadline"  # the kind of the timers that finish a play at its time limit
GRACE = dt.timedelta(seconds=0.5)  # the deadline itself is still play
PlayKey = tuple  # (day, challenge, guild_id, user_id)


def play_key(play: ChallengePlay) -> PlayKey:
    return play.day, play.challenge, play.guild_id, play.user_id


class Challenge(commands.Cog):
    challenge = app_commands.Group(name="challenge", guild_only=True,
                                   description="The daily anagram challenges: the same "
                                               "alphagrams for everyone each day")

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.plays = Plays(bot.db, lambda: bot.lexicons.get("full") or challenge_lexicon())
        self.shown: dict[PlayKey, discord.Interaction] = {}  # the reply each running play was last shown in
        self.hooks = Hookups(bot)

    async def cog_load(self) -> None:
        self.hooks.provide(Answers, self)
        self.hooks.items(ChallengeButton, ChallengePick)
        self.hooks.form("challenge", FORM, self.on_form)
        self.hooks.timer(DEADLINE, self.expire)

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    # ------------------------------------------------------------------ commands

    @challenge.command(name="play", description="Today's challenges and how you did, or play one (privately, once)")
    @app_commands.describe(name="Which challenge (default: the list of today's)",
                           language="The challenges' language, each with its own plays and boards (default: the "
                                    "server's)")
    @app_commands.choices(name=NAME_CHOICES, language=language_option.CHOICES)
    async def play(self, interaction: discord.Interaction, name: app_commands.Choice[str] | None = None,
                   language: str | None = None) -> None:
        now = discord.utils.utcnow()
        date = await self.plays.today(interaction.guild_id, now)
        language = await asked_or_servers(self.bot.db, interaction.guild_id, language)
        if name is None:
            entries = await self.plays.entries(date, interaction.guild_id, interaction.user.id, now, language)
            await interaction.response.send_message(ephemeral=True, **embeds.list_message(date, entries))
            return
        await self.show(interaction, await self.plays.entry(date, language_key(name.value, language),
                                                            interaction.guild_id, interaction.user.id, now))

    @challenge.command(name="board", description="A challenge's board in this server: most words, then the quickest")
    @app_commands.describe(name="Which challenge", date="Which day: today (default), yesterday or "
                                                        "a date like 2026-01-31",
                           language="The challenge's language (default: the server's)")
    @app_commands.choices(name=NAME_CHOICES, language=language_option.CHOICES)
    async def board(self, interaction: discord.Interaction, name: app_commands.Choice[str],
                    date: str | None = None, language: str | None = None) -> None:
        now = discord.utils.utcnow()
        today = await self.plays.today(interaction.guild_id, now)
        day = parse_day(date, today)
        if day is None or day > today:
            said = "There is no board yet for a day still to come." if day else text.BAD_DATE
            await send_notice(interaction, said)
            return
        key = language_key(name.value, await asked_or_servers(self.bot.db, interaction.guild_id, language))
        standings = await self.plays.board(day, key, interaction.guild_id, now)
        made = await self.plays.challenges.get(day, key, interaction.guild_id)
        if not standings:
            await interaction.response.send_message(text.empty_board(made, day), ephemeral=True)
            return
        await interaction.response.send_message(embed=embeds.board_embed(text.board_title(made, day), standings),
                                                allowed_mentions=QUIET)

    # ------------------------------------------------------------------ presses

    async def on_pick(self, interaction: discord.Interaction, date: dt.date, key: str) -> None:
        if key not in self.plays.keys():
            await send_notice(interaction, "Pick one of the challenges in the list.")
            return
        await self.show(interaction, await self.plays.entry(date, key, interaction.guild_id, interaction.user.id,
                                                            discord.utils.utcnow()), edit=True)

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date, key: str) -> None:
        if key not in self.plays.keys():
            await send_notice(interaction, text.GONE)
            return
        now = discord.utils.utcnow()
        guild_id, user_id = interaction.guild_id, interaction.user.id
        if action == "start":
            if date != await self.plays.today(guild_id, now):
                await send_notice(interaction, text.not_today(date))
                return
            entry = await self.plays.entry(date, key, guild_id, user_id, now)
            if entry.made.questions and entry.play is None:
                entry = await self.plays.start(date, key, guild_id, user_id, now)
                await self.arm(entry.play, await self.plays.deadline(entry.play))
            await self.show(interaction, entry, edit=True)
            return
        entry = await self.plays.entry(date, key, guild_id, user_id, now, settle=False)
        if entry.play is None:
            await send_notice(interaction, text.NOT_STARTED_YET)
        elif entry.finished:
            await self.show(interaction, entry, await self.finished_note(entry.play), edit=True)
        elif await self.plays.expired(entry.play, now):
            await self.show(interaction, await self.plays.finish(entry, now), text.TIME_IS_UP, edit=True)
        elif action == "answer":
            await interaction.response.send_modal(AnswerForm(date, key))
        else:
            await self.show(interaction, await self.plays.finish(entry, now), edit=True)

    async def on_form(self, interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
        """A submitted Answer form (``chal:form:<date>:<key>``, ``bot.forms``), however late it comes."""
        await self.answer(interaction, parse_day(match["date"], None), match["key"], values.get("words", ""))

    async def answer(self, interaction: discord.Interaction, date: dt.date | None, key: str, typed: str) -> None:
        now = discord.utils.utcnow()
        if date is None or key not in self.plays.keys():
            await send_notice(interaction, text.GONE)
            return
        entry = await self.plays.entry(date, key, interaction.guild_id, interaction.user.id, now, settle=False)
        if entry.play is None:
            await send_notice(interaction, text.NOT_STARTED_YET)
            return
        if entry.finished:
            late = await self.plays.timed_out(entry.play)
            await self.show(interaction, entry, text.LATE if late else text.FINISHED_ALREADY, edit=True)
            return
        outcome, entry = await self.plays.answer(entry, typed_words(typed, MAX_ANSWERS).words, now)
        await self.show(interaction, entry, text.answered(outcome), edit=True)

    async def with_cards(self, entry: Entry, note: str) -> str:
        """``note``, and when the play is finished, the line saying its misses join the player's
        study deck and when they come up (``to_study``; nothing when no card came)."""
        if entry.play is None or not entry.finished:
            return note
        cards = await to_study.taken(self.bot, [entry.play.user_id], discord.utils.utcnow())
        made = cards.get(entry.play.user_id)
        return "\n".join(line for line in (note, made.line if made else "") if line)

    async def finished_note(self, play: ChallengePlay) -> str:
        return text.TIME_IS_UP if await self.plays.timed_out(play) else text.FINISHED_ALREADY

    # ------------------------------------------------------------------ the player's message

    async def show(self, interaction: discord.Interaction, entry: Entry, note: str = "", edit: bool = False) -> None:
        """The play in the press's message (``edit``), or in a new private reply; a finished play
        says when its misses come up in the player's study deck, once."""
        shown = await embeds.play_message(entry, await self.plays.tiles(entry), await self.with_cards(entry, note))
        files = shown.pop("attachments")
        if edit and interaction.message is not None:
            await interaction.response.edit_message(attachments=files, **shown)
        else:
            view = shown.pop("view")
            await interaction.response.send_message(ephemeral=True, files=files, **shown,
                                                    **({"view": view} if view else {}))
        if entry.play is not None:
            if entry.running:
                self.shown[play_key(entry.play)] = interaction
            else:
                await self.forget(entry.play)

    async def arm(self, play: ChallengePlay, at: dt.datetime) -> None:
        """Finish the play at ``at`` (its deadline), in the message it was last shown in too."""
        await self.bot.timers.at(DEADLINE, keyed(*play_key(play)), at + GRACE, {
            "day": play.day.isoformat(), "challenge": play.challenge, "guild": play.guild_id, "user": play.user_id},
            guild_id=play.guild_id)

    async def forget(self, play: ChallengePlay) -> None:
        key = play_key(play)
        if self.shown.pop(key, None) is not None:  # it was running here: its timer is not needed now
            await self.bot.timers.cancel(DEADLINE, keyed(*key))

    async def expire(self, timer: Timer) -> None:
        """A play's time limit (a timer's handler, fired again later when it fails: the database down)."""
        payload = timer.payload
        date, key = dt.date.fromisoformat(payload["day"]), (payload["challenge"], payload["guild"], payload["user"])
        entry = await self.plays.entry(date, *key, discord.utils.utcnow())
        if entry.running:  # the clock was moved: look again at the new deadline
            await self.arm(entry.play, await self.plays.deadline(entry.play))
            return
        if entry.play is None or (interaction := self.shown.get(play_key(entry.play))) is None:
            return
        shown = await embeds.play_message(entry, await self.plays.tiles(entry),
                                          await self.with_cards(entry, text.TIME_IS_UP))
        try:
            await interaction.edit_original_response(**shown)
        except discord.HTTPException:
            log.info("Could not show a challenge play finished by its time limit", exc_info=True)
        self.shown.pop(play_key(entry.play), None)


async def setup(bot: Host) -> None:
    await bot.add_cog(Challenge(bot))
