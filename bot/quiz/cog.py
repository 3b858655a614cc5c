"""/quiz: anagram quiz rounds in a channel, WordWalls-style (the rounds themselves: ``bot.quiz.rooms``).

``/quiz start`` asks a set's alphagrams (a word length, a list, an order, a range of ranks:
``bot.quiz.text`` says which questions a round takes and how Next round goes on) with a time
limit; ``/quiz stop`` ends the channel's round early, with the scores so far. The buttons under
a round's end start the next round or the missed alphagrams again, or (Stop, for whoever started
the round or a moderator: ``may_stop``, the rule of ``/quiz stop``) end the series; the Answer
button under the board opens a form for many words at once. Every refusal is one private line.

A round's questions are drawn in a thread (``asyncio.to_thread``): a set of 50 takes a few
milliseconds once its table is built, and the first table of a word length of a list up to
about 100 ms (``huge`` 8s), too little for a worker process.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.outcome import Player
from bot.chat.words import typed_words
from bot.hookups import Hookups
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import UnknownList
from bot.quiz import room_posts, text
from bot.quiz.buttons import FORM, FORM_CHARS, FORM_FIELD, AnswerForm, QuizAnswers, QuizButton
from bot.quiz.rooms import QUIZ_END, QuizRooms, utcnow
from bot.quiz.round import Question, QuizRound
from bot.quiz.store import QuizStore, RoundRecord
from bot.quiz.text import MAX_RANK, ORDERS, RoundSet, first_round, parse_set
from bot.views import send_notice
from solvers.lexicon import Lexicon
from solvers.list_names import language_of
from solvers.quiz import sets
from solvers.quiz.answers import fold

if TYPE_CHECKING:
    from bot.host import Host

MAX_FORM_WORDS = 200
_WORD = re.compile(r"[a-z]{1,15}")


def form_words(typed: str, language: str = "en") -> tuple[str, ...]:
    """The words of a form (``bot.chat.words.typed_words``), compared as answers are
    (``solvers.quiz.answers.fold``: English's accents dropped, another language's letters its
    own), each once."""
    words = (fold(word, language) for word in typed_words(typed[:FORM_CHARS], MAX_FORM_WORDS, unique=True).words)
    return tuple(dict.fromkeys(word for word in words if word and (language != "en" or _WORD.fullmatch(word))))


def may_post(interaction: discord.Interaction) -> bool:
    permissions = interaction.app_permissions
    sends = permissions.send_messages_in_threads if isinstance(interaction.channel,
                                                               discord.Thread) else permissions.send_messages
    return sends and permissions.attach_files


async def may_stop(interaction: discord.Interaction, started_by: int | None) -> bool:
    """Whether the member may stop a round (``/quiz stop``) or its series (**Stop** under its
    scores): whoever started it, or a moderator (Manage Messages here). Anyone else is told
    privately who may, and nothing changes. ``started_by`` None: a round no longer known, which
    only a moderator may stop."""
    user = interaction.user
    if (started_by is not None and user.id == started_by) or (isinstance(user, discord.Member)
                                                                and interaction.permissions.manage_messages):
        return True
    refusal = text.NOT_YOURS.format(starter=started_by) if started_by is not None else text.MODERATORS_ONLY
    await send_notice(interaction, refusal, allowed_mentions=discord.AllowedMentions.none())
    return False


class Quiz(commands.Cog):
    quiz = app_commands.Group(name="quiz", description="Anagram quiz rounds in a channel", guild_only=True)

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = QuizStore(bot.db)
        self.rooms = QuizRooms(bot, self.store)
        self.hooks = Hookups(bot)

    async def cog_load(self) -> None:
        self.hooks.provide(QuizAnswers, self)
        self.hooks.items(QuizButton)
        self.hooks.form("quiz", FORM, self.on_form)
        self.hooks.timer(QUIZ_END, self.rooms.time_up)
        self.hooks.add(self.rooms.resume_soon, self.rooms.pause_all)  # a clean stop pauses the rounds

    async def cog_unload(self) -> None:
        await self.hooks.undo()

    # ------------------------------------------------------------------ commands

    @quiz.command(name="start", description="Start a round of anagrams in this channel: the first "
                                            "to type a word gets it")
    @app_commands.describe(questions="How many alphagrams (default 25)", minutes="The time limit (default 4)",
                           length="Word length (default 7)",
                           order="Most probable first (default), most common, or random",
                           first="The range's first rank (default 1)",
                           last="The range's last rank (default: the whole set)", lexicon=lexicon_option.DESCRIPTION,
                           language=language_option.DESCRIPTION)
    @app_commands.rename(first="from", last="to")
    @app_commands.choices(order=[app_commands.Choice(name=order, value=order) for order in ORDERS],
                          language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def start(self, interaction: discord.Interaction,
                    questions: app_commands.Range[int, text.MIN_QUESTIONS, text.MAX_QUESTIONS] = text.DEFAULT_QUESTIONS,
                    minutes: app_commands.Range[int, text.MIN_MINUTES, text.MAX_MINUTES] = text.DEFAULT_MINUTES,
                    length: app_commands.Range[int, text.MIN_LENGTH, text.MAX_LENGTH] = text.DEFAULT_LENGTH,
                    order: str = ORDERS[0], first: app_commands.Range[int, 1, MAX_RANK] | None = None,
                    last: app_commands.Range[int, 1, MAX_RANK] | None = None, lexicon: str | None = None,
                    language: str | None = None) -> None:
        if order not in ORDERS:
            await send_notice(interaction, f"Order is {', '.join(ORDERS)}.")
            return
        if not await self._may_start(interaction):
            return
        chosen = await lexicon_option.chosen(interaction, lexicon, language)  # its language's bag orders it
        if chosen is None:
            return
        name, words, show = chosen
        await interaction.response.defer(ephemeral=True, thinking=True)
        size = await asyncio.to_thread(sets.set_size, words, length, show_flagged=show)
        if (wrong := text.range_error(length, size, first or 1, last)) is not None:
            await send_notice(interaction, wrong)
            return
        spec = first_round(length, order, first or 1, min(last or size, size), questions, interaction.id % 2**31)
        await self._launch(interaction, name, spec, await self._questions(words, spec, show), minutes * 60)

    @quiz.command(name="stop", description="End this channel's round now, with the scores so far")
    async def stop(self, interaction: discord.Interaction) -> None:
        room = self.rooms.room_at(interaction.channel_id)
        if room is None or room.ending:
            await send_notice(interaction, text.NO_ROUND)
            return
        if not await may_stop(interaction, room.record.started_by):
            return
        await interaction.response.send_message(text.STOPPED, ephemeral=True)
        await self.rooms.end(room, "stopped", by=interaction.user.id)

    # ------------------------------------------------------------------ buttons and the form

    async def on_button(self, interaction: discord.Interaction, action: str, round_id: int) -> None:
        if action == "answer":
            if self.rooms.room_of(round_id) is None:
                await send_notice(interaction, text.ROUND_OVER)
            else:
                await interaction.response.send_modal(AnswerForm(round_id))
        elif action == "stop":  # no more rounds from this end: the same rule as /quiz stop
            record = await self.store.round(round_id)
            started_by = record.started_by if record is not None and record.guild_id == interaction.guild_id else None
            if await may_stop(interaction, started_by):
                await interaction.response.edit_message(view=None)
        else:
            await self._again(interaction, round_id, missed=action == "missed")

    async def _again(self, interaction: discord.Interaction, round_id: int, missed: bool) -> None:
        """Next round (the set's next ranks) or Missed only (the round's missed alphagrams), from
        an end message: the same list and time limit, in the round's thread (the channel stays
        short), or where the round was played when it had none."""
        record = await self.store.round(round_id)
        if record is None or record.guild_id != interaction.guild_id:
            await send_notice(interaction, text.NO_SET)
            return
        spec = parse_set(record.set_name)
        thread = await room_posts.thread_of(self.bot, record.message_id)
        if (spec is None and not missed) or not await self._may_start(interaction, thread or record.channel_id):
            if spec is None and not missed:
                await send_notice(interaction, text.NO_SET)
            return
        try:
            words = await self.bot.guild_lists.resolve(interaction.guild_id, record.lexicon)
        except UnknownList:
            await send_notice(interaction, text.LIST_GONE)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        show = (await self.bot.db.guild_settings(record.guild_id)).show_vulgar
        if missed:
            before = await QuizRound.load(self.store, record)
            racks = [left.alphagram for left in before.missed()]
            asked = await asyncio.to_thread(sets.questions_of, words, racks, show_flagged=show)
            following = spec.missed_again() if spec else None
        else:
            assert spec is not None
            size = await asyncio.to_thread(sets.set_size, words, spec.length, show_flagged=show)
            if (wrong := text.range_error(spec.length, size, spec.first, None)) is not None:
                await send_notice(interaction, wrong)
                return
            following = spec.following(size)
            asked = await self._questions(words, following, show)
        if not asked:
            await send_notice(interaction, text.MISSED_EMPTY)
            return
        if await self._launch(interaction, record.lexicon, following, asked, record.seconds, record.set_name, thread):
            try:
                await interaction.message.edit(view=None)  # type: ignore[union-attr]  # its buttons are spent
            except discord.HTTPException:
                pass

    async def on_form(self, interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
        """A submitted quiz form (``quiz:form:<round>``, ``bot.forms``)."""
        round_id = int(match["round"])
        room = self.rooms.room_of(round_id)
        language = language_of(room.record.lexicon) if room is not None else "en"
        words = form_words(values.get(FORM_FIELD, ""), language)
        if not words:
            await send_notice(interaction, text.NO_WORDS)
            return
        user = interaction.user
        player = Player(user.id, user.display_name, interaction.guild_id or 0)
        reply = await self.rooms.answer(round_id, player, words)
        if reply is None:  # the round is over (or was not running)
            await send_notice(interaction, text.ROUND_OVER)
        else:
            await interaction.response.send_message(reply, ephemeral=True)

    # ------------------------------------------------------------------ a round's start

    async def _may_start(self, interaction: discord.Interaction, place_id: int | None = None) -> bool:
        """Whether a round may start here, or in ``place_id`` (else the player was told privately why not)."""
        place_id = place_id or interaction.channel_id
        running = self.rooms.room_at(place_id) or await self.store.running(place_id)
        refusal = text.ALREADY_RUNNING if running else None if may_post(interaction) else text.CANT_POST
        if refusal:
            await send_notice(interaction, refusal)
        return refusal is None

    @staticmethod
    async def _questions(words: Lexicon, spec: RoundSet, show: bool) -> list[sets.Question]:
        return await asyncio.to_thread(sets.question_set, words, spec.length, spec.order, spec.start, spec.end,
                                       show_flagged=show, seed=spec.seed)

    async def _launch(self, interaction: discord.Interaction, lexicon: str, spec: RoundSet | None,
                      asked: Sequence[sets.Question], seconds: int, fallback_name: str = "",
                      place_id: int | None = None) -> bool:
        """Store the round (refused if one runs there meanwhile), post its board here (or in
        ``place_id``: the last round's thread), and tell the player."""
        now = utcnow()
        name = spec.name if spec else f"{fallback_name}, missed"
        record = RoundRecord(interaction.id, interaction.guild_id or 0, place_id or interaction.channel_id or 0, None,
                             lexicon,
                             name, seconds, now, now + dt.timedelta(seconds=seconds), None, interaction.user.id)
        if not await self.store.start_round(record, [(q.alphagram, q.answers) for q in asked]):
            await send_notice(interaction, text.ALREADY_RUNNING)
            return False
        round = QuizRound(self.store, record, [Question(q.alphagram, q.answers) for q in asked])
        if not await self.rooms.begin(round, spec):
            await send_notice(interaction, text.CANT_POST)
            return False
        room = self.rooms.room_of(record.round_id)
        thread = room.thread_id if room and room.thread_id else place_id
        where = f"answer in <#{thread}>" if thread else "answer here by mentioning me"
        await send_notice(interaction, text.STARTED.format(name=text.title(spec, lexicon), where=where), refused=False)
        return True


async def setup(bot: Host) -> None:
    await bot.add_cog(Quiz(bot))
