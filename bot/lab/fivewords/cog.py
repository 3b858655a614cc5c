"""/fivewords: every set of N words of L letters that use N x L different letters.

The search runs in a worker process (``bot.jobs``), its reply deferred; when it takes more than
a moment the reply shows its progress, edited every few seconds, with a Cancel button for the
person who asked. The answer is paged, the sets grouped by the letters they leave out, the most
common words first (``solvers.fivewords.most_common_first``). The list is ``full`` unless asked
(the one players know: ``common`` holds no five-word set, ``huge`` has many more of rare words). Answers
are remembered per question (list, shape, include, exclude, vulgar words shown or not), so
asking again is instant; a page of an answer no longer remembered (after a restart) is worked
out again. Vulgar words are left out unless the server shows them (``/settings``).
"""

from __future__ import annotations

import logging
import re
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.live import LiveMessage
from bot.job_buttons import cancel_view
from bot.jobs import Busy, Cancelled, JobError, Stopped
from bot.lab.fivewords import embeds, text
from bot.lab.latin import latin_list_refusal
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.guild_lists import GuildLists, UnknownList
from bot.lexicons.notes import REMOVED_MEANWHILE
from bot.views import Page, job_failure, page_sources, send_notice, send_pages, show_pages
from solvers import fivewords
from solvers.alphabets import fold_letters
from solvers.fivewords import FiveWords, FiveWordsError, Progress
from solvers.lexicon import Lexicon
from solvers.list_names import is_bundled, language_of
from solvers.screen import quoted
from solvers.typed import plain_letters
from solvers.wordlist import load_source

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

DEFAULT_LIST = "full"  # the list players know; a full search takes some 0.1 s in a worker (docs/benchmarks.md)
SEARCH_SECONDS = 120.0  # a search longer than this stops, and its counts are "at least"
LISTED = 3_000  # sets kept for the pages (counting goes on past them)
REMEMBERED = 32  # answers remembered
EDIT_EVERY = 3.0  # seconds between edits of a running search's reply
QUIET_FOR = 1.0  # a search that ends sooner never shows its progress

STATE = (r"(?P<lexicon>[a-z0-9/\-]+):(?P<words>\d+):(?P<letters>\d+):(?P<include>[a-z]*):(?P<exclude>[a-z]*):"
         r"(?P<vulgar>[01])")


@dataclass(frozen=True, slots=True)
class Question:
    lexicon: str
    words: int
    letters: int
    include: tuple[str, ...]
    exclude: str
    vulgar: bool  # vulgar words take part (the server shows them)
    guild: int | None = None  # whose list it is, for a server's own list (None for a bundled one)

    @property
    def state(self) -> str:
        """The question in a page button's id; include words all have ``letters`` letters, so they are
        written side by side, and include plus exclude letters are at most 26: it stays short."""
        return f"{self.lexicon}:{self.words}:{self.letters}:{''.join(self.include)}:{self.exclude}:{int(self.vulgar)}"

    @classmethod
    def from_state(cls, state: str, guild_id: int | None = None) -> Question:
        """The question of a page button (``guild_id``: the server the click came from)."""
        match = re.fullmatch(STATE, state)
        if match is None:
            raise ValueError(f"bad state {state!r}")
        letters, joined = int(match["letters"]), match["include"]
        if letters == 0 or len(joined) % letters:
            raise ValueError(f"bad state {state!r}")
        include = tuple(joined[i:i + letters] for i in range(0, len(joined), letters))
        lexicon = match["lexicon"]
        return cls(lexicon, int(match["words"]), letters, include, match["exclude"], match["vulgar"] == "1",
                   None if is_bundled(lexicon) else guild_id)

    @property
    def asked(self) -> str:
        return text.asked(self.lexicon, self.words, self.letters, self.include, self.exclude)



@dataclass(frozen=True, slots=True)
class Tick:
    """A worker's progress, without the sets themselves (they come with the answer)."""

    done: int
    total: int
    found: int


