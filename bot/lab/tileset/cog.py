"""/tiles: which N letter tiles spell the most words, as a long job with live progress.

The search runs in a worker process (``bot.jobs``); the reply shows the best tiles so far and
the published greedy's count, edited every few seconds, with a Cancel button for the person who
asked; the answer, with a picture of the tiles, is that one public message (its words are behind
its Words button, shown privately). Answers are stored per question (``store.py``): asking again
shows the best known answer at once, with a button to keep improving it; it only improves.
Where a server hides vulgar words (``/settings``), the search runs on the list less them (those
answers are stored apart). A search stopped by a restart keeps its best so far and says so.
"""

from __future__ import annotations

import functools
import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.live import LiveMessage
from bot.job_buttons import cancel_view
from bot.jobs import Cancelled, JobError, Stopped
from bot.lab.latin import latin_list_refusal
from bot.lab.tileset import embeds, text
from bot.lab.tileset.buttons import ImproveButton, TileAnswers, WordsButton, answer_view, state_of
from bot.lab.tileset.picture import render_tiles
from bot.lab.tileset.sources import ListChanged, Words, question_key, with_source
from bot.lab.tileset.store import BestKnown, Question, TilesetStore
from bot.lab.tileset.work import search_in_worker
from bot.lexicons import language as language_option, option as lexicon_option
from bot.lexicons.notes import REMOVED_MEANWHILE
from bot.pictures import png
from bot.text import plural
from bot.views import Page, job_failure, page_sources, send_notice, send_pages
from solvers import tileset
from solvers.list_names import is_bundled

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

MAX_SECONDS = 60  # the longest search one /tiles may ask for
DEFAULT_SECONDS = 30
EDIT_EVERY = 3.0  # seconds between edits of the progress message
ODD_CHOICES = [app_commands.Choice(name=name, value=value) for value, name in (
    ("skip", "skip odd-length words (default, as published)"), ("pad-end", "pad them at the end (tiles like a.)"),
    ("pad-start", "pad them at the start (tiles like .a)"), ("either", "pad them at either end"))]


def check(count: int, size: int, seconds: int) -> str | None:
    """What is wrong with the options, in one line; None when nothing is."""
    if not tileset.MIN_TILES <= count <= tileset.MAX_TILES:
        return f"count is {tileset.MIN_TILES} to {tileset.MAX_TILES} tiles; {count} is out of range."
    if size not in tileset.SIZES:
        return f"size is 1, 2 or 3 letters per tile; {size} is not."
    if count > (available := tileset.tile_count(size)):  # padded tiles exist only for 2 or 3 letters
        return f"Only {plural(available, 'different tile')} of {plural(size, 'letter')} exist: count is 1 to " \
               f"{available}; {count} is too many."
    if not 1 <= seconds <= MAX_SECONDS:
        return text.too_long(seconds, MAX_SECONDS)
    return None


async def tiles_file(tiles: tuple[str, ...]) -> discord.File:
    """The picture of the tiles, for an answer embed (``embeds.answer_embed(picture=True)``), drawn
    off the event loop, as the other pictures are."""
    picture = await png.drawn(render_tiles, tuple(tiles))
    return discord.File(io.BytesIO(picture), filename=embeds.TILES_FILE,
                        description=text.tiles_alt(tiles))