def search_in_worker(question: Question, source: str):
    """In a worker process: progress ticks, then the FiveWords answer (``source``: a bundled
    list's name, or the words file of a server's own list, ``GuildLists.source``)."""
    lexicon = load_source(source, question.lexicon)
    run = fivewords.search(lexicon, question.words, question.letters, question.include, question.exclude,
                           keep=LISTED, hide=None if question.vulgar else lexicon.vulgar, seconds=SEARCH_SECONDS)
    for value in run:
        if isinstance(value, Progress):
            yield Tick(value.done, value.total, value.found)
        else:
            return fivewords.most_common_first(value, lexicon.commonness)
    raise AssertionError("the search ended without a result")


class Answers:
    """The page source of /fivewords answers, remembering the latest REMEMBERED of them."""

    command = "fivewords"

    def __init__(self, jobs, guild_lists: GuildLists) -> None:
        self.jobs, self.guild_lists = jobs, guild_lists
        self.remembered: OrderedDict[Question, FiveWords] = OrderedDict()

    def get(self, question: Question) -> FiveWords | None:
        if question in self.remembered:
            self.remembered.move_to_end(question)
        return self.remembered.get(question)

    def keep(self, question: Question, result: FiveWords) -> None:
        self.remembered[question] = result
        while len(self.remembered) > REMEMBERED:
            self.remembered.popitem(last=False)

    async def page(self, interaction: discord.Interaction, state: str, number: int) -> Page:
        question = Question.from_state(state, interaction.guild_id)
        result = self.get(question)
        if result is None:  # forgotten (a restart): worked out again
            try:
                source = await self.guild_lists.source(question.guild, question.lexicon)
            except UnknownList as unknown:  # the server's list was removed since
                raise ValueError(str(unknown)) from unknown
            job = self.jobs.reserve(interaction.user.id, "fivewords pages")
            result = await self.jobs.run(job, search_in_worker, question, source)
            self.keep(question, result)
        shown = embeds.pages(question.asked, result)
        number = min(number, len(shown) - 1)
        return Page(shown[number], number, len(shown))


class FiveWordsCog(commands.Cog, name="FiveWords"):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.answers = Answers(bot.jobs, bot.guild_lists)
        self.edit_every, self.quiet_for = EDIT_EVERY, QUIET_FOR

    async def cog_load(self) -> None:
        page_sources(self.bot)["fw"] = self.answers

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("fw", None)

    @app_commands.command(name="fivewords", description="Sets of words that use every letter once: "
                                                        "five words, 25 letters")
    @app_commands.describe(words="Words in a set (default 5)", letters="Letters in each word (default 5)",
                           lexicon="Word list: full (default), huge (many more sets, of rarer words), "
                                   "common, or this server's own",
                           include="Words every set must contain, e.g. fjord",
                           exclude="Letters no word may use, e.g. q", language=language_option.DESCRIPTION)
    @app_commands.choices(language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def fivewords(self, interaction: discord.Interaction, words: int = 5, letters: int = 5,
                        lexicon: str | None = None, include: str = "", exclude: str = "",
                        language: str | None = None) -> None:
        if (chosen := await lexicon_option.chosen(interaction, lexicon or DEFAULT_LIST, language)) is None:
            return
        name, listed, show_vulgar = chosen
        if (refusal := latin_list_refusal(name, "five words")) is not None:
            await send_notice(interaction, refusal)
            return
        try:
            question = self.question(name, listed, words, letters, include, exclude, show_vulgar, interaction.guild_id)
        except FiveWordsError as error:
            await send_notice(interaction, str(error))
            return
        known = self.answers.get(question)
        if known is not None:
            await send_pages(interaction, "fw", question.state, self.first_page(question, known))
            return
        try:  # the words file the worker reads: it stays, so a list removed from now on is searched to the end
            source = await self.bot.guild_lists.source(question.guild, name)
            job = self.bot.jobs.reserve(interaction.user.id, "fivewords")
        except (Busy, UnknownList) as refused:  # busy, or the list was removed as the command began
            await send_notice(interaction, REMOVED_MEANWHILE if isinstance(refused, UnknownList) else str(refused))
            return
        try:
            await interaction.response.defer(thinking=True)
        except BaseException:
            self.bot.jobs.release(job)
            raise
        live = _Live(self, interaction, question, job.id)
        try:
            result = await self.bot.jobs.run(job, search_in_worker, question, source, on_progress=live.tick)
        except Cancelled:
            await live.stopped("Cancelled")
            return
        except Stopped:  # the bot is closing: the reply says what was found so far
            await live.stopped("Stopped by a restart")
            return
        except JobError as error:
            await live.close()
            await self.edit(interaction, content=job_failure(error, "/fivewords"), embed=None, view=None)
            return
        await live.close()
        self.answers.keep(question, result)
        await show_pages(interaction, "fw", question.state, self.first_page(question, result))

    @staticmethod
    def question(name: str, lexicon: Lexicon, words: int, letters: int, include: str, exclude: str, vulgar: bool,
                 guild_id: int | None = None) -> Question:
        """The question asked of the list ``name`` (``lexicon``), or FiveWordsError saying what to
        fix (include words are checked against the list here, where it is loaded, not in a worker)."""
        language = language_of(name)  # French élève is eleve; English's typed letters as they are
        read = (plain_letters(typed if language == "en" else fold_letters(typed, language), keep_spaces=True)
                for typed in (include, exclude))
        words, letters, wanted, excluded = fivewords.check_query(words, letters, *read)
        for word in wanted:
            if word not in lexicon or (not vulgar and lexicon.is_vulgar(word)):
                raise FiveWordsError(f"{quoted(repr(word), 'One of the include words', vulgar)} is not in the {name} "
                                     "word list: include words from the list "
                                     "the sets are made of, or choose another list.")
        return Question(name, words, letters, wanted, excluded, vulgar, None if is_bundled(name) else guild_id)

    def first_page(self, question: Question, result: FiveWords) -> Page:
        shown = embeds.pages(question.asked, result)
        return Page(shown[0], 0, len(shown))

    async def edit(self, interaction: discord.Interaction, **changes) -> None:
        try:
            await interaction.edit_original_response(**changes)
        except discord.HTTPException:
            log.warning("Could not edit a /fivewords reply", exc_info=True)


class _Live:
    """A running search's reply: its progress, once it has run for a moment, then every few seconds."""

    def __init__(self, cog: FiveWordsCog, interaction: discord.Interaction, question: Question, job: int) -> None:
        self.cog, self.interaction, self.question, self.job = cog, interaction, question, job
        self.started = time.monotonic()
        self.latest = Tick(0, 1, 0)
        self.message = LiveMessage(self.shown, interaction.edit_original_response, every=cog.edit_every,
                                   quiet_for=cog.quiet_for, what="a /fivewords reply")

    async def tick(self, tick: Tick) -> None:
        self.latest = tick
        self.message.changed()

    async def shown(self) -> dict[str, object]:
        tick = self.latest
        embed = embeds.progress_embed(self.question.asked, tick.done, tick.total, tick.found,
                                      time.monotonic() - self.started)
        return {"embed": embed, "view": cancel_view(self.job, self.interaction.user.id)}

    async def close(self) -> None:
        """Before the answer: no progress edit lands after it."""
        await self.message.close()

    async def stopped(self, why: str) -> None:
        await self.close()
        embed = embeds.stopped_embed(self.question.asked, self.latest.found, time.monotonic() - self.started, why)
        await self.cog.edit(self.interaction, embed=embed, view=None)


async def setup(bot: Host) -> None:
    await bot.add_cog(FiveWordsCog(bot))