class Tiles(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = TilesetStore(bot.db)
        self.words = Words(self.store, bot.jobs, bot.guild_lists)
        self.edit_every = EDIT_EVERY

    async def cog_load(self) -> None:
        self.bot.providers.provide(TileAnswers, self)
        self.bot.add_dynamic_items(ImproveButton, WordsButton)
        page_sources(self.bot)["ts"] = self.words

    async def cog_unload(self) -> None:
        page_sources(self.bot).pop("ts", None)
        self.bot.remove_dynamic_items(ImproveButton, WordsButton)
        self.bot.providers.withdraw(TileAnswers, self)

    @app_commands.command(name="tiles", description="Which letter tiles spell the most words? A "
                                                    "search with live progress")
    @app_commands.describe(count="How many tiles (1-200, default 20)", size="Letters per tile (1-3, default 2)",
                           lexicon="Word list: full (default), common, huge, or one of this server's own",
                           odd="Odd-length words: skip (default) or pad them",
                           seconds=f"Search time, 1-{MAX_SECONDS} s (default {DEFAULT_SECONDS})",
                           language=language_option.DESCRIPTION)
    @app_commands.choices(odd=ODD_CHOICES, language=language_option.CHOICES)
    @app_commands.autocomplete(lexicon=lexicon_option.autocomplete)
    async def tiles(self, interaction: discord.Interaction, count: int = 20, size: int = 2,
                    lexicon: str | None = None, odd: app_commands.Choice[str] | None = None,
                    seconds: int = DEFAULT_SECONDS, language: str | None = None) -> None:
        problem = check(count, size, seconds)
        if problem is not None:
            await send_notice(interaction, problem)
            return
        if (chosen := await lexicon_option.chosen(interaction, lexicon or "full", language)) is None:
            return
        name, _, show_vulgar = chosen
        if (refusal := latin_list_refusal(name, "the tile search")) is not None:
            await send_notice(interaction, refusal)
            return
        digest = "" if is_bundled(name) else next(
            (i.digest for i in await self.bot.guild_lists.lists(interaction.guild_id)
                                                  if i.name == name), None)
        if digest is None:  # removed since it was read, a moment ago
            await send_notice(interaction, REMOVED_MEANWHILE)
            return
        question = Question(question_key(name, digest), count, size, odd.value if odd else "skip", show_vulgar)
        best = await self.store.best(question)
        if best is None:
            await self.search(interaction, question, seconds)
            return
        picture = await tiles_file(best.tiles)
        await interaction.response.send_message(embed=embeds.answer_embed(best, self.who(best), picture=True),
                                                file=picture, view=answer_view(question, seconds),
                                                allowed_mentions=discord.AllowedMentions.none())

    def who(self, best: BestKnown) -> str:
        return "the terminal" if best.improved_by == 0 else f"<@{best.improved_by}>"

    async def search(self, interaction: discord.Interaction, question: Question, seconds: int) -> None:
        """Run the search for ``interaction``'s user, from the best known answer if there is one."""
        try:
            question = await with_source(self.bot.guild_lists, interaction.guild_id, question)
            job = self.bot.jobs.reserve(interaction.user.id, "tiles")
        except (JobError, ListChanged) as error:
            await send_notice(interaction, str(error))
            return
        try:
            known = await self.store.best(question)
            await interaction.response.send_message(embed=embeds.progress_embed(question, None, None, seconds),
                                                    view=cancel_view(job.id, interaction.user.id))
        except BaseException:
            self.bot.jobs.release(job)  # the reserved place, never used
            raise
        run = _Run(self, interaction, question, seconds)
        try:
            solution = await self.bot.jobs.run(
                job, search_in_worker, question, float(seconds),
                int(known.seconds) if known else 0,  # a seed: a fresh trajectory each time an answer is improved
                known.tiles if known else None, on_progress=run.progress)
        except (Cancelled, Stopped) as stop:  # by its owner, or by a restart: the best so far is kept
            await run.finish(None, job.elapsed, text.kept_line(str(stop)), text.nothing_line(str(stop)))
        except JobError as error:  # the reply says so in one line, over the best tiles found before it
            failure = job_failure(error, "/tiles")
            await run.finish(None, job.elapsed, "The best tiles found before it are kept.", failure, line=failure)
        else:
            await run.finish(solution, solution.seconds, "")

    async def send_words(self, interaction: discord.Interaction, question: Question, seconds: int) -> None:
        """The words of the best known answer, paged, privately (the Words button)."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            best, words = await self.words.of(question, interaction.user.id, interaction.guild_id)
        except JobError as error:
            await send_notice(interaction, job_failure(error, "/tiles words"))
            return
        except ListChanged as error:
            await send_notice(interaction, str(error))
            return
        except ValueError:
            await send_notice(interaction, "There is no answer for that yet: run `/tiles`.")
            return
        pages = embeds.word_pages(question, best.tiles, words)
        await send_pages(interaction, "ts", state_of(question, seconds), Page(pages[0], 0, len(pages)), ephemeral=True)

    async def edit(self, interaction: discord.Interaction, **changes) -> None:
        try:
            await interaction.edit_original_response(allowed_mentions=discord.AllowedMentions.none(), **changes)
        except discord.HTTPException:
            log.warning("Could not edit a /tiles reply", exc_info=True)


class _Run:
    """One search's reply: its progress shown live (at most every ``edit_every`` seconds), then the answer."""

    def __init__(self, cog: Tiles, interaction: discord.Interaction, question: Question, seconds: int) -> None:
        self.cog, self.interaction, self.question, self.seconds = cog, interaction, question, seconds
        self.greedy_words: int | None = None  # the first progress is the published greedy's answer
        self.latest: tileset.Progress | None = None
        edit = functools.partial(interaction.edit_original_response, allowed_mentions=discord.AllowedMentions.none())
        # the first report at once
        self.live = LiveMessage(self.shown, edit, every=cog.edit_every, what="a /tiles reply")

    async def progress(self, progress: tileset.Progress) -> None:
        self.greedy_words = progress.best_words if self.greedy_words is None else self.greedy_words
        self.latest = progress
        self.live.changed()

    async def shown(self) -> dict[str, discord.Embed] | None:
        """The reply while the search runs: its latest progress."""
        if self.latest is None:
            return None
        return {"embed": embeds.progress_embed(self.question, self.latest, self.greedy_words, self.seconds)}

    async def finish(self, solution: tileset.Solution | None, spent: float, note: str, bare: str = "",
                     line: str | None = None) -> None:
        """Record what the search found (a stopped one: its best so far) and show the best known answer,
        under ``line`` (a failure's); ``bare`` is all the reply says when a stopped search had found nothing yet."""
        await self.live.close()  # no progress edit lands after the answer
        if solution is not None:
            tiles, words, greedy_words, bound = solution.tiles, solution.words, solution.greedy.words, solution.bound
        elif self.latest is not None and self.greedy_words is not None:
            tiles, words, greedy_words, bound = (self.latest.best_tiles, self.latest.best_words, self.greedy_words,
                                                 self.latest.bound)
        else:
            await self.cog.edit(self.interaction, content=bare, embed=None, view=None)
            return
        cog, question = self.cog, self.question
        outcome = await cog.store.record(question, tiles, words, greedy_words, bound, spent, self.interaction.user.id)
        if solution is not None:
            cog.words.keep(question, solution.tiles, solution.formable)
        said = f"This run: {plural(words, 'word')}. {text.outcome_line(outcome.improved, False, words, outcome.best)}"
        await cog.edit(self.interaction, content=line, view=answer_view(question, self.seconds),
                       attachments=[await tiles_file(outcome.best.tiles)],
                       embed=embeds.answer_embed(outcome.best, cog.who(outcome.best), f"{note} {said}".strip(),
                                                 picture=True))


async def setup(bot: Host) -> None:
    await bot.add_cog(Tiles(bot))
